import Testing

@testable import MotionReports

/// The accuracy charts' labels stay readable: points at one place share a label, and labels of
/// points close together are moved apart.
@Suite struct ScatterChartTests {
    @Test func pointsAtOnePlaceShareOneLabel() {
        let labels = ScatterChart.placeLabels([("raw 10 Hz", 100, 50), ("low-pass 10 Hz", 100, 50), ("high-pass 10 Hz", 300, 200)])
        #expect(labels.map(\.text) == ["raw 10 Hz, low-pass 10 Hz", "high-pass 10 Hz"])
    }

    @Test func labelsOfNearbyPointsDoNotOverlap() {
        let labels = ScatterChart.placeLabels([("madgwick 50 Hz", 200, 100), ("mahony 50 Hz", 204, 102), ("laidig-seel 50 Hz", 198, 99)])
        for (index, label) in labels.enumerated() {
            for other in labels[(index + 1)...] {
                #expect(abs(label.y - other.y) >= 13, "\(label.text) and \(other.text) at \(label.y), \(other.y)")
            }
        }
        #expect(labels[0].y == 95, "the first keeps its place, just above its point")
    }
}

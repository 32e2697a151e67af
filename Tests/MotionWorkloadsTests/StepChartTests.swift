import MotionWorkloads
import Testing

@Suite struct StepChartTests {
    @Test func thinsToHalfAndDoublesTheBucket() {
        var chart = StepChart(capacity: 4, initialBucketWidth: 1)
        for second in 0..<4 { chart.record(time: Double(second) + 0.5, steps: second * 2) }
        #expect(chart.points.map(\.time) == [0.5, 1.5, 2.5, 3.5] && chart.bucketWidth == 1)
        chart.record(time: 4.5, steps: 8)
        #expect(chart.points.map(\.time) == [1.5, 3.5, 4.5] && chart.bucketWidth == 2)
        #expect(chart.points.map(\.steps) == [2, 6, 8])
        // Within the last bucket the last point moves on.
        chart.record(time: 5.9, steps: 9)
        #expect(chart.points.map(\.time) == [1.5, 3.5, 5.9])
    }

    @Test func copiesIncrementallyToTheSameState() {
        var source = StepChart(capacity: 6, initialBucketWidth: 0.5)
        var copy = source
        for index in 0..<200 {
            source.record(time: Double(index) * 0.3, steps: index)
            if index % 7 == 0 { copy.copy(from: source) }
        }
        copy.copy(from: source)
        #expect(copy == source)
    }
}

import Testing

@testable import MotionResults

@Suite struct StatisticsTests {
    @Test func percentilesInterpolateBetweenRanks() {
        let values = [1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        #expect(Percentile.of(sorted: values, 0) == 1)
        #expect(Percentile.of(sorted: values, 0.5) == 5.5)
        #expect(abs(Percentile.of(sorted: values, 0.99) - 9.91) < 1e-12)
        #expect(Percentile.of(sorted: values, 1) == 10)
        #expect(Percentile.of(sorted: [42], 0.99) == 42)
    }

    @Test func summarySkipsMissingValues() throws {
        let summary = try #require(SampleSummary([4, nil, 2, 6, nil]))
        #expect(summary.count == 3)
        #expect(summary.median == 4)
        #expect(summary.minimum == 2 && summary.maximum == 6)
        #expect(summary.standardDeviation == 2)
        #expect(summary.coefficientOfVariationPct == 50)
        #expect(SampleSummary([nil, nil]) == nil)
    }
}

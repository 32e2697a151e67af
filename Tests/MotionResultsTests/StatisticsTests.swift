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

    /// Two samples of five: the 25 differences run 6…14, and the 95 % interval takes the 3rd smallest
    /// and the 3rd largest (U's critical value for 5 against 5 is 2, as in the tables).
    @Test func theShiftBetweenTwoSamplesTakesTheTablesCriticalValues() throws {
        let shift = try #require(ShiftBetweenSamples(from: [1, 2, 3, 4, 5], to: [11, 12, 13, 14, 15]))
        #expect(shift.estimate == 10 && shift.lower == 7 && shift.upper == 13 && shift.halfWidth == 3)
        // Too few values for the confidence asked: the whole range.
        let two = try #require(ShiftBetweenSamples(from: [1, 2], to: [3, 5]))
        #expect(two.lower == 1 && two.upper == 4)
        #expect(ShiftBetweenSamples(from: [], to: [1]) == nil)
    }
}

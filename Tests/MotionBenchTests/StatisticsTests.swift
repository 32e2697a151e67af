import Testing
@testable import MotionBench

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

    @Test func latenessSummaryIsInMicroseconds() {
        var recorder = LatenessRecorder(capacity: 4)
        #expect(recorder.summary == nil)
        for ns in [3_000, 1_000, 2_000, 100_000] as [Int64] { recorder.record(ns) }
        let summary = recorder.summary!
        #expect(summary.p50Us == 2.5)
        #expect(summary.maxUs == 100)
    }
}

@Suite struct FormatTests {
    @Test func significantDigitsKeepTinySharesReadable() {
        #expect(Format.significant(0.00017934, 3) == "0.000179")
        #expect(Format.significant(12.345, 3) == "12.3")
        #expect(Format.significant(1543.6, 3) == "1544")
        #expect(Format.significant(0, 3) == "0")
        #expect(Format.significant(nil, 3) == "")
        #expect(Format.significant(.nan, 3) == "")
    }

    @Test func fixedNeverPrintsMinusZeroAndRatesDropNeedlessFractions() {
        #expect(Format.fixed(-0.00001, 2) == "0.00")
        #expect(Format.fixed(nil, 2) == "")
        #expect(Format.hertz(10) == "10" && Format.hertz(12.5) == "12.5")
    }
}

@Suite struct RateFormatTests {
    @Test func ratesKeepSixSignificantDigits() {
        #expect(Format.hertz(100.78716241871258) == "100.787")
        #expect(Format.hertz(0.5) == "0.5")
        #expect(Format.hertz(1000) == "1000")
    }
}

import MotionMath
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

    /// A chunk percentile is given only with chunks enough to tell it from the worst one: 2 for the
    /// median, 10 for the 90th, 100 for the 99th; the chunk size is a hundredth of the case, 1024
    /// ticks at least.
    @Test func chunkPercentilesNeedChunksEnough() {
        let hundred = ChunkCost(ticksPerChunk: 2000, nsPerSample: (1...100).reversed().map(Double.init))
        #expect(hundred.chunks == 100 && hundred.p50NsPerSample == 50.5)
        #expect(abs(hundred.p90NsPerSample! - 90.1) < 1e-9 && abs(hundred.p99NsPerSample! - 99.01) < 1e-9)
        let ten = ChunkCost(ticksPerChunk: 1024, nsPerSample: (1...10).map(Double.init))
        #expect(ten.p50NsPerSample == 5.5 && ten.p90NsPerSample != nil && ten.p99NsPerSample == nil)
        let nine = ChunkCost(ticksPerChunk: 1024, nsPerSample: (1...9).map(Double.init))
        #expect(nine.p50NsPerSample == 5 && nine.p90NsPerSample == nil)
        #expect(ChunkCost(ticksPerChunk: 1024, nsPerSample: [7]).p50NsPerSample == nil)
        #expect(ChunkCost.ticksPerChunk(ofCaseOf: 200_000) == 2000 && ChunkCost.ticksPerChunk(ofCaseOf: 20_000) == 1024)
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

    @Test(arguments: [0, 1, 255, 256, 20_000])
    func magnitudesSortAsAComparisonSortSortsThemBitForBit(count: Int) {
        var generator = SplitMix64(seed: UInt64(count))
        let awkward: [Double] = [0, -0.0, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNormalMagnitude, .greatestFiniteMagnitude, 1, -1]
        let values = (0..<count).map { index -> Double in
            let random = Double(bitPattern: generator.next() >> 2) * (generator.next() % 2 == 0 ? 1 : -1)
            return index % 10 == 0 ? awkward[index / 10 % awkward.count] : index % 3 == 0 ? random : Double(index % 97) - 48.5
        }
        #expect(SortedMagnitudes.of(values).map(\.bitPattern) == values.map(abs).sorted().map(\.bitPattern))
    }

    @Test func magnitudesWithANaNAreSortedByComparison() {
        let values = (0..<1_000).map { $0 == 500 ? Double.nan : Double(($0 * 7_919) % 1_000) - 500 }
        #expect(SortedMagnitudes.of(values).map(\.bitPattern) == values.map(abs).sorted().map(\.bitPattern))
    }
}

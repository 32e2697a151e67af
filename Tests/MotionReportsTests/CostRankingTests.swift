import Testing

@testable import MotionReports
@testable import MotionResults

/// The Pareto-best (★) never follow noise: costs count as different only beyond what the run
/// resolves, the heap and accuracy take part, and a row near the resolution is called unsettled.
@Suite struct CostRankingTests {
    func virtual(_ values: Double...) -> CostRanking.Cost {
        CostRanking.Cost(basis: .virtual, value: SampleSummary(values)!.median, repetitions: values, resolution: nil)
    }

    func entry(_ cost: CostRanking.Cost, heap: Double? = 1024, quality: Double) -> CostRanking.Entry? {
        CostRanking.Entry(cost: cost, heapPeakBytes: heap, quality: quality)
    }

    @Test func oneRunTellsCostsApartOnlyBeyondAFactorOfTwo() {
        // An accelerometer's raw and low-pass at equal F1 (negated: smaller is better).
        let close = CostRanking.standings([entry(virtual(36.3), quality: -1), entry(virtual(63.1), quality: -1)])
        #expect(close == [.best, .best], "1.7 times apart is within one run's noise: neither is starred over the other")
        let far = CostRanking.standings([entry(virtual(36.3), quality: -1), entry(virtual(120), quality: -1)])
        #expect(far == [.best, .dominated], "the cheaper is starred and the dearer is not")
        let reversed = CostRanking.standings([entry(virtual(120), quality: -1), entry(virtual(36.3), quality: -1)])
        #expect(reversed == [.dominated, .best], "whatever the order")
    }

    @Test func aDifferenceNearTheResolutionIsUnsettled() {
        // 2.2 times: beyond the factor of 2, within 2.5 (the resolution half as wide again).
        let standings = CostRanking.standings([entry(virtual(10), quality: -1), entry(virtual(22), quality: -1)])
        #expect(standings == [.best, .unsettled])
        #expect(standings.map(\.mark) == ["★", "?"])
    }

    @Test func repetitionsResolveWhatTheTestCanTell() {
        // Five repetitions each, 30 % apart and fully separated: the test tells them apart.
        let cheap = virtual(100, 101, 99, 102, 98), dear = virtual(130, 131, 129, 132, 128)
        #expect(CostRanking.standings([entry(cheap, quality: 2), entry(dear, quality: 2)]) == [.best, .dominated])
        // Overlapping repetitions: the test cannot, so neither is starred over the other.
        let mixed = virtual(100, 130, 99, 125, 98)
        #expect(CostRanking.standings([entry(cheap, quality: 2), entry(mixed, quality: 2)]) == [.best, .best])
    }

    @Test func theHeapTakesPart() {
        // The same CPU to the run's resolution and the same accuracy; one holds 256 KiB more.
        let standings = CostRanking.standings([
            entry(virtual(7.2), heap: 1024, quality: -1), entry(virtual(12.0), heap: 1024 + 262_144, quality: -1),
        ])
        #expect(standings == [.best, .dominated])
        // Missing heap figures (a sanitizer's build) leave the heap out of it.
        #expect(CostRanking.standings([entry(virtual(7.2), heap: nil, quality: -1), entry(virtual(12.0), quality: -1)]) == [.best, .best])
    }

    @Test func accuracyIsExactAndMoreAccuracyAtTheSameCostWins() {
        let standings = CostRanking.standings([entry(virtual(2673), quality: 0.15), entry(virtual(2398), quality: 0.22), nil])
        #expect(standings == [.best, .dominated, .dominated], "a row without a cost or a quality is not ranked")
    }

    @Test func instructionsResolveHalfAPercent() {
        func counted(_ value: Double) -> CostRanking.Cost {
            CostRanking.Cost(basis: .instructions, value: value, repetitions: [value], resolution: nil)
        }
        #expect(CostRanking.standings([entry(counted(1000), quality: 1), entry(counted(1010), quality: 1)]) == [.best, .dominated])
        #expect(CostRanking.standings([entry(counted(1000), quality: 1), entry(counted(1004), quality: 1)]) == [.best, .best])
    }

    @Test func realTimeCostsDifferBeyondTheirResolutions() {
        func above(_ value: Double, _ resolution: Double) -> CostRanking.Cost {
            CostRanking.Cost(basis: .aboveWakeFloor, value: value, repetitions: [value], resolution: resolution)
        }
        #expect(CostRanking.standings([entry(above(10, 30), quality: 1), entry(above(50, 30), quality: 1)]) == [.best, .best])
        #expect(CostRanking.standings([entry(above(10, 30), quality: 1), entry(above(200, 30), quality: 1)]) == [.best, .dominated])
    }
}

import Testing

@testable import MotionResults

/// The Mann-Whitney U test against SciPy 1.17's `mannwhitneyu(x, y, alternative='two-sided',
/// method=…)`: every expected U and p-value below was printed by it.
@Suite struct CompareMannWhitneyTests {
    struct KnownAnswer: Sendable, CustomTestStringConvertible {
        let x: [Double], y: [Double], u: Double, p: Double, method: MannWhitneyU.Method
        var testDescription: String { "\(x.count) against \(y.count), \(method)" }
    }

    static let knownAnswers = [
        // No overlap: the smallest p 5 against 5 can give, 2 / C(10, 5).
        KnownAnswer(x: [1, 2, 3, 4, 5], y: [6, 7, 8, 9, 10], u: 0, p: 0.007936507936507936, method: .exact),
        KnownAnswer(x: [1.1, 2.3, 3.0, 4.8, 5.2, 7.7], y: [2.0, 3.5, 6.1, 8.4, 9.9], u: 9, p: 0.32900432900432897, method: .exact),
        KnownAnswer(
            x: [51.2, 49.8, 50.3, 52.0, 50.9, 49.5, 51.7, 50.1], y: [53.4, 50.6, 54.2, 52.8, 55.1, 51.9, 53.0, 52.2, 54.7],
            u: 5, p: 0.0015631427396133276, method: .exact
        ),
        // 30 against 25, the exact limit.
        KnownAnswer(
            x: [
                100.0, 194.0, 188.3, 182.6, 176.9, 171.2, 165.5, 159.8, 154.1, 148.4, 142.7, 137.0, 131.3, 125.6, 119.9, 114.2, 108.5,
                102.8, 196.8, 191.1, 185.4, 179.7, 174.0, 168.3, 162.6, 156.9, 151.2, 145.5, 139.8, 134.1,
            ],
            y: [
                103.05, 170.45, 138.75, 107.05, 174.45, 142.75, 111.05, 178.45, 146.75, 115.05, 182.45, 150.75, 119.05, 186.45, 154.75,
                123.05, 190.45, 158.75, 127.05, 194.45, 162.75, 131.05, 198.45, 166.75, 135.05,
            ],
            u: 396, p: 0.7310462275568991, method: .exact
        ),
        // Ties: the normal approximation with tie and continuity corrections.
        KnownAnswer(x: [1, 2, 2, 3, 4], y: [2, 3, 3, 5, 6], u: 6, p: 0.19882894401644247, method: .normalApproximation),
        // Peak RSS as runs report it: few distinct values.
        KnownAnswer(
            x: [26.08, 26.08, 26.08, 26.09, 26.09], y: [26.21, 26.21, 26.22, 26.22, 26.21], u: 0, p: 0.009700785068229596,
            method: .normalApproximation
        ),
        // Beyond the exact limit (35 against 32), with one tie (10.0) across the samples.
        KnownAnswer(
            x: [
                5.2857, 10.5714, 1.4286, 6.7143, 12.0, 2.8571, 8.1429, 13.4286, 4.2857, 9.5714, 0.4286, 5.7143, 11.0, 1.8571, 7.1429,
                12.4286, 3.2857, 8.5714, 13.8571, 4.7143, 10.0, 0.8571, 6.1429, 11.4286, 2.2857, 7.5714, 12.8571, 3.7143, 9.0,
                14.2857, 5.1429, 10.4286, 1.2857, 6.5714, 11.8571,
            ],
            y: [
                8.1538, 0.4615, 8.6154, 0.9231, 9.0769, 1.3846, 9.5385, 1.8462, 10.0, 2.3077, 10.4615, 2.7692, 10.9231, 3.2308,
                11.3846, 3.6923, 11.8462, 4.1538, 12.3077, 4.6154, 12.7692, 5.0769, 13.2308, 5.5385, 13.6923, 6.0, 14.1538,
                6.4615, 14.6154, 6.9231, 15.0769, 7.3846,
            ],
            u: 531.5, p: 0.7252350113794228, method: .normalApproximation
        ),
    ]

    @Test(arguments: knownAnswers) func matchesSciPy(_ answer: KnownAnswer) throws {
        let test = try #require(MannWhitneyU(answer.x, answer.y))
        #expect(test.u == answer.u)
        #expect(abs(test.pValue - answer.p) < 1e-12, "p = \(test.pValue), SciPy \(answer.p)")
        #expect(test.method == answer.method)
        // Two-sided: swapping the samples changes U to n₁n₂ − U and leaves p alone.
        let swapped = try #require(MannWhitneyU(answer.y, answer.x))
        #expect(swapped.u == Double(answer.x.count * answer.y.count) - answer.u)
        #expect(abs(swapped.pValue - answer.p) < 1e-12)
    }

    @Test func identicalSamplesGiveNoEvidence() throws {
        #expect(try #require(MannWhitneyU([3, 3, 3, 3, 3], [3, 3, 3, 3, 3])).pValue == 1)
        #expect(try #require(MannWhitneyU([1, 2, 3], [1.5, 2.5])).pValue == 1, "as central as it gets, capped at 1")
        #expect(MannWhitneyU([], [1, 2]) == nil)
        #expect(MannWhitneyU([1], []) == nil)
    }

    @Test func exactDistributionCountsEveryOrdering() {
        // C(8, 4) = 70 orderings; U from 0 to 16, symmetric, one ordering at each end.
        let counts = MannWhitneyU.exactCounts(4, 4)
        #expect(counts.count == 17)
        #expect(counts.reduce(0, +) == 70)
        #expect(counts == counts.reversed())
        #expect(counts[0] == 1 && counts[1] == 1 && counts[2] == 2)
        // C(60, 30) is past 2⁵³: the counts are as exact as Doubles allow.
        let total = MannWhitneyU.exactCounts(30, 30).reduce(0, +)
        #expect(abs(total / 118_264_581_564_861_424 - 1) < 1e-12)
    }

    @Test func tiesShareTheirMeanRank() {
        let ranked = MannWhitneyU.ranks([10, 20, 20, 5, 20, 7, 7])
        #expect(ranked.ranks == [4, 6, 6, 1, 6, 2.5, 2.5])
        #expect(ranked.tieGroups.sorted() == [2, 3])
    }
}

import Testing

@testable import MotionResults

/// The statistics of `motionbench ab`: the Wilcoxon signed-rank test against SciPy 1.17's
/// `wilcoxon(d, method=…, correction=True)`, the Hodges–Lehmann interval against the signed-rank
/// table's critical values (R's `wilcox.test(conf.int = TRUE)` takes the same order), and rounds of
/// two builds set side by side.
@Suite struct PairedComparisonTests {
    struct KnownAnswer: Sendable, CustomTestStringConvertible {
        let differences: [Double], positiveRankSum: Double, p: Double, method: WilcoxonSignedRank.Method
        var testDescription: String { "\(differences.count) differences, \(method)" }
    }

    static let knownAnswers = [
        KnownAnswer(differences: [1.5, -0.5, 2.5, 3.5, 4.5, 5.5, -6.5, 7.5], positiveRankSum: 28, p: 0.1953125, method: .exact),
        KnownAnswer(differences: [3, 5, -1, 7, 11, 13, 17, 19, -23, 29], positiveRankSum: 45, p: 0.083984375, method: .exact),
        // All of one sign: the smallest p six pairs can give, 2 / 2⁶.
        KnownAnswer(differences: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], positiveRankSum: 21, p: 0.03125, method: .exact),
        KnownAnswer(differences: [-1, 2, -3, 4, -5, 6, -7, 8, -9, 10, -11, 12], positiveRankSum: 42, p: 0.85009765625, method: .exact),
        // Ties and a zero (dropped): the normal approximation with tie and continuity corrections.
        KnownAnswer(differences: [1, 1, 2, -2, 3, 3, 3, -4, 5, 0, 6], positiveRankSum: 43.5, p: 0.11271708474094375, method: .normalApproximation),
        // Beyond the exact limit: 60 differences drawn from N(0.3, 1).
        KnownAnswer(
            differences: [
                2.341, -2.256, 0.718, -0.268, -0.153, 0.084, -1.72, 0.068, -0.565, 3.623, 0.526, -0.053, 0.019, -0.368, -0.755, -0.091, 0.782,
                0.061, 1.258, 0.1, 0.324, 1.846, 0.845, -0.205, 0.117, 0.841, 2.235, 0.03, 0.056, 1.302, -0.586, 0.008, 1.183, 0.88, 0.392,
                0.97, -2.528, 1.321, -0.66, -1.369, 0.576, 1.001, -0.145, -0.776, 0.326, 0.247, 1.706, 1.047, 0.494, 1.412, 0.094, -0.626,
                0.884, 0.883, 0.085, -0.483, 0.529, -2.194, 0.99, 0.791,
            ],
            positiveRankSum: 1251, p: 0.013518188182406977, method: .normalApproximation),
    ]

    @Test(arguments: knownAnswers) func signedRankMatchesSciPy(_ answer: KnownAnswer) throws {
        let test = try #require(WilcoxonSignedRank(answer.differences))
        #expect(test.positiveRankSum == answer.positiveRankSum)
        #expect(test.method == answer.method)
        #expect(abs(test.pValue - answer.p) < 1e-9, "p = \(test.pValue), SciPy \(answer.p)")
    }

    @Test func signedRankEdges() throws {
        #expect(WilcoxonSignedRank([]) == nil)
        #expect(try #require(WilcoxonSignedRank([0, 0, 0])).pValue == 1)
        #expect(WilcoxonSignedRank.minimumCount(alpha: 0.05) == 6)
        #expect(WilcoxonSignedRank.minimumCount(alpha: 0.01) == 8)
        #expect(WilcoxonSignedRank.exactCounts(3) == [1, 1, 1, 2, 1, 1, 1])
    }

    @Test func hodgesLehmannTakesTheTablesCriticalValues() throws {
        // n = 8: two-sided 5 % critical T is 3, so the interval runs from the 4th smallest Walsh average to the 4th largest.
        let eight = try #require(HodgesLehmannShift([1.5, -0.5, 2.5, 3.5, 4.5, 5.5, -6.5, 7.5]))
        #expect(eight.estimate == 2.75 && eight.lower == -2 && eight.upper == 5.5)
        #expect(HodgesLehmannShift.order(count: 8, tail: 0.025) == 4)
        #expect(HodgesLehmannShift.order(count: 10, tail: 0.025) == 9)
        // n = 6: only T = 0 is in the tail, so the interval is the range.
        let six = try #require(HodgesLehmannShift([0.1, 0.2, 0.3, 0.4, 0.5, 0.6]))
        #expect(abs(six.estimate - 0.35) < 1e-12 && six.lower == 0.1 && six.upper == 0.6)
        // Beyond the exact limit the normal approximation, within one of the exact order (649 for n = 60).
        #expect(abs(HodgesLehmannShift.order(count: 60, tail: 0.025) - 649) <= 1)
        #expect(abs(StandardNormal.quantile(upperTail: 0.025) - 1.959963984540054) < 1e-9)
        #expect(HodgesLehmannShift([]) == nil)
    }

    /// Rounds of one case whose baseline costs `baseline[i]` and candidate `candidate[i]` in round i.
    func rounds(_ baseline: [Double], _ candidate: [Double], candidateWorkload: String = "accelerometer") -> PairedComparison {
        PairedComparison(
            baseline: baseline.map { CompareFixtures.run([CompareFixtures.repetition(cpuNs: $0)]) },
            candidate: candidate.map { CompareFixtures.run([CompareFixtures.repetition(candidateWorkload, cpuNs: $0)]) })
    }

    @Test func pairingSeesAShiftThatTheRoundsNoiseHides() throws {
        // The machine's load moves both builds alike from round to round, far more than the 15 % the candidate adds.
        let load: [Double] = [1000, 1600, 900, 2000, 1200, 1500, 1100, 1800, 950, 1300]
        let comparison = rounds(load, load.enumerated().map { $1 * 1.15 + Double($0 % 3) })
        let row = try #require(comparison.rows.first { $0.metric == .cpuNsPerSample })
        #expect(row.verdict == .regressed && comparison.outcome == .regressed)
        let shift = try #require(row.shift)
        #expect(shift.lower > 0 && shift.estimate > 150 && shift.estimate < 260)
        #expect(try #require(row.test).pValue < 0.01)
        // Separately, the two samples overlap: Mann-Whitney finds nothing.
        #expect(try #require(MannWhitneyU(row.baselineValues, row.candidateValues)).pValue > 0.05)
        #expect(comparison.rows.map(\.metric) == [.cpuNsPerSample, .cpuPct], "virtual time: no lateness")
    }

    @Test func theSameBuildPassesAndACaseOnOneSideIsIncomplete() throws {
        let noise: [Double] = [1000, 1010, 990, 1005, 995, 1002, 998, 1001]
        let same = rounds(noise, noise.reversed())
        #expect(same.outcome == .passed && same.count(of: .unchanged) == 2)
        let other = rounds(noise, noise, candidateWorkload: "barometer")
        #expect(other.outcome == .incomplete)
        #expect(other.onlyInBaseline.map(\.workload) == ["accelerometer"] && other.onlyInCandidate.map(\.workload) == ["barometer"])
        #expect(other.rows.allSatisfy { $0.verdict == .missing })
    }
}

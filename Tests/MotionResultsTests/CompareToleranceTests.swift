import Testing

@testable import MotionResults

/// Tolerances and verdicts: a change counts only beyond both tolerances and, with enough
/// repetitions, the test; improvements never fail; a side without a figure is missing, never 0.
@Suite struct CompareToleranceTests {
    let tolerance = MetricTolerance(relativePct: 10, absolute: 20)
    let subject = ComparisonSubject(CaseKey(CaseIdentity(workload: "accelerometer", rateHz: 10, filter: "raw"), mode: .virtual))

    func verdict(
        _ baseline: [Double], _ candidate: [Double], _ metric: ComparedMetric = .cpuNsPerSample, settings: ComparisonSettings = ComparisonSettings()
    ) -> ComparisonRow {
        ComparisonRow(subject: subject, metric: metric, baselineValues: baseline, candidateValues: candidate, settings: settings)
    }

    @Test func bothTolerancesMustBeExceeded() {
        #expect(tolerance.isExceeded(by: 30, from: 100), "30 ns and 30 %")
        #expect(!tolerance.isExceeded(by: 15, from: 50), "30 % but only 15 ns: a cheap workload's jitter")
        #expect(!tolerance.isExceeded(by: 500, from: 10_000), "500 ns but only 5 %: an expensive workload's jitter")
        #expect(tolerance.isExceeded(by: -30, from: 100), "a fall exceeds it too")
        #expect(!tolerance.isExceeded(by: 20, from: 100), "at the tolerance is within it")
        #expect(tolerance.isExceeded(by: 21, from: 0), "from nothing, any change beyond the absolute part")
        #expect(!MetricTolerance(relativePct: 0, absolute: 0).isExceeded(by: 0, from: 5))
    }

    @Test func aSingleRunsTimingResolvesOnlyAFactorOfTwo() {
        #expect(verdict([100], [250]).verdict == .regressed)
        #expect(verdict([100], [250]).test == nil && verdict([100], [250]).resolution == nil)
        #expect(verdict([100], [40]).verdict == .improved)
        #expect(verdict([100], [130]).verdict == .unresolved, "30 % up, within what one run resolves")
        #expect(verdict([100], [100]).verdict == .unresolved, "not even no change can one run tell")
        #expect(verdict([100], [60]).verdict == .unresolved)
        let row = verdict([100], [130])
        #expect(row.change == 30 && row.changePct == 30)
        // A figure that repeats is judged by its tolerances alone.
        #expect(verdict([100], [130], .peakRssMiB).verdict == .regressed)
        #expect(verdict([100], [105], .peakRssMiB).verdict == .unchanged)
    }

    /// A 6 ns feature made 50 % slower: its repetitions are steady enough to tell, so the absolute
    /// part of the tolerance (what the runs resolve) is well under the 3 ns it rose by.
    @Test func theAbsoluteToleranceOfATimingIsWhatTheRunsResolve() {
        let row = verdict([5.9, 6.0, 6.1, 6.2, 6.0], [9.1, 8.9, 9.0, 9.2, 8.8])
        #expect(row.verdict == .regressed)
        let resolution = try! #require(row.resolution)
        #expect(resolution > 0 && resolution < 0.5, "\(resolution)")
        // Unchanged code, its repetitions steady: the interval lies within the 10 % tolerance.
        #expect(verdict([5.9, 6.0, 6.1, 6.2, 6.0], [6.0, 6.1, 5.9, 6.0, 6.2]).verdict == .unchanged)
        // A noisy case's change the test cannot tell, whose interval reaches past the tolerance.
        let noisy = verdict([4, 6, 9, 5, 8], [5, 9, 6, 7, 10])
        #expect(noisy.verdict == .unresolved && noisy.resolution! > 0.6)
    }

    @Test func withFiveRepetitionsTheTestMustAgree() {
        // Medians 100 → 140, beyond both tolerances, and the samples apart: p = 0.008.
        let apart = verdict([98, 99, 100, 101, 102], [138, 139, 140, 141, 142])
        #expect(apart.verdict == .regressed)
        #expect(apart.test?.method == .exact && apart.test!.pValue < 0.01)
        // The same medians, but the repetitions overlap as a noisy machine's do: p = 0.69.
        let noisy = verdict([60, 70, 100, 150, 190], [65, 80, 140, 160, 200])
        #expect(noisy.baseline == 100 && noisy.candidate == 140)
        #expect(noisy.test!.pValue > 0.05)
        #expect(noisy.verdict == .unresolved, "its interval reaches past the tolerance either way")
        // A stricter α turns the clear case down too: 5 against 5 cannot reach p < 0.005.
        var strict = ComparisonSettings()
        strict.alpha = 0.005
        #expect(verdict([98, 99, 100, 101, 102], [138, 139, 140, 141, 142], settings: strict).verdict == .unresolved)
        // Four repetitions on one side: no test, the tolerances decide.
        let four = verdict([60, 70, 100, 150, 190], [65, 80, 140, 160])
        #expect(four.test == nil)
    }

    @Test func improvementsAreReportedNotFailed() {
        let row = verdict([138, 139, 140, 141, 142], [98, 99, 100, 101, 102])
        #expect(row.verdict == .improved)
        #expect(row.change! < 0)
        let comparison = RunComparison(
            baseline: CompareFixtures.run(CompareFixtures.repetitions(cpuNs: [400, 410, 420, 430, 440])),
            candidate: CompareFixtures.run(CompareFixtures.repetitions(cpuNs: [200, 210, 220, 230, 240]))
        )
        #expect(comparison.count(of: .improved) == 2, "CPU ns/sample and CPU %, halved, their repetitions apart")
        #expect(comparison.outcome == .passed)
    }

    @Test func aFigureOnOneSideOnlyIsMissingNeverZero() {
        let row = verdict([], [130])
        #expect(row.verdict == .missing)
        #expect(row.baseline == nil && row.change == nil && row.changePct == nil)
        #expect(verdict([100], []).verdict == .missing)
    }
}

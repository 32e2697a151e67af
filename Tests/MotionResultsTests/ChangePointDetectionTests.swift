import MotionMath
import Testing

@testable import MotionResults

/// `ChangePointDetection` on synthetic series of commits: one known step in noise is found at its commit,
/// pure noise gives none (the false-alarm rate is measured over many seeds), deterministic figures
/// step exactly, and one slow run is no step.
@Suite struct ChangePointDetectionTests {
    /// CPU ns per sample at 40 commits: 1000 ns with 3 % Gaussian noise, 3 repetitions per commit,
    /// `step` (a fraction) added from commit `at` on, and with probability `outliers` a repetition
    /// 30 % slow (a busy neighbour).
    static func series(
        seed: UInt64, commits: Int = 40, step: Double = 0, at: Int = 25, noise: Double = 0.03, outliers: Double = 0
    ) -> [[Double]] {
        var gaussian = GaussianGenerator(SplitMix64(seed: seed))
        var uniform = SplitMix64(seed: seed, stream: 1)
        return (0..<commits).map { commit in
            let level = 1000 * (1 + (commit >= at ? step : 0))
            return (0..<3).map { _ in level * (1 + noise * gaussian.next()) * (uniform.nextUnit() < outliers ? 1.3 : 1) }
        }
    }

    static let cpu = ComparedMetric.cpuNsPerSample.defaultTolerance

    @Test func aStepOfFifteenPercentIsFoundAtItsCommit() {
        for seed in 1...20 as ClosedRange<UInt64> {
            let steps = ChangePointDetection.steps(Self.series(seed: seed, step: 0.15), tolerance: Self.cpu)
            #expect(steps.count == 1, "seed \(seed): \(steps)")
            let step = steps.first
            #expect(step?.index == 25, "seed \(seed)")
            #expect(abs((step?.changePct ?? 0) - 15) < 3, "seed \(seed): \(step?.changePct ?? 0) %")
            #expect((step?.pValue ?? 1) < 1e-6, "seed \(seed)")
        }
    }

    @Test func aFallIsFoundToo() {
        let steps = ChangePointDetection.steps(Self.series(seed: 7, step: -0.2, at: 10), tolerance: Self.cpu)
        #expect(steps.map(\.index) == [10])
        #expect((steps.first?.change ?? 0) < 0)
    }

    /// Over 1000 series of pure noise, at most 1 % show a step. The rate measured is printed.
    @Test func pureNoiseRarelyShowsAStep() {
        let trials = 1000
        let alarms = (1...trials).filter { seed in
            !ChangePointDetection.steps(Self.series(seed: UInt64(seed) + 10_000), tolerance: MetricTolerance(relativePct: 0, absolute: 0)).isEmpty
        }.count
        print("ChangePointDetectionTests: \(alarms) of \(trials) noise series (40 commits × 3 repetitions, 3 % noise) showed a step")
        #expect(alarms <= trials / 100)
    }

    /// With slow outliers in 5 % of repetitions: false alarms stay at most 1 % of 1000 noise series,
    /// and a 10 % step is found at its commit in 90 % of 200 series or more. The rates are printed.
    @Test func outliersNeitherRaiseAlarmsNorHideSteps() {
        let none = MetricTolerance(relativePct: 0, absolute: 0)
        let alarms = (1...1000).filter { seed in
            !ChangePointDetection.steps(Self.series(seed: UInt64(seed) + 20_000, outliers: 0.05), tolerance: none).isEmpty
        }.count
        var found: [Double: Int] = [:]
        for step in [0.05, 0.1] {
            found[step] =
                (1...200).filter { seed in
                    ChangePointDetection.steps(Self.series(seed: UInt64(seed), step: step, outliers: 0.05), tolerance: none).contains {
                        $0.index == 25
                    }
                }.count
        }
        print(
            "ChangePointDetectionTests: with 5 % outliers, \(alarms) of 1000 noise series showed a step; a 5 % step was found at its commit in \(found[0.05]!) of 200, a 10 % step in \(found[0.1]!) of 200"
        )
        #expect(alarms <= 10)
        #expect(found[0.1]! >= 180)
    }

    @Test func oneSlowRunIsNoStep() {
        var points = Self.series(seed: 3)
        points[20] = points[20].map { $0 * 1.6 }
        #expect(ChangePointDetection.steps(points, tolerance: Self.cpu).isEmpty)
    }

    @Test func repeatingCountsStepExactly() {
        let points = (0..<12).map { [$0 < 7 ? 5120.0 : 5184.0] }
        let steps = ChangePointDetection.steps(points, tolerance: ComparedMetric.instructionsPerSample.defaultTolerance)
        #expect(steps == [ChangePointDetection.Step(index: 7, before: 5120, after: 5184, pValue: nil)])
        let flat = (0..<12).map { _ in [5120.0] }
        #expect(ChangePointDetection.steps(flat, tolerance: ComparedMetric.instructionsPerSample.defaultTolerance).isEmpty)
    }

    @Test func aChangeWithinTheToleranceIsNoStep() {
        // 5 %: real, but under cpu_ns_per_sample's 10 %.
        #expect(ChangePointDetection.steps(Self.series(seed: 5, step: 0.05, noise: 0.005), tolerance: Self.cpu).isEmpty)
        #expect(
            ChangePointDetection.steps(Self.series(seed: 5, step: 0.05, noise: 0.005), tolerance: MetricTolerance(relativePct: 1, absolute: 1)).map(
                \.index) == [25])
    }

    @Test func missingCommitsKeepTheirPlace() {
        var points = Self.series(seed: 9, step: 0.3)
        points[3] = []
        points[30] = []
        #expect(ChangePointDetection.steps(points, tolerance: Self.cpu).map(\.index) == [25])
    }

    @Test func prefixCostsMatchABruteForceMedian() {
        var gaussian = GaussianGenerator(SplitMix64(seed: 11))
        let y = (0..<30).map { _ in gaussian.next() } + [5, 5, 5, -2]
        let costs = ChangePointDetection.prefixCosts(y)
        #expect(costs.count == y.count + 1 && costs[0] == 0)
        for length in 1...y.count {
            let part = Array(y[..<length]).sorted()
            let median = part[(length - 1) / 2]
            let expected = part.reduce(0) { $0 + abs($1 - median) }
            #expect(abs(costs[length] - expected) < 1e-9)
        }
    }

    /// The fit found by binary segmentation against the best fit of two and three levels, found by
    /// trying every split: on series with clear levels they agree.
    @Test func theFitFindsClearLevelsWhereverTheyAre() {
        var gaussian = GaussianGenerator(SplitMix64(seed: 12))
        for (first, second) in [(5, 30), (12, 14), (2, 38), (20, 22)] {
            let y = (0..<40).map { index in (index >= first ? 100.0 : 0) - (index >= second ? 60 : 0) + gaussian.next() }
            #expect(ChangePointDetection.fit(y, settings: ChangePointDetection.Settings()) == [first, second], "levels at \(first), \(second)")
        }
    }

    /// A step found over the earlier commits stays when the latest one matches neither of its levels
    /// (a run measured some other way, a machine's hiccup), and a latest commit on the new level
    /// still counts.
    @Test func aLatestCommitMatchingNeitherLevelErasesNoStep() {
        let levels = (0..<8).map { _ in [430.0] } + (0..<2).map { _ in [540.0] }
        let cpu = Self.cpu
        #expect(ChangePointDetection.steps(levels, tolerance: cpu).map(\.index) == [8])
        #expect(ChangePointDetection.steps(levels + [[212]], tolerance: cpu).map(\.index) == [8])
        #expect(ChangePointDetection.steps(levels + [[212], [300]], tolerance: cpu).map(\.index) == [8])
        #expect(ChangePointDetection.steps(levels + [[545]], tolerance: cpu).map(\.index) == [8])
    }
}

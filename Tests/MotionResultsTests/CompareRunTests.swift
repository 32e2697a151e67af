import Testing

@testable import MotionResults

/// Two runs matched case by case: by workload, rate, filter, parameters and mode; accuracy entries
/// by estimator; what one side lacks listed; the outcome a CI gate reads.
@Suite struct CompareRunTests {
    typealias F = CompareFixtures

    /// `accelerometer 10 Hz raw virtual`, `heading 50 Hz core-motion accuracy`.
    func label(_ subject: ComparisonSubject) -> String {
        let parameters = subject.parameterText.isEmpty ? "" : " " + subject.parameterText
        return
            "\(subject.workload) \(CaseIdentity.spelling(subject.rateHz)) Hz \(subject.filter)\(parameters) \(subject.mode?.rawValue ?? "accuracy")"
    }

    @Test func casesMatchByEveryPartOfTheirKey() {
        let baseline = F.run(
            F.repetitions(filter: "raw", cpuNs: [100, 101, 102, 103, 104]) + F.repetitions(filter: "low-pass", cpuNs: [200, 201, 202, 203, 204])
                + F.repetitions("motion-cube", parameters: ["shapes": 10], cpuNs: [1000]) + F.repetitions(mode: .realtime, cpuNs: [9000])
        )
        // The candidate's low-pass costs what the baseline's raw did: matching on the filter must not mix them.
        let candidate = F.run(
            F.repetitions(filter: "low-pass", cpuNs: [100, 101, 102, 103, 104]) + F.repetitions(filter: "raw", cpuNs: [100, 101, 102, 103, 104])
                + F.repetitions("motion-cube", parameters: ["shapes": 100], cpuNs: [1000]) + F.repetitions(mode: .realtime, cpuNs: [9000])
        )
        let comparison = RunComparison(baseline: baseline, candidate: candidate)
        let cpu = comparison.rows.filter { $0.metric == .cpuNsPerSample }
        #expect(
            cpu.map { label($0.subject) } == [
                "accelerometer 10 Hz raw virtual", "accelerometer 10 Hz low-pass virtual", "motion-cube 10 Hz raw shapes=10 virtual",
                "accelerometer 10 Hz raw realtime", "motion-cube 10 Hz raw shapes=100 virtual",
            ], "the baseline's order, then the candidate's new cases")
        // The real-time case's single repetitions agree, but one run resolves only a factor of two.
        #expect(cpu.map(\.verdict) == [.unchanged, .improved, .missing, .unresolved, .missing])
        #expect(cpu[0].baselineValues.count == 5 && cpu[0].baseline == 102)
        #expect(comparison.onlyInBaseline.map(label) == ["motion-cube 10 Hz raw shapes=10 virtual"])
        #expect(comparison.onlyInCandidate.map(label) == ["motion-cube 10 Hz raw shapes=100 virtual"])
        #expect(comparison.outcome == .incomplete)
    }

    @Test func metricsAModeDoesNotGiveHaveNoRow() {
        let comparison = RunComparison(
            baseline: F.run(F.repetitions(cpuNs: [100]) + F.repetitions(mode: .realtime, cpuNs: [9000])),
            candidate: F.run(F.repetitions(cpuNs: [100]) + F.repetitions(mode: .realtime, cpuNs: [9000]))
        )
        let metrics = { (mode: RunMode) in comparison.rows.filter { $0.subject.mode == mode }.map(\.metric) }
        #expect(metrics(.virtual) == [.cpuNsPerSample, .cpuPct, .peakRssMiB])
        #expect(metrics(.realtime) == [.cpuNsPerSample, .cpuPct, .peakRssMiB, .latenessP99Us])
        #expect(comparison.outcome == .passed)
    }

    @Test func aFigureTheCandidateLacksMakesTheComparisonIncomplete() {
        let comparison = RunComparison(
            baseline: F.run([F.repetition(cpuNs: 100, peakRssMiB: 20)]),
            candidate: F.run([F.repetition(cpuNs: 100, peakRssMiB: nil)])
        )
        let peak = comparison.rows.first { $0.metric == .peakRssMiB }
        #expect(peak?.verdict == .missing && peak?.candidate == nil)
        #expect(comparison.onlyInBaseline.isEmpty && comparison.onlyInCandidate.isEmpty)
        #expect(comparison.outcome == .incomplete)
    }

    /// Runs of different plans share no case: nothing was compared, so nothing is said to gate, even
    /// where the one side's repetitions could have.
    @Test func casesOnOneSideOnlyGateNothing() {
        let comparison = RunComparison(
            baseline: F.run(F.repetitions(filter: "raw", cpuNs: [100, 101, 102, 103, 104])),
            candidate: F.run(F.repetitions(filter: "low-pass", cpuNs: [100]))
        )
        #expect(comparison.outcome == .incomplete)
        #expect(comparison.gatingMetrics.isEmpty)
    }

    @Test func aRegressionWinsOverMissingCases() {
        let comparison = RunComparison(
            baseline: F.run(F.repetitions(filter: "raw", cpuNs: [100, 101, 102, 103, 104]) + F.repetitions(filter: "low-pass", cpuNs: [100])),
            candidate: F.run(F.repetitions(filter: "raw", cpuNs: [300, 301, 302, 303, 304]))
        )
        #expect(comparison.count(of: .regressed) == 2, "CPU ns/sample and CPU %, tripled, their repetitions apart")
        #expect(comparison.outcome == .regressed)
        #expect(comparison.count(of: .missing) == 3, "every figure of the case the candidate lacks")
    }

    /// A single run's timings (CPU per sample, CPU %, real-time lateness) tell no change from noise:
    /// they are shown, never gate, and the rows say why; with five repetitions on both sides they do.
    @Test func timingsGateOnlyWithTheRepetitionsTheTestNeeds() {
        let once = RunComparison(
            baseline: F.run([F.repetition(cpuNs: 100), F.repetition(mode: .realtime, cpuNs: 9000, latenessP99Us: 130)]),
            candidate: F.run([F.repetition(cpuNs: 300), F.repetition(mode: .realtime, cpuNs: 30_000, latenessP99Us: 740)])
        )
        let timings = once.rows.filter(\.metric.isTiming)
        #expect(timings.count == 5 && timings.allSatisfy { $0.exemption == .tooFewRepetitions(1) })
        #expect(timings.filter { $0.verdict == .regressed }.count == 5, "each rose by more than the factor of 2 a single run resolves")
        #expect(once.outcome == .passed && once.count(of: .regressed) == 0)
        #expect(once.gatingMetrics == [.peakRssMiB])
        #expect(once.exemptMetrics.map(\.metric) == [.cpuNsPerSample, .cpuPct, .latenessP99Us])

        var asked = ComparisonSettings()
        asked.gatesTime = true
        let forced = RunComparison(baseline: once.baselineRun, candidate: once.candidateRun, settings: asked)
        #expect(forced.outcome == .regressed && forced.count(of: .regressed) == 5)

        let fiveEach = RunComparison(
            baseline: F.run(F.repetitions(cpuNs: [100, 101, 102, 103, 104])), candidate: F.run(F.repetitions(cpuNs: [300, 301, 302, 303, 304])))
        #expect(fiveEach.rows.filter(\.metric.isTiming).allSatisfy(\.gates) && fiveEach.outcome == .regressed)
        let fourAgainstFive = RunComparison(
            baseline: F.run(F.repetitions(cpuNs: [100, 101, 102, 103])), candidate: F.run(F.repetitions(cpuNs: [300, 301, 302, 303, 304])))
        #expect(fourAgainstFive.rows.first { $0.metric == .cpuNsPerSample }?.exemption == .tooFewRepetitions(4))
        #expect(fourAgainstFive.outcome == .passed)
    }

    @Test func accuracyEntriesMatchByEstimatorAndJudgeErrorsAsCosts() {
        let baseline = F.run(
            [],
            accuracy: [
                F.attitude("madgwick", 0.16), F.attitude("mahony", 0.22), F.attitude("core-motion", 2.0, recordedEstimate: "apple-cmattitude"),
            ])
        let candidate = F.run(
            [],
            accuracy: [
                F.attitude("madgwick", 0.50), F.attitude("mahony", 0.10), F.attitude("core-motion", 2.05, recordedEstimate: "apple-cmattitude"),
            ])
        let comparison = RunComparison(baseline: baseline, candidate: candidate)
        #expect(comparison.rows.map(\.metric) == [.attitudeErrorDeg, .attitudeErrorDeg, .attitudeErrorDeg], "no step or altitude rows")
        #expect(comparison.rows.map(\.verdict) == [.regressed, .unchanged, .unchanged], "mahony fell by 0.12°, within 0.2°")
        #expect(comparison.rows.allSatisfy { $0.subject.mode == nil && $0.test == nil })
        #expect(label(comparison.rows[2].subject) == "heading 50 Hz core-motion accuracy")
    }

    @Test func stepErrorsAreComparedBySize() {
        func run(estimated: Int) -> RunResult {
            F.run(
                [],
                accuracy: [
                    AccuracyResult(
                        workload: "pedometer", rateHz: 50, filter: "default",
                        measures: AccuracyMeasures(
                            scoredFrom: 0, scoredTo: 60, steps: StepAccuracy(estimated: estimated, truth: 100)
                        ))
                ])
        }
        // 5 % over against 5 % under: the same size of error.
        let row = RunComparison(baseline: run(estimated: 105), candidate: run(estimated: 95)).rows[0]
        #expect(row.metric == .stepErrorPct && row.baseline == 5 && row.candidate == 5 && row.verdict == .unchanged)
        #expect(RunComparison(baseline: run(estimated: 100), candidate: run(estimated: 92)).rows[0].verdict == .regressed)
    }

    @Test func environmentsThatDifferAreNamed() {
        var other = F.environment
        other.cpuModel = "Other CPU"
        other.cores = 8
        other.host = "elsewhere"
        other.gitCommit = "fedcba"
        let comparison = RunComparison(baseline: F.run([]), candidate: F.run([], environment: other))
        #expect(
            comparison.environmentDifferences == [
                EnvironmentDifference(field: "CPU model", baseline: "Test CPU", candidate: "Other CPU"),
                EnvironmentDifference(field: "cores", baseline: "2", candidate: "8"),
            ], "host and commit are expected to differ")
        var debug = F.environment
        debug.buildConfiguration = "debug"
        #expect(EnvironmentDifference.between(F.run([]), F.run([], environment: debug)).map(\.field) == ["build configuration"])
        #expect(RunComparison(baseline: F.run([]), candidate: F.run([])).environmentDifferences.isEmpty)
    }
}

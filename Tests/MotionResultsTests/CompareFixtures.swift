@testable import MotionResults

/// Hand-built runs for the comparison tests: only the figures a comparison reads are set.
enum CompareFixtures {
    static let environment = RunEnvironment(
        host: "ci-1", cpuModel: "Test CPU", cores: 2, os: "TestOS", kernel: "6.1", architecture: "x86_64", swiftVersion: "6.3",
        buildConfiguration: "release", gitCommit: "0123456789abcdef", commandLine: ["motionbench", "run"]
    )

    /// One repetition of a case, its CPU ns per sample `cpuNs` and its other figures as its mode gives them.
    static func repetition(
        _ workload: String = "accelerometer", filter: String = "raw", mode: RunMode = .virtual, parameters: [String: Double] = [:],
        repetition: Int = 1, cpuNs: Double?, peakRssMiB: Double? = 20, latenessP99Us: Double = 150
    ) -> CaseResult {
        let spec = CaseSpec(
            workload: workload, rateHz: 10, filter: filter, mode: mode, repetition: repetition, durationSeconds: 2, sampleCount: 1000,
            displayRateHz: nil, seed: 1, parameters: parameters
        )
        let realtime = mode == .realtime
        // CPU % follows from the cost at 10 Hz, in either mode, as it would in a run.
        let share = cpuNs.map { $0 * 10 / 1e7 }
        return CaseResult(
            spec: spec, samples: 1000, frames: 0, wallSeconds: 1, achievedHz: nil,
            lateness: realtime ? LatenessSummary(p50Us: 80, p99Us: latenessP99Us, maxUs: 400) : nil,
            missed: nil, dropped: nil, cpuNsPerSample: cpuNs, wallNsPerSample: nil,
            cpuPct: realtime ? share : nil, projectedCpuPct: realtime ? nil : share, processCpuPct: nil,
            rssMiB: nil, peakRssMiB: peakRssMiB, peakIsPerCase: true, minorFaults: nil, majorFaults: nil,
            voluntaryContextSwitches: nil, involuntaryContextSwitches: nil,
            sampler: SamplerCost(snapshots: 0, usPerSnapshot: nil, cpuPct: nil), threads: [], timeseries: [], outputs: [:]
        )
    }

    /// Repetitions 1… of one case, one per CPU figure.
    static func repetitions(
        _ workload: String = "accelerometer", filter: String = "raw", mode: RunMode = .virtual, parameters: [String: Double] = [:],
        cpuNs: [Double]
    ) -> [CaseResult] {
        cpuNs.enumerated().map { index, cost in
            repetition(workload, filter: filter, mode: mode, parameters: parameters, repetition: index + 1, cpuNs: cost)
        }
    }

    /// An accuracy entry with a median total attitude error of `attitudeDegrees`.
    static func attitude(_ filter: String, _ attitudeDegrees: Double, recordedEstimate: String? = nil) -> AccuracyResult {
        let summary = ErrorSummary([attitudeDegrees])!
        return AccuracyResult(
            workload: "heading", rateHz: 50, filter: filter, recordedEstimate: recordedEstimate,
            measures: AccuracyMeasures(
                scoredFrom: 0, scoredTo: 10,
                attitude: AttitudeAccuracy(total: summary, tilt: summary, heading: summary, yawOffsetDegrees: nil, timeShiftSeconds: 0)
            )
        )
    }

    static func run(_ cases: [CaseResult], accuracy: [AccuracyResult] = [], environment: RunEnvironment = environment) -> RunResult {
        RunResult(
            startedAt: "2026-11-22T17:00:00Z", finishedAt: "2026-11-22T17:00:05Z", environment: environment,
            settings: RunSettings(
                durationSeconds: 2, sampleCount: 1000, repetitions: 5, samplerRateHz: 10, source: "synthetic:tilt-and-shake,seed=1", quick: true),
            cases: cases, accuracy: accuracy
        )
    }
}

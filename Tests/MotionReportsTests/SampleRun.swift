@testable import MotionResults

/// A small run with one virtual and one real-time case, built by hand so writers can be pinned.
enum SampleRun {
    static func make() -> RunResult {
        let threads = [
            CaseThread(tid: 100, name: "motionbench", role: .main, cpuNs: 2_000_000, userNs: 1_500_000, systemNs: 500_000, cpuPct: 0.1),
            CaseThread(tid: 101, name: "mb-workload", role: .workload, cpuNs: 1_000_000, userNs: nil, systemNs: nil, cpuPct: 0.05),
            CaseThread(tid: 102, name: "mb-hub", role: .hub, cpuNs: 3_000_000, userNs: nil, systemNs: nil, cpuPct: 0.15),
            CaseThread(tid: 103, name: "mb-sampler", role: .sampler, cpuNs: 400_000, userNs: nil, systemNs: nil, cpuPct: 0.02),
        ]
        let timeseries = [
            TimeseriesPoint(elapsedSeconds: 0, rssMiB: 10, threads: [ThreadPoint(tid: 101, cpuNs: 0, cpuPct: nil)]),
            TimeseriesPoint(elapsedSeconds: 0.1, rssMiB: 10.5, threads: [ThreadPoint(tid: 101, cpuNs: 50_000, cpuPct: 0.05)]),
        ]
        func result(_ mode: RunMode) -> CaseResult {
            let spec = CaseSpec(
                workload: "accelerometer", rateHz: 10, filter: "low-pass", mode: mode, repetition: 1,
                durationSeconds: 2, sampleCount: 1000, displayRateHz: nil, seed: 1
            )
            let realtime = mode == .realtime
            return CaseResult(
                spec: spec, samples: realtime ? 20 : 1000, frames: 0, wallSeconds: realtime ? 2 : 0.0002,
                achievedHz: realtime ? 10.001 : nil,
                lateness: realtime ? LatenessSummary(p50Us: 60, p99Us: 120, maxUs: 150) : nil,
                missed: realtime ? 0 : nil, dropped: realtime ? 0 : nil,
                cpuNsPerSample: realtime ? 50_000 : 180, wallNsPerSample: realtime ? nil : 200,
                cpuPct: realtime ? 0.05 : nil, projectedCpuPct: realtime ? nil : 0.00018, processCpuPct: 0.32,
                rssMiB: 10.5, peakRssMiB: 11, peakIsPerCase: true,
                minorFaults: 12, majorFaults: 0, voluntaryContextSwitches: nil, involuntaryContextSwitches: nil,
                sampler: SamplerCost(snapshots: 20, usPerSnapshot: 20, cpuPct: 0.02),
                threads: threads, timeseries: timeseries, outputs: ["shakes": 1]
            )
        }
        let environment = RunEnvironment(
            host: "test-host", cpuModel: "Test CPU | 2 GHz", cores: 2, os: "TestOS 1", kernel: "6.1.0", architecture: "x86_64",
            swiftVersion: "6.3", buildConfiguration: "release", gitCommit: nil, commandLine: ["motionbench", "run", "--all"]
        )
        return RunResult(
            startedAt: "2026-11-22T17:00:00Z", finishedAt: "2026-11-22T17:00:05Z", environment: environment,
            settings: RunSettings(
                durationSeconds: 2, sampleCount: 1000, repetitions: 1, samplerRateHz: 10, source: "synthetic:test,seed=1", quick: true),
            cases: [result(.virtual), result(.realtime)]
        )
    }
}

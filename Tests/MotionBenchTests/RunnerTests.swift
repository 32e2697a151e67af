import CSystemShim
import Foundation
import MotionMath
import MotionSensors
import MotionWorkloads
import SystemView
import Testing
import ThreadSupport

@testable import MotionBench
@testable import MotionResults

/// A source with only an accelerometer.
struct AccelerometerOnlySource: SensorSource {
    var sensors: Set<SensorKind> { [.accelerometer] }
    mutating func reading(of sensor: SensorKind, at time: Double) -> SensorSample {
        SensorSample(sensor: sensor, time: time, value: Vector3(0, 0, -1))
    }
}

@Suite(.serialized) struct RunnerTests {
    func spec(_ workload: String, _ mode: RunMode, rate: Double = 15, filter: String = "raw") -> CaseSpec {
        CaseSpec(
            workload: workload, rateHz: rate, filter: filter, mode: mode, repetition: 1, durationSeconds: 0.5, sampleCount: 600,
            displayRateHz: workload == "gyro-translation" ? 60 : nil, seed: 1)
    }

    @Test func timestampsAreISO8601InUTCToTheSecond() {
        #expect(RunResult.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        // 2026-11-22 21:05:09.9 UTC: fractions are cut, not rounded up into the next second.
        #expect(RunResult.timestamp(Date(timeIntervalSince1970: 1_795_381_509.9)) == "2026-11-22T21:05:09Z")
        #expect(RunResult.timestamp(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    }

    /// A recording of an accelerometer alone, 10 s at 100 Hz.
    static let accelerometerOnly = RunInput(
        trace: Trace(
            metadata: TraceMetadata(name: "accelerometer only", dataset: "test"),
            samples: [.accelerometer: (0..<1000).map { SensorSample(sensor: .accelerometer, time: Double($0) / 100, value: Vector3(0, 0, -1)) }]),
        source: .recording(URL(fileURLWithPath: "/a.csv"), name: "a.csv"))

    @Test func aSourceWithoutTheWorkloadsSensorIsAClearError() throws {
        let runner = BenchmarkRunner(probe: try makeProcessProbe(), catalogue: .builtIn, input: Self.accelerometerOnly)
        #expect { try runner.run(spec("gyro-translation", .virtual)) } throws: {
            ($0 as? PlanError)?.reason == "trace:a.csv has no gyroscope, which gyro-translation needs"
        }
    }

    @Test func realTimeCaseDeliversEveryTickAndFrameAndNamesItsThreads() throws {
        let runner = BenchmarkRunner(probe: try makeProcessProbe(), catalogue: .builtIn, input: RunInput(scenario: .still, seed: 1))
        let result = try runner.run(spec("gyro-translation", .realtime))
        // 0.5 s at 15 Hz is 8 ticks (0 … 7/15 s); a loaded machine may miss some, never deliver extra.
        #expect(result.samples + (result.missed ?? 0) + (result.dropped ?? 0) == 8)
        // 0.5 s at 60 Hz is 30 frames, the last two after the last tick: each rendered or counted missed.
        #expect(result.frames + (result.missedFrames ?? -1) == 30)
        #expect(result.outputs["samples"] == Double(result.samples))
        #expect(result.lateness != nil && result.achievedHz != nil && result.cpuPct != nil)
        #expect(result.projectedCpuPct == nil && result.wallNsPerSample == nil)
        let roles = Set(result.threads.map(\.role))
        #expect(roles.isSuperset(of: [.main, .hub, .workload, .sampler]))
        #expect(result.threads.first { $0.role == .workload }?.name == "mb-workload")
        #expect(result.threads.first { $0.role == .hub }.map { $0.cpuNs > 0 } == true)
        #expect(!result.timeseries.isEmpty)
    }

    @Test func virtualCaseCountsEverySampleAndProjectsCPU() throws {
        let runner = BenchmarkRunner(probe: try makeProcessProbe(), catalogue: .builtIn, input: RunInput(scenario: .tiltAndShake, seed: 1))
        let result = try runner.run(spec("accelerometer", .virtual, rate: 10, filter: "low-pass"))
        #expect(result.samples == 600 && result.frames == 0)
        #expect(result.outputs["samples"] == 600)
        #expect(result.outputs["shakes"] == 3, "60 s of tilt-and-shake has bursts at 5, 25 and 45 s")
        let cpu = try #require(result.cpuNsPerSample)
        let projected = try #require(result.projectedCpuPct)
        // Projection: cost per tick × ticks per second, as a share of one core.
        #expect(abs(projected - cpu * 10 / 1e9 * 100) < 1e-9)
        #expect(result.achievedHz == nil && result.lateness == nil && result.cpuPct == nil)
    }

    /// A virtual-time case of 20,480 ticks is timed in 20 chunks of 1,024 (a hundredth would be fewer
    /// than the least a chunk holds): a median and a 90th percentile, no 99th (that needs 100), and
    /// the chunks' CPU lies within the workload thread's over the whole case. A real-time case has none.
    @Test func aVirtualCaseIsTimedChunkByChunk() throws {
        let runner = BenchmarkRunner(probe: try makeProcessProbe(), catalogue: .builtIn, input: RunInput(scenario: .tiltAndShake, seed: 1))
        var long = spec("accelerometer", .virtual, rate: 100, filter: "low-pass")
        long.sampleCount = 20_480
        let result = try runner.run(long)
        let cost = try #require(result.chunkCost)
        #expect(cost.ticksPerChunk == 1024 && cost.chunks == 20)
        let p50 = try #require(cost.p50NsPerSample), p90 = try #require(cost.p90NsPerSample)
        #expect(p50 > 0 && p50 <= p90 && cost.p99NsPerSample == nil)
        let workloadNs = try #require(result.threads.first { $0.role == .workload }).cpuNs
        #expect(p50 * Double(cost.ticksPerChunk) * Double(cost.chunks) / 2 <= Double(workloadNs), "half the chunks cost at least the median")
        #expect(try runner.run(spec("accelerometer", .realtime)).chunkCost == nil)
    }

    /// A case labelled `shapes=10` measures ten shapes, settled first, through the scenario's taps:
    /// the runner hands the workload every parameter its plan set as swept.
    @Test func aCaseMeasuresTheShapeCountItsLabelNames() throws {
        let runner = BenchmarkRunner(probe: try makeProcessProbe(), catalogue: .builtIn, input: RunInput(scenario: .tiltAndShake, seed: 1))
        var cube = spec("motion-cube", .virtual, rate: 60)
        cube.displayRateHz = 60
        cube.sampleCount = 1200
        cube.parameters = ["shapes": 10]
        let result = try runner.run(cube)
        #expect(result.outputs["shapes"] == 10 && result.outputs["settling_steps"] == 300)
        #expect(result.outputs["taps"] == 7 && result.outputs["deepest_overlap"] != nil)
    }
}

/// Hands every sample to a worker thread of its own that burns about 20 µs on it, as the pedometer's
/// dispatch queue does; `finish` waits for the worker to catch up.
final class WorkerWorkload: Workload {
    static let descriptor = WorkloadDescriptor(
        name: "worker", summary: "hands off", sensors: [.accelerometer], defaultRates: [50],
        filters: ["raw"], defaultFilters: ["raw"], displayRate: nil
    )
    private let pending = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var handed = 0
    private var worker: NamedThread?
    private let stop = ManagedAtomicFlag()

    init(configuration: WorkloadConfiguration) {
        worker = NamedThread(name: workerThreadPrefix + "-test") { [pending, done, stop] in
            while true {
                pending.wait()
                if stop.isSet { return }
                let start = mb_current_thread_cpu_ns()
                while mb_current_thread_cpu_ns() - start < 20_000 {}
                done.signal()
            }
        }
    }

    deinit {
        stop.set()
        pending.signal()
        worker?.join()
    }

    func handle(_ sample: SensorSample) {
        handed += 1
        pending.signal()
    }

    func renderFrame(at time: Double) {}

    func finish() {
        for _ in 0..<handed { done.wait() }
        handed = 0
    }

    var outputSummary: [String: Double] { [:] }
}

/// A flag set once by one thread and read by another.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}

@Suite struct WorkerThreadTests {
    @Test func aWorkloadsWorkerThreadIsItsOwnRowAndItsCPUIsTheWorkloads() throws {
        let harness = CaseHarness(probe: try makeProcessProbe(), samplerRateHz: 10)
        let spec = CaseSpec(
            workload: "worker", rateHz: 50, filter: "raw", mode: .virtual, repetition: 1, durationSeconds: 1, sampleCount: 500, displayRateHz: nil,
            seed: 1)
        let result = try VirtualTimeCase(harness: harness).run(
            spec, makeWorkload: { WorkerWorkload(configuration: WorkloadConfiguration(rate: 50, filter: "raw")) },
            sensors: [.accelerometer],
            replay: VirtualTimeCase.Replay(spec: spec, sensors: [.accelerometer], input: CaseInput(source: AccelerometerOnlySource()))
        )
        // Picked by name: tests run in parallel in one process, so another suite's pedometer worker
        // ("mb-worker-steps") may be alive in this window and is, rightly, a worker too.
        let ours = result.threads.filter { $0.name == "mb-worker-test" }
        #expect(ours.count == 1, "the warm-up's worker ran outside the window")
        let worker = try #require(ours.first)
        #expect(worker.role == .worker)
        // 500 samples × 20 µs on the worker: at least 10 ms, and the per-sample cost includes it.
        #expect(worker.cpuNs >= 10_000_000)
        #expect(try #require(result.cpuNsPerSample) >= 20_000)
    }
}

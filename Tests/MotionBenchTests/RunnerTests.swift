import MotionMath
import MotionSensors
import SystemView
import Testing
@testable import MotionBench

/// A source with only an accelerometer.
struct AccelerometerOnlySource: SensorSource {
    var sensors: Set<SensorKind> { [.accelerometer] }
    mutating func reading(of sensor: SensorKind, at time: Double) -> SensorSample {
        SensorSample(sensor: sensor, time: time, value: Vector3(0, 0, -1))
    }
}

@Suite(.serialized) struct RunnerTests {
    func spec(_ workload: String, _ mode: RunMode, rate: Double = 15, filter: String = "raw") -> CaseSpec {
        CaseSpec(workload: workload, rateHz: rate, filter: filter, mode: mode, repetition: 1, durationSeconds: 0.5, sampleCount: 600, displayRateHz: workload == "gyro-translation" ? 60 : nil, seed: 1)
    }

    @Test func aSourceWithoutTheWorkloadsSensorIsAClearError() throws {
        let runner = BenchmarkRunner(probe: try makeProcessProbe()) { _, _ in AccelerometerOnlySource() }
        #expect { try runner.run(spec("gyro-translation", .virtual)) } throws: {
            ($0 as? PlanError)?.reason == "the source has no gyroscope, which gyro-translation needs"
        }
    }

    @Test func realTimeCaseDeliversEveryTickAndFrameAndNamesItsThreads() throws {
        let runner = BenchmarkRunner(probe: try makeProcessProbe()) { _, _ in VirtualDevice(scenario: .still, seed: 1) }
        let result = try runner.run(spec("gyro-translation", .realtime))
        // 0.5 s at 15 Hz is 8 ticks (0 … 7/15 s); a loaded machine may miss some, never deliver extra.
        #expect(result.samples + (result.missed ?? 0) + (result.dropped ?? 0) == 8)
        #expect(result.frames <= 30 && result.frames >= 20)
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
        let runner = BenchmarkRunner(probe: try makeProcessProbe()) { _, _ in VirtualDevice(scenario: .tiltAndShake, seed: 1) }
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
}

import Foundation
import MotionMath
import MotionReports
import MotionSensors
import MotionWorkloads
import SystemView
import Testing

@testable import MotionBench
@testable import MotionResults

/// Counts the times the phone turns face down (z above 0.5 g after being at or below it): a user's
/// detector of episodes, which sees every lap of a replayed recording as the recording it is.
final class FaceDownWorkload: Workload {
    static let descriptor = WorkloadDescriptor(
        name: "face-down", summary: "counts face-down episodes", sensors: [.accelerometer], defaultRates: [50],
        filters: ["raw"], defaultFilters: ["raw"], displayRate: nil)
    private var faceDown = false
    private var episodes = 0
    init(configuration: WorkloadConfiguration) throws {}
    func handle(_ sample: SensorSample) {
        let down = sample.value.z > 0.5
        if down && !faceDown { episodes += 1 }
        faceDown = down
    }
    func renderFrame(at time: Double) {}
    var outputSummary: [String: Double] { ["episodes": Double(episodes)] }
}

@Suite struct RecordingLapTests {
    /// 6 s of accelerometer at 50 Hz (samples at 0 … 5.98 s), face down from 2 s to 3 s, face up otherwise.
    static let recording: RunInput = {
        let samples = (0..<300).map { index in
            let time = Double(index) / 50
            return SensorSample(sensor: .accelerometer, time: time, value: Vector3(0, 0, time >= 2 && time < 3 ? 1 : -1))
        }
        let trace = Trace(metadata: TraceMetadata(name: "face-down", dataset: "test"), samples: [.accelerometer: samples])
        return RunInput(trace: trace, source: .recording(URL(fileURLWithPath: "/face-down.csv"), name: "face-down.csv"))
    }()

    func spec(samples: Int, recordedTiming: Bool = false) -> CaseSpec {
        CaseSpec(
            workload: "face-down", rateHz: 50, filter: "raw", mode: .virtual, repetition: 1, durationSeconds: 1, sampleCount: samples,
            displayRateHz: nil, seed: 1, recordedTiming: recordedTiming)
    }

    func run(_ spec: CaseSpec) throws -> CaseResult {
        let runner = BenchmarkRunner(probe: try makeProcessProbe(), catalogue: try WorkloadCatalogue([FaceDownWorkload.self]), input: Self.recording)
        return try runner.run(spec)
    }

    /// Bug: ticks went on past the recording's end holding its last reading, in blocks of 4096 ticks,
    /// so 200,000 samples of a 6 s recording fed 49 episodes, one a block.
    @Test func aShortRecordingResampledIsReplayedLapAfterLapNeverHeldPastItsEnd() throws {
        let result = try run(spec(samples: 200_000))
        // 666 whole laps of 300 ticks, then 200 ticks (4 s), which reach the episode at 2 s once more.
        #expect(result.outputs["episodes"] == 667)
        #expect(result.laps == 200_000.0 / 300)
        #expect(result.recordingSecondsFed == 5.98 && result.recordingSeconds == 5.98)
        #expect(result.samples == 200_000)
    }

    @Test func aRecordingAtItsOwnTimingLapsItselfToo() throws {
        // A lap lasts until one interval past the last sample, 6 s; the fourth lap's 200 samples reach 2 s.
        let result = try run(spec(samples: 1_100, recordedTiming: true))
        #expect(result.outputs["episodes"] == 4)
        #expect(result.laps == 1_100.0 / 300 && result.recordingSecondsFed == 5.98)
    }

    @Test func aCaseShorterThanTheRecordingFeedsItsStart() throws {
        let result = try run(spec(samples: 120))
        #expect(result.outputs["episodes"] == 1 && result.laps == 1)
        #expect(result.recordingSecondsFed == 2.38 && result.recordingSeconds == 5.98)
    }

    @Test func aLapOfARecordingHoldsItsTicksAsFarAsALapHolds() {
        // Ticks at most the recording's end: 0 … 5.98 s at 50 Hz, 0 … 5.9 at 10 Hz.
        #expect(VirtualTimeCase.lapTicks(spec(samples: 200_000), sensors: 1, recordingSeconds: 5.98) == 300)
        var slow = spec(samples: 200_000)
        slow.rateHz = 10
        #expect(VirtualTimeCase.lapTicks(slow, sensors: 1, recordingSeconds: 5.98) == 60)
        // An hour: as many ticks as a lap's events hold, more than the virtual device's lap.
        #expect(VirtualTimeCase.lapTicks(spec(samples: 200_000), sensors: 1, recordingSeconds: 3600) == VirtualTimeCase.maximumLapEvents)
        #expect(VirtualTimeCase.lapTicks(spec(samples: 200_000), sensors: 1, recordingSeconds: nil) == VirtualTimeCase.maximumDeviceTicks)
    }

    @Test func theVirtualDevicesLapHoldsWholeFramePeriodsWhenTheCaseGoesRoundIt() {
        func ticks(rate: Double, samples: Int = 20_000) -> Int {
            let spec = CaseSpec(
                workload: "w", rateHz: rate, filter: "raw", mode: .virtual, repetition: 1, durationSeconds: 1, sampleCount: samples,
                displayRateHz: 60, seed: 1)
            return VirtualTimeCase.lapTicks(spec, sensors: 1, recordingSeconds: nil)
        }
        #expect(ticks(rate: 100) == 4095, "5 ticks at 100 Hz are 3 frames at 60 Hz")
        #expect(ticks(rate: 15) == 4096 && ticks(rate: 37) == 4070)
        #expect(ticks(rate: 100, samples: 100) == 100, "a case inside one lap needs no whole frame periods")
    }
}

@Suite struct HarnessFloorTests {
    @Test func aRunMeasuresTheHarnessFloorBesideItsCasesAndTheReportShowsIt() throws {
        let input = RunInput(scenario: .still, seed: 1)
        let plan = try BenchmarkPlan.plan(
            PlanRequest(workloads: ["accelerometer"], rates: [10], filters: ["raw"], modes: [.virtual], sampleCount: 2_000), catalogue: .builtIn,
            input: input)
        let floor = try #require(HarnessFloor.spec(beside: plan.cases))
        #expect(floor.sampleCount == 2_000 && floor.mode == .virtual)
        #expect(
            HarnessFloor.spec(
                beside: plan.cases.map {
                    var spec = $0
                    spec.mode = .realtime
                    return spec
                }) == nil)
        let runner = BenchmarkRunner(probe: try makeProcessProbe(), catalogue: .builtIn, input: input)
        let settings = RunSettings(
            durationSeconds: 1, sampleCount: 2_000, repetitions: 1, samplerRateHz: 10, source: input.source.description, quick: true)
        let run = try runner.run(plan.cases, settings: settings, harnessFloor: floor)
        #expect(run.cases.map(\.spec.workload) == ["accelerometer"], "the floor is not a case")
        let measured = try #require(run.harnessFloor)
        #expect(measured.spec.workload == HarnessFloor.name && measured.samples == 2_000 && measured.outputs["samples"] == 2_000)
        #expect(try #require(measured.cpuNsPerSample) > 0 && measured.laps == 2_000.0 / 2_000)
        #expect(measured.recordingSeconds == nil, "the virtual device feeds it")

        let report = MarkdownReport.render(run, charts: [])
        #expect(report.contains("**The harness's floor** (not a workload of the catalogue): a workload that does nothing but count its samples"))

        // A run.json written before the floor was measured reads as one without it.
        var old = try JSONSerialization.jsonObject(with: run.encoded()) as! [String: Any]
        old["harnessFloor"] = nil
        let decoded = try JSONDecoder().decode(RunResult.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(decoded.harnessFloor == nil && decoded.cases.count == 1)
    }
}

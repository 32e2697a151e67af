import Foundation
import MotionMath
import MotionSensors
import MotionWorkloads
import TestSupport
import Testing

@testable import MotionBench
@testable import MotionResults

@Suite struct RunInputTests {
    func stream(_ sensor: SensorKind, rate: Double, seconds: Double, from start: Double, _ f: (Double) -> Double) -> [SensorSample] {
        (0..<Int(seconds * rate)).map { index in
            let time = Double(index) / rate
            return SensorSample(sensor: sensor, time: start + time, value: Vector3(f(time), 0, 0))
        }
    }

    func spec(_ workload: String = "accelerometer", rate: Double, recordedTiming: Bool = false) -> CaseSpec {
        CaseSpec(
            workload: workload, rateHz: rate, filter: "raw", mode: .virtual, repetition: 1, durationSeconds: 1, sampleCount: 10,
            displayRateHz: nil, seed: 1, recordedTiming: recordedTiming)
    }

    /// An accelerometer from 50 s and a gyroscope from 50.5 s on the recording's clock, 3 s each at
    /// 100 Hz, with truth and a recorded estimate on the same clock.
    var recording: RunInput {
        let truth = (0..<300).map { GroundTruth(time: 50 + Double($0) / 100, attitude: .identity) }
        let trace = Trace(
            metadata: TraceMetadata(name: "test", dataset: "test"),
            samples: [
                .accelerometer: stream(.accelerometer, rate: 100, seconds: 3, from: 50) { $0 },
                .gyroscope: stream(.gyroscope, rate: 100, seconds: 3, from: 50.5) { $0 * 2 },
            ],
            truth: truth, estimates: [RecordedEstimate(id: "phone", label: "a phone's", samples: truth)])
        return RunInput(trace: trace, source: .recording(URL(fileURLWithPath: "/test.csv"), name: "test.csv"))
    }

    @Test func aRecordingIsPutOnOneTimeBaseOnceForSamplesTruthAndCompetitors() throws {
        let input = recording
        #expect(input.sensors == [.accelerometer, .gyroscope] && input.isRecording)
        #expect(abs(input.duration! - 2.49) < 1e-9)
        // Time 0 is 50.5 s on the recording's clock, for every case whatever it subscribed to.
        var slow = try input.input(for: spec(rate: 10), sensors: [.accelerometer]).source
        var fast = try input.input(for: spec(rate: 100), sensors: [.accelerometer, .gyroscope]).source
        #expect(abs(fast.reading(of: .accelerometer, at: 0).value.x - 0.5) < 1e-9)
        #expect(abs(fast.reading(of: .gyroscope, at: 0).value.x - 0) < 1e-9)
        #expect(abs(slow.reading(of: .accelerometer, at: 1).value.x - 1.5) < 0.01)
        let reference = try #require(input.reference)
        #expect(reference.truth.truth(at: 0)?.time == 0, "the truth at 50.5 s reads as time 0")
        #expect(abs(reference.competitors[0].samples[50].time - 0) < 1e-9)
        // A workload that reads no sensor subscribes to nothing, and that is fine.
        #expect(try input.input(for: spec(rate: 60), sensors: []).source.sensors.isEmpty)
    }

    @Test func aSensorTheSourceLacksIsAClearError() {
        #expect(throws: PlanError.sourceLacksSensors(workload: "accelerometer", missing: [.barometer], source: "trace:test.csv")) {
            try recording.input(for: spec(rate: 1), sensors: [.barometer])
        }
        #expect(recording.missingSensors(for: BarometerWorkload.descriptor) == [.barometer])
        #expect(recording.fedSensors(for: PedometerWorkload.descriptor) == [.accelerometer], "the barometer is optional")
    }

    @Test func theVirtualDeviceGivesEveryCaseTheSameReadingsAtTheSameTimes() throws {
        let input = RunInput(scenario: .walking(), seed: 3)
        var a = try input.input(for: spec(rate: 50), sensors: [.accelerometer]).source
        var b = try input.input(for: spec(rate: 50), sensors: [.accelerometer, .barometer]).source
        for tick in 0..<100 {
            let time = Double(tick) / 50
            #expect(a.reading(of: .accelerometer, at: time) == b.reading(of: .accelerometer, at: time))
        }
        #expect(input.touches == Scenario.walking().touches && input.duration == nil && !input.isRecording)
        #expect(input.recordedTiming(of: [.accelerometer]) == nil)
    }

    @Test func theRecordingsOwnTimingIsMergedInDeliveryOrderAtTheRateOfItsFastestSensor() throws {
        let input = recording
        let timing = try #require(input.recordedTiming(of: [.gyroscope, .accelerometer]))
        // From time 0 to each stream's end: 250 of the accelerometer (it ends first), 300 of the gyroscope.
        #expect(timing.samples.count == 550)
        #expect(timing.samples.prefix(2).map(\.sensor) == [.gyroscope, .accelerometer], "at one instant, in the order listed")
        // Over the 2.49 s every sensor covers, each has 250 samples.
        #expect(abs(timing.rateHz - 250 / 2.49) < 1e-9)
        let caseInput = try input.input(for: spec(rate: timing.rateHz, recordedTiming: true), sensors: [.gyroscope, .accelerometer])
        #expect(caseInput.recorded == timing.samples)
    }

    /// BROAD's IMU samples its three sensors together at 285.7 Hz: its own timing is shown at that
    /// rate, not at 857 Hz, the three sensors' samples per second added up.
    @Test func aRecordingsOwnRateIsTheOneAUserKnows() throws {
        let input = try RunInput(.recording(Repository.broad, name: "broad"))
        let plan = try BenchmarkPlan.plan(
            PlanRequest(workloads: ["heading"], recordedTiming: true, filters: ["madgwick"], modes: [.virtual]),
            catalogue: .builtIn, input: input)
        let rate = try #require(plan.cases.first?.rateHz)
        #expect(abs(rate - 285.7) < 0.5, "\(rate)")
        #expect(plan.cases.first?.identity.name == "heading-native-madgwick")
    }
}

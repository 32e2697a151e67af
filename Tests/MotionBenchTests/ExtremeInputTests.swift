import Foundation
import MotionMath
import MotionSensors
import MotionWorkloads
import SystemView
import TestSupport
import Testing

@testable import MotionBench
@testable import MotionResults

/// Every built-in workload, with every filter, fed readings no sensor gives but arithmetic can hold:
/// none may trap, and every output it reports must be a finite number (run.json holds no NaN).
@Suite struct ExtremeInputTests {
    /// A named way of filling every sensor's readings, by tick.
    struct Pattern: CustomStringConvertible, Sendable {
        var name: String
        /// Seconds fed.
        var seconds: Double
        /// Sample and frame rates fed in place of the workload's own, for the long patterns.
        var rate: Double? = nil
        var displayRate: Double? = nil
        /// The reading of `sensor` at tick `index`.
        var value: @Sendable (SensorKind, Int) -> Vector3
        var description: String { name }
    }

    /// Readings a still phone gives, lying face up.
    static func resting(_ sensor: SensorKind) -> Vector3 {
        switch sensor {
        case .accelerometer: Vector3(0, 0, -1)
        case .gyroscope: Vector3(0.001, -0.002, 0.001)
        case .magnetometer: Vector3(20, -5, -40)
        case .barometer: Vector3(101.325, 0, 0)
        }
    }

    static let patterns: [Pattern] = [
        Pattern(name: "±1e300 alternating", seconds: 8) { _, i in
            let s = i % 2 == 0 ? 1e300 : -1e300
            return Vector3(s, -s, s)
        },
        Pattern(name: "the largest finite values, alternating", seconds: 8) { _, i in
            let s = i % 2 == 0 ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude
            return Vector3(s, s, -s)
        },
        Pattern(name: "subnormals", seconds: 8) { _, i in
            let s = i % 3 == 0 ? Double.leastNonzeroMagnitude : i % 3 == 1 ? -Double.leastNormalMagnitude / 2 : Double.leastNonzeroMagnitude * 3
            return Vector3(s, -s, s)
        },
        Pattern(name: "±0", seconds: 8) { _, i in
            let s = i % 2 == 0 ? 0.0 : -0.0
            return Vector3(s, s, s)
        },
        Pattern(name: "one reading of 1e40 in a still recording", seconds: 8) { sensor, i in
            i == 5 ? Vector3(1e40, -1e40, 1e40) : resting(sensor)
        },
        Pattern(name: "stuck at a still reading for three minutes", seconds: 180, rate: 2, displayRate: 5) { sensor, _ in resting(sensor) },
        Pattern(name: "stuck at -1e300 for three minutes", seconds: 180, rate: 2, displayRate: 5) { _, _ in
            Vector3(-1e300, -1e300, -1e300)
        },
    ]

    /// What `outputSummary` reported that is not a finite number.
    static func nonFinite(_ outputs: [String: Double]) -> [String] {
        outputs.filter { !$0.value.isFinite }.map { "\($0.key)=\($0.value)" }.sorted()
    }

    /// The reading `pattern` gives `sensor` at `time`, on a workload's ticks at `rate`.
    static func reading(_ pattern: Pattern, _ sensor: SensorKind, at time: Double, rate: Double) -> SensorSample {
        var value = pattern.value(sensor, Int((time * rate).rounded()))
        if sensor == .barometer { value = Vector3(value.x, 0, 0) }
        return SensorSample(sensor: sensor, time: time, value: value)
    }

    /// Each workload and filter fed the pattern directly, with the scenario's gestures, reading its
    /// outputs and state along the way as the unmeasured replays do.
    @Test(arguments: patterns)
    func everyWorkloadAndFilterTakesIt(_ pattern: Pattern) throws {
        for descriptor in WorkloadCatalogue.builtIn.descriptors {
            for filter in descriptor.filters {
                let rate = pattern.rate ?? descriptor.defaultRates[0]
                let displayRate = descriptor.displayRate.map { pattern.displayRate ?? $0 }
                let workload = try #require(WorkloadCatalogue.builtIn.named(descriptor.name)).make(
                    WorkloadConfiguration(rate: rate, filter: filter, displayRate: displayRate ?? 60))
                var source = FunctionSource(Set(SensorKind.allCases)) { Self.reading(pattern, $0, at: $1, rate: rate) }
                var rows = OutputRows(), events = 0
                drive(
                    workload, source: &source, sensors: descriptor.sensors + descriptor.optionalSensors, rate: rate,
                    displayRate: displayRate, duration: pattern.seconds, touches: Scenario.tiltAndShake.touches
                ) { _ in
                    events += 1
                    guard events % 61 == 0 else { return }
                    rows.removeAll()
                    workload.writeOutputs(into: &rows)
                    _ = workload.currentEstimate
                }
                workload.finish()
                _ = workload.describeState()
                let outputs = workload.outputSummary
                #expect(Self.nonFinite(outputs).isEmpty, "\(descriptor.name)/\(filter): \(Self.nonFinite(outputs))")
            }
        }
    }

    /// A recording of every sensor at 100 Hz, filled by `pattern`.
    static func recording(_ pattern: Pattern, seconds: Double) -> RunInput {
        var samples: [SensorKind: [SensorSample]] = [:]
        for sensor in SensorKind.allCases {
            samples[sensor] = (0..<Int(seconds * 100)).map { reading(pattern, sensor, at: Double($0) / 100, rate: 100) }
        }
        return RunInput(
            trace: Trace(metadata: TraceMetadata(name: pattern.name, dataset: "test"), samples: samples),
            source: .recording(URL(fileURLWithPath: "/extreme.csv"), name: "extreme.csv"))
    }

    /// Each workload run by the runner on a recording of the pattern (resampled to its rate), in
    /// virtual and in real time: the case is measured and its outputs are finite.
    @Test(arguments: patterns)
    func everyWorkloadRunsOnARecordingOfIt(_ pattern: Pattern) throws {
        let runner = BenchmarkRunner(probe: try makeProcessProbe(), catalogue: .builtIn, input: Self.recording(pattern, seconds: 3))
        for descriptor in WorkloadCatalogue.builtIn.descriptors {
            for mode in [RunMode.virtual, .realtime] {
                let rate = descriptor.defaultRates[0]
                let spec = CaseSpec(
                    workload: descriptor.name, rateHz: rate, filter: descriptor.defaultFilters[0], mode: mode, repetition: 1,
                    durationSeconds: 0.25, sampleCount: Int(2 * rate), displayRateHz: descriptor.displayRate, seed: 1)
                let result = try runner.run(spec)
                #expect(result.samples > 0 || descriptor.sensors.isEmpty)
                #expect(Self.nonFinite(result.outputs).isEmpty, "\(descriptor.name) \(mode): \(Self.nonFinite(result.outputs))")
            }
        }
    }
}

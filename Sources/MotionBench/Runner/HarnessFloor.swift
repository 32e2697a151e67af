import MotionResults
import MotionSensors
import MotionWorkloads

/// The floors under a run's figures: a workload that does nothing but count its samples
/// (`CountingWorkload`), measured beside a run's cases so a reader sees what part of a workload's
/// figure is not the workload's. In virtual time it is the harness's own cost per sample; in real time
/// (the wake floor) it is paced as a real-time case is, and so measures what waking a thread for each
/// sample and frame costs on this machine. It is no workload of any catalogue, and never part of a plan.
public enum HarnessFloor {
    /// The name the floor's result carries (`CaseResult.spec.workload`).
    public static let name = "harness-floor"
    /// Its rate: any would do, as its cost is per sample.
    static let rateHz = 100.0

    /// The floor's case beside `cases`: in virtual time, with the sample count and time budget of
    /// their virtual-time cases; nil when they have none (the floor is the replay's).
    public static func spec(beside cases: [CaseSpec]) -> CaseSpec? {
        cases.first { $0.mode == .virtual }.map {
            spec(sampleCount: $0.sampleCount, seed: $0.seed, virtualBudgetSeconds: $0.virtualBudgetSeconds)
        }
    }

    /// The floor's case of `sampleCount` samples (at most, within `virtualBudgetSeconds` when set).
    public static func spec(sampleCount: Int, seed: UInt64, virtualBudgetSeconds: Double? = nil) -> CaseSpec {
        CaseSpec(
            workload: name, rateHz: rateHz, filter: CountingWorkload.descriptor.filters[0], mode: .virtual, repetition: 1,
            durationSeconds: 0, sampleCount: sampleCount, displayRateHz: nil, seed: seed, virtualBudgetSeconds: virtualBudgetSeconds)
    }

    /// One measurement of the wake floor beside the real-time case `spec`: paced as it is (rate or
    /// recorded timing, display frames), in its repetition, for `wakeSeconds(beside:)`.
    static func wakeSpec(beside spec: CaseSpec) -> CaseSpec {
        CaseSpec(
            workload: name, rateHz: spec.rateHz, filter: CountingWorkload.descriptor.filters[0], mode: .realtime, repetition: spec.repetition,
            durationSeconds: wakeSeconds(beside: spec), sampleCount: spec.sampleCount, displayRateHz: spec.displayRateHz, seed: spec.seed,
            recordedTiming: spec.recordedTiming)
    }

    /// How long one measurement of the wake floor beside `spec` lasts: half the case, as the floor is
    /// measured twice around the cases it serves, but at least a second (no longer than the case), so
    /// a short case's floor still has the steady stretch (`CaseResult.steadyWorkloadCpu`) the case has.
    static func wakeSeconds(beside spec: CaseSpec) -> Double {
        min(spec.durationSeconds, max(spec.durationSeconds / 2, 1))
    }

    /// Measures the floor's case `spec` through `harness`, fed by the virtual device lying still.
    static func measure(_ spec: CaseSpec, harness: CaseHarness) throws -> CaseResult {
        let descriptor = CountingWorkload.descriptor
        let input = CaseInput(source: VirtualDevice(scenario: .still, seed: spec.seed))
        return try VirtualTimeCase(harness: harness).run(
            spec, makeWorkload: makeWorkload(spec), sensors: descriptor.sensors,
            replay: VirtualTimeCase.Replay(spec: spec, sensors: descriptor.sensors, input: input))
    }

    /// Measures the wake floor's case `spec` through `harness` in real time, fed `sensors` from `input`
    /// as the cases it serves are, touches included, so its thread wakes as theirs do.
    static func measureWake(_ spec: CaseSpec, sensors: [SensorKind], input: CaseInput, harness: CaseHarness) throws -> CaseResult {
        var result = try RealTimeCase(harness: harness).run(spec, makeWorkload: makeWorkload(spec), sensors: sensors, input: input)
        result.sensors = sensors.map(\.rawValue)
        return result
    }

    private static func makeWorkload(_ spec: CaseSpec) -> () throws -> any WorkloadInstance {
        { try CountingWorkload(configuration: WorkloadConfiguration(rate: spec.rateHz, filter: spec.filter)) }
    }
}

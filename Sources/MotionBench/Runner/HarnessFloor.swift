import MotionResults
import MotionSensors
import MotionWorkloads

/// The harness's own cost per sample: a workload that does nothing but count its samples
/// (`CountingWorkload`), replayed in virtual time as every case is and measured beside a run's cases,
/// so a reader sees what part of a workload's figure is the harness's. It is no workload of any
/// catalogue, and never part of a plan.
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

    /// Measures the floor's case `spec` through `harness`, fed by the virtual device lying still.
    static func measure(_ spec: CaseSpec, harness: CaseHarness) throws -> CaseResult {
        let descriptor = CountingWorkload.descriptor
        let input = CaseInput(source: VirtualDevice(scenario: .still, seed: spec.seed))
        return try VirtualTimeCase(harness: harness).run(
            spec, makeWorkload: { try CountingWorkload(configuration: WorkloadConfiguration(rate: spec.rateHz, filter: spec.filter)) },
            sensors: descriptor.sensors, replay: VirtualTimeCase.Replay(spec: spec, sensors: descriptor.sensors, input: input))
    }
}

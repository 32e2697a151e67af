import MotionSensors
import MotionWorkloads

/// A workload that only counts its samples, written as a class: with `countingClosure`, the same code
/// in both forms, so that counting their instructions shows what the closure form costs over a class,
/// and what a do-nothing workload in a user's package costs: the harness's floor.
final class CountingWorkload: Workload {
    static let descriptor = WorkloadDescriptor(
        name: "counting", summary: "counts its samples, written as a class",
        sensors: [.accelerometer], defaultRates: [100], filters: ["raw"], defaultFilters: ["raw"], displayRate: nil)

    private var samples = 0

    init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
    }

    func handle(_ sample: SensorSample) {
        samples += 1
    }

    func renderFrame(at time: Double) {}

    var outputSummary: [String: Double] { ["samples": Double(samples)] }
}

/// `CountingWorkload` written as closures.
let countingClosure = ClosureWorkload(
    name: "counting-closure", summary: "counts its samples, written as closures", sensors: [.accelerometer], rates: [100]
) { _ in
    SampleHandler(0) { samples, _ in samples += 1 }
        .summary { samples in ["samples": Double(samples)] }
}

/// `countingClosure` reporting each sample as an event: an `EventLog` in its state, the event declared
/// and the `events` modifier. Counting its instructions against `countingClosure`'s shows what
/// reporting events costs a measured run, where the log keeps nothing: a detection on every sample,
/// the worst case.
let countingEventsClosure = ClosureWorkload(
    name: "counting-events", summary: "counts its samples and reports each as an event, written as closures",
    sensors: [.accelerometer], rates: [100], events: [EventKind("sample")]
) { configuration in
    SampleHandler((samples: 0, log: EventLog(for: configuration))) { state, sample in
        state.samples += 1
        state.log.record("sample", at: sample.time)
    }
    .summary { state in ["samples": Double(state.samples)] }
    .events { state in state.log.events }
}

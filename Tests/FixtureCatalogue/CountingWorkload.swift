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

import MotionSensors

/// A workload that counts its samples and does nothing else: fed as any workload is, its cost is the
/// harness's own, the floor under every other workload's figures. Not in the built-in catalogue; the
/// runner measures it beside a run's cases, and the micro-benchmarks time the replay with it.
public final class CountingWorkload: Workload {
    public static let descriptor = WorkloadDescriptor(
        name: "counting", summary: "counts its samples and does nothing else: the harness's own cost per sample",
        sensors: [.accelerometer], defaultRates: [100], filters: ["none"], defaultFilters: ["none"], displayRate: nil)

    private var samples = 0

    /// Creates the workload; throws `WorkloadError` for a filter other than `none`.
    public init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
    }

    public func handle(_ sample: SensorSample) {
        samples += 1
    }

    public func renderFrame(at time: Double) {}

    public var outputSummary: [String: Double] { ["samples": Double(samples)] }
}

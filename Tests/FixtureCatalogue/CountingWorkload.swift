import MotionSensors
import MotionWorkloads

/// A workload that does nothing but count its samples, in a module of its own as a user's would be:
/// what feeding a sample costs a user's package, measured by `scripts/harness-floor.sh`.
final class CountingWorkload: Workload {
    static let descriptor = WorkloadDescriptor(
        name: "counting", summary: "counts its samples and does nothing else: the harness's cost in a user's package",
        sensors: [.accelerometer], defaultRates: [100], filters: ["raw"], defaultFilters: ["raw"], displayRate: nil)

    private var count = 0

    init(configuration: WorkloadConfiguration) {}

    func handle(_ sample: SensorSample) { count += 1 }

    func renderFrame(at time: Double) {}

    var outputSummary: [String: Double] { ["samples": Double(count)] }
}

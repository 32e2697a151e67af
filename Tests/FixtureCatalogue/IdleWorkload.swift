import MotionSensors
import MotionWorkloads

/// A workload that does nothing with its samples and holds nothing but itself: what a case measures
/// of it is the harness's floor, which for the heap must be nothing. Its one filter is checked by the
/// plan, so it does not check it again (which would allocate in an unoptimised build).
final class IdleWorkload: Workload {
    static let descriptor = WorkloadDescriptor.fixture(name: "idle", summary: "does nothing, holds nothing")

    init(configuration: WorkloadConfiguration) throws {}

    func handle(_ sample: SensorSample) {}

    func renderFrame(at time: Double) {}

    var outputSummary: [String: Double] { [:] }
}

import MotionSensors
import MotionWorkloads

/// A workload that allocates a 4 KiB buffer for each sample, fills it, and frees it before the next:
/// memory it uses only in passing, transient and never held.
final class ChurnerWorkload: Workload {
    static let descriptor = WorkloadDescriptor.fixture(name: "churner", summary: "allocates and frees a 4 KiB buffer per sample")
    /// The bytes of each sample's buffer.
    static let bufferBytes = 4 << 10

    private var checksum = 0.0

    init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
    }

    func handle(_ sample: SensorSample) {
        let buffer = UnsafeMutableBufferPointer<Double>.allocate(capacity: Self.bufferBytes / MemoryLayout<Double>.stride)
        buffer.initialize(repeating: sample.value.z)
        checksum += buffer[buffer.count - 1]
        buffer.deallocate()
    }

    func renderFrame(at time: Double) {}

    var outputSummary: [String: Double] { ["checksum": checksum] }
}

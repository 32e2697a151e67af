import MotionSensors
import MotionWorkloads

/// A workload that allocates one block of 64 KiB when it is created and never frees it: what a
/// workload leaking into a cache or a global leaves behind. Each block stays reachable (the blocks
/// are chained from a global), so a leak checker sees memory kept, not lost.
final class LeakerWorkload: Workload {
    static let descriptor = WorkloadDescriptor.fixture(name: "leaker", summary: "leaks 64 KiB each time it is created")
    /// The bytes of the block leaked per instance.
    static let leakedBytes = 64 << 10

    /// The last block leaked; each block's first word points at the one leaked before it.
    nonisolated(unsafe) private static var lastLeaked: UnsafeMutableRawPointer?
    private var samples = 0

    init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        let block = UnsafeMutableRawPointer.allocate(byteCount: Self.leakedBytes, alignment: 16)
        block.storeBytes(of: Self.lastLeaked, as: UnsafeMutableRawPointer?.self)
        Self.lastLeaked = block
    }

    func handle(_ sample: SensorSample) { samples += 1 }

    func renderFrame(at time: Double) {}

    var outputSummary: [String: Double] { ["samples": Double(samples)] }
}

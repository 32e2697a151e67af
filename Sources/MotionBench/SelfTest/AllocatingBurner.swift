import MotionSensors
import MotionWorkloads

/// A workload whose allocations are known: for every sample it allocates and frees
/// `AllocatingBurner.blocksPerSample` blocks of `AllocatingBurner.blockBytes` bytes, and nothing else.
/// The self-test runs it and checks that the run reports exactly that.
final class AllocatingBurner: Workload {
    /// Blocks allocated per sample.
    static let blocksPerSample = 3
    /// The size of each block, bytes.
    static let blockBytes = 200

    static let descriptor = WorkloadDescriptor(
        name: "allocating-burner", summary: "allocates a known number of blocks of a known size per sample",
        sensors: [.accelerometer], defaultRates: [100], filters: ["raw"], defaultFilters: ["raw"], displayRate: nil)

    private var samples = 0

    init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
    }

    func handle(_ sample: SensorSample) {
        samples += 1
        for _ in 0..<Self.blocksPerSample {
            let block = UnsafeMutableRawPointer.allocate(byteCount: Self.blockBytes, alignment: 8)
            block.deallocate()
        }
    }

    func renderFrame(at time: Double) {}

    var outputSummary: [String: Double] { ["samples": Double(samples)] }
}

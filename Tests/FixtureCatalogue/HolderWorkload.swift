import Foundation
import MotionSensors
import MotionWorkloads

/// A workload that holds one block of exactly 1 MiB from its creation to its release, and
/// `MOTIONBENCH_FIXTURE_EXTRA_HELD_BYTES` more in a second block when the environment asks (as a
/// changed build would), touching neither while it runs.
final class HolderWorkload: Workload {
    static let descriptor = WorkloadDescriptor.fixture(name: "holder", summary: "holds 1 MiB from creation to release")
    /// The bytes of the block held.
    static let heldBytes = 1 << 20

    private let block: UnsafeMutableRawPointer
    private let extra: UnsafeMutableRawPointer?
    private var samples = 0

    init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        block = .allocate(byteCount: Self.heldBytes, alignment: 16)
        let extraBytes = ProcessInfo.processInfo.environment["MOTIONBENCH_FIXTURE_EXTRA_HELD_BYTES"].flatMap { Int($0) } ?? 0
        extra = extraBytes > 0 ? .allocate(byteCount: extraBytes, alignment: 16) : nil
    }

    deinit {
        block.deallocate()
        extra?.deallocate()
    }

    func handle(_ sample: SensorSample) { samples += 1 }

    func renderFrame(at time: Double) {}

    var outputSummary: [String: Double] { ["samples": Double(samples)] }
}

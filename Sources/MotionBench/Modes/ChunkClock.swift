import CSystemShim
import MotionResults

/// The workload thread's CPU clock read at the start of a virtual-time case's replay and after each
/// chunk of its ticks (`LapReplay.mark(every:with:)`), into storage reserved before the clock starts,
/// so reading allocates nothing; `cost` turns the readings into `ChunkCost` once the case is over.
final class ChunkClock {
    /// Ticks in a chunk.
    let ticksPerChunk: Int
    private let readings: UnsafeMutablePointer<UInt64>
    private let capacity: Int
    private var count = 0

    /// A clock for a case of `ticks` ticks, in chunks of `ChunkCost.ticksPerChunk(ofCaseOf:)`.
    init(ticks: Int) {
        ticksPerChunk = ChunkCost.ticksPerChunk(ofCaseOf: ticks)
        capacity = ticks / ticksPerChunk + 1
        readings = .allocate(capacity: capacity)
    }

    deinit { readings.deallocate() }

    /// Starts over from `cpuNs`, the thread's CPU clock as the replay starts.
    func start(at cpuNs: UInt64) {
        readings[0] = cpuNs
        count = 1
    }

    /// Reads the calling thread's CPU clock at the end of a chunk; a reading past the storage is dropped.
    func read() {
        guard count < capacity else { return }
        readings[count] = mb_current_thread_cpu_ns()
        count += 1
    }

    /// The chunks' cost per tick; nil before any chunk ended.
    var cost: ChunkCost? {
        guard count > 1 else { return nil }
        let perTick = (1..<count).map { Double(readings[$0] - readings[$0 - 1]) / Double(ticksPerChunk) }
        return ChunkCost(ticksPerChunk: ticksPerChunk, nsPerSample: perTick)
    }
}

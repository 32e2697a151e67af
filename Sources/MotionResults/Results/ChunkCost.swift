/// Virtual time: how a case's cost spread over its run, from the workload thread's CPU clock read
/// after every chunk of sample ticks (`ticksPerChunk`, a hundredth of the case and never fewer than
/// `ChunkCost.leastTicksPerChunk`), as CPU nanoseconds per tick at the median, 90th and 99th
/// percentile chunk (interpolated between closest ranks, as `Percentile` does).
///
/// A percentile is given only when there are chunks enough to tell it from the worst: 2 for the
/// median, 10 for the 90th, 100 for the 99th; with fewer it is nil, shown as missing. A chunk holds
/// what its ticks hold, so a workload busier in one stretch of its lap shows it here beside the
/// machine's own noise. The workload's own worker threads are not in it.
public struct ChunkCost: Sendable, Codable, Equatable {
    /// Ticks (or recorded samples) in a chunk.
    public var ticksPerChunk: Int
    /// Chunks timed: the case's whole chunks (a last, shorter one is left out).
    public var chunks: Int
    /// The median chunk's CPU nanoseconds per tick.
    public var p50NsPerSample: Double?
    /// The 90th percentile chunk's.
    public var p90NsPerSample: Double?
    /// The 99th percentile chunk's.
    public var p99NsPerSample: Double?

    /// The fewest ticks in a chunk: reading the clock is a system call on Linux, and spread over this
    /// many ticks its cost is a small part of a tick's (the Results page measures a clock read).
    public static let leastTicksPerChunk = 1024
    /// Chunks a case is cut into when it is long enough: the fewest a 99th percentile needs.
    public static let chunksPerCase = 100

    /// The chunk size for a case of `ticks` ticks: a hundredth of it, at least `leastTicksPerChunk`.
    public static func ticksPerChunk(ofCaseOf ticks: Int) -> Int {
        max(leastTicksPerChunk, ticks / chunksPerCase)
    }

    /// The percentiles of `nsPerSample`, each chunk's CPU nanoseconds per tick, in chunks of
    /// `ticksPerChunk` ticks.
    public init(ticksPerChunk: Int, nsPerSample: [Double]) {
        self.ticksPerChunk = ticksPerChunk
        chunks = nsPerSample.count
        let sorted = nsPerSample.sorted()
        func percentile(_ fraction: Double) -> Double? {
            // The fewest chunks whose percentile is not simply the largest: 1 / (1 − fraction).
            sorted.count >= Int((1 / (1 - fraction)).rounded()) ? Percentile.of(sorted: sorted, fraction) : nil
        }
        p50NsPerSample = percentile(0.5)
        p90NsPerSample = percentile(0.9)
        p99NsPerSample = percentile(0.99)
    }
}

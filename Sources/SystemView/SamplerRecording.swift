/// What a `Sampler` recorded between `start()` and `stop()`.
public struct SamplerRecording: Sendable {
    /// The snapshots in time order: one at start and one per period, periodic (`SnapshotDetail.periodic`,
    /// so perhaps without the split and the cumulative memory figures), and a full closing one at stop.
    public var snapshots: [ProcessSnapshot]
    /// The sampler thread's id, so reports can show its own row.
    public var samplerTid: Int64
    /// CPU time the sampler thread used over its whole life, its start and end included.
    public var samplerCpuNs: UInt64
    /// Snapshots attempted, the failed ones included (each cost CPU).
    public var snapshotCount: Int
    /// `samplerCpuNs / snapshotCount`: what one snapshot costs, sleeping and bookkeeping included.
    public var costPerSnapshotNs: Double
    /// Why snapshots failed, in order; empty when none did.
    public var failures: [String]
    /// Periods skipped because a snapshot or a late wake-up ran past the next deadline.
    public var missedDeadlines: Int

    /// Creates a recording; the cost per snapshot is derived from the CPU time and the count.
    public init(
        snapshots: [ProcessSnapshot], samplerTid: Int64, samplerCpuNs: UInt64, snapshotCount: Int,
        failures: [String], missedDeadlines: Int
    ) {
        self.snapshots = snapshots
        self.samplerTid = samplerTid
        self.samplerCpuNs = samplerCpuNs
        self.snapshotCount = snapshotCount
        self.costPerSnapshotNs = snapshotCount > 0 ? Double(samplerCpuNs) / Double(snapshotCount) : 0
        self.failures = failures
        self.missedDeadlines = missedDeadlines
    }
}

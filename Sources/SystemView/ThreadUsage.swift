/// The CPU one thread used over a series of snapshots, in total and in each sampling interval.
///
/// A thread's life in the series runs from its first to its last sight in consecutive snapshots.
/// A thread already there in the first snapshot counts from its reading there; one that appears later
/// was born after the snapshot before, so it counts from 0 at that snapshot's time. After its last
/// sight a thread's CPU is unknown (it ended somewhere in the next interval), so that interval is nil.
/// A thread id that goes missing and comes back, or whose CPU time goes down, belongs to a new thread
/// (Linux reuses ids), and gets a row of its own.
public struct ThreadUsage: Hashable, Sendable, Codable {
    /// The kernel's thread id.
    public var tid: Int64
    /// The thread's name at its last sight (threads may rename themselves).
    public var name: String
    /// Index of the snapshot where the thread was first seen.
    public var firstSeenIndex: Int
    /// Index of the snapshot where the thread was last seen.
    public var lastSeenIndex: Int
    /// CPU time used from the start of its life in the series to its last sight, in nanoseconds.
    public var cpuNs: UInt64
    /// User-mode part of `cpuNs`, at the probe's resolution; nil where the probe gives no split.
    public var userNs: UInt64?
    /// Kernel-mode part of `cpuNs`, at the probe's resolution; nil where the probe gives no split.
    public var systemNs: UInt64?
    /// Monotonic time over which `cpuNs` was used, in nanoseconds.
    public var spanNs: UInt64
    /// CPU use as a percentage of one core over `spanNs`; nil when the span is empty.
    public var percentOfCore: Double?
    /// CPU use as a percentage of one core in each interval between consecutive snapshots (so one
    /// fewer than the snapshots); nil in intervals outside the thread's life.
    public var intervalPercents: [Double?]

    /// Creates a usage row.
    public init(
        tid: Int64, name: String, firstSeenIndex: Int, lastSeenIndex: Int, cpuNs: UInt64, userNs: UInt64?,
        systemNs: UInt64?, spanNs: UInt64, percentOfCore: Double?, intervalPercents: [Double?]
    ) {
        self.tid = tid
        self.name = name
        self.firstSeenIndex = firstSeenIndex
        self.lastSeenIndex = lastSeenIndex
        self.cpuNs = cpuNs
        self.userNs = userNs
        self.systemNs = systemNs
        self.spanNs = spanNs
        self.percentOfCore = percentOfCore
        self.intervalPercents = intervalPercents
    }

    /// One row per thread life in `snapshots` (which must be in time order), ordered by first sight,
    /// then by thread id.
    public static func usages(in snapshots: [ProcessSnapshot]) -> [ThreadUsage] {
        let intervals = max(snapshots.count - 1, 0)
        var finished: [ThreadUsage] = []
        var open: [Int64: Life] = [:]
        for (index, snapshot) in snapshots.enumerated() {
            var seen = Set<Int64>()
            seen.reserveCapacity(snapshot.threads.count)
            for thread in snapshot.threads {
                seen.insert(thread.tid)
                if var life = open[thread.tid], thread.cpuNs >= life.last.cpuNs {
                    let elapsed = snapshot.monotonicNs - snapshots[index - 1].monotonicNs
                    life.intervalPercents[index - 1] = percent(thread.cpuNs - life.last.cpuNs, of: elapsed)
                    life.last = thread
                    life.lastIndex = index
                    open[thread.tid] = life
                } else {
                    if let ended = open[thread.tid] { finished.append(ended.usage(in: snapshots)) }
                    open[thread.tid] = Life(first: thread, firstIndex: index, snapshots: snapshots, intervals: intervals)
                }
            }
            for (tid, life) in open where !seen.contains(tid) {
                finished.append(life.usage(in: snapshots))
                open[tid] = nil
            }
        }
        finished.append(contentsOf: open.values.map { $0.usage(in: snapshots) })
        return finished.sorted { ($0.firstSeenIndex, $0.tid) < ($1.firstSeenIndex, $1.tid) }
    }

    private static func percent(_ cpuNs: UInt64, of elapsedNs: UInt64) -> Double? {
        elapsedNs > 0 ? 100 * Double(cpuNs) / Double(elapsedNs) : nil
    }

    /// One thread life while the series is being walked.
    private struct Life {
        /// The reading CPU is counted from: the first sight, or zero for a thread born in the series.
        var baseline: ThreadCPU
        /// Where counting starts: the first snapshot, or the one before a later first sight.
        var baselineIndex: Int
        var firstIndex: Int
        var last: ThreadCPU
        var lastIndex: Int
        var intervalPercents: [Double?]

        init(first: ThreadCPU, firstIndex: Int, snapshots: [ProcessSnapshot], intervals: Int) {
            self.firstIndex = firstIndex
            last = first
            lastIndex = firstIndex
            intervalPercents = Array(repeating: nil, count: intervals)
            if firstIndex == 0 {
                baseline = first
                baselineIndex = 0
            } else {
                // Born in the series: every figure from zero, so a split read at a later sight counts whole.
                baseline = ThreadCPU(tid: first.tid, name: first.name, cpuNs: 0, userNs: 0, systemNs: 0)
                baselineIndex = firstIndex - 1
                let elapsed = snapshots[firstIndex].monotonicNs - snapshots[baselineIndex].monotonicNs
                intervalPercents[baselineIndex] = ThreadUsage.percent(first.cpuNs, of: elapsed)
            }
        }

        func usage(in snapshots: [ProcessSnapshot]) -> ThreadUsage {
            let span = snapshots[lastIndex].monotonicNs - snapshots[baselineIndex].monotonicNs
            let cpu = last.cpuNs - baseline.cpuNs
            return ThreadUsage(
                tid: last.tid, name: last.name, firstSeenIndex: firstIndex, lastSeenIndex: lastIndex,
                cpuNs: cpu, userNs: Self.difference(last.userNs, baseline.userNs),
                systemNs: Self.difference(last.systemNs, baseline.systemNs),
                spanNs: span, percentOfCore: ThreadUsage.percent(cpu, of: span),
                intervalPercents: intervalPercents
            )
        }

        private static func difference(_ later: UInt64?, _ earlier: UInt64?) -> UInt64? {
            guard let later, let earlier, later >= earlier else { return nil }
            return later - earlier
        }
    }
}

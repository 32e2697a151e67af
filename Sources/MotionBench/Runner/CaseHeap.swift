import SystemView

/// The heap a case's workload used, from readings of the whole process's heap around the three
/// stretches in which the workload alone allocates: its creation, its run, and its release. Between
/// them the harness takes its snapshots and starts and joins its threads, and what it allocates
/// there is left out; within them it allocates nothing (the sampler and the hub work in storage
/// reserved before), so every byte counted in them is the workload's.
struct CaseHeap: Equatable {
    /// The process's heap at the two ends of a stretch, its peak reset at the first.
    struct Stretch: Equatable {
        var start: HeapReading
        var end: HeapReading

        /// What the stretch left live, less what it freed.
        var net: Int64 { end.liveBytes - start.liveBytes }
        /// Bytes of the blocks allocated in the stretch.
        var allocated: Int64 { Int64(bitPattern: end.allocatedBytes &- start.allocatedBytes) }
        /// The most the stretch had live above its start.
        var rise: Int64 { end.peakLiveBytes - start.liveBytes }
    }

    /// Bytes live once the workload was created: what it holds.
    var heldBytes: Int64
    /// The most it had live at once, from its creation to its release.
    var peakBytes: Int64
    /// Bytes it allocated while created and run that were no longer live when it was released.
    var transientBytes: Int64
    /// Bytes it allocated and that were still live after it was released.
    var leakedBytes: Int64

    /// The figures of the three stretches.
    init(creation: Stretch, run: Stretch, release: Stretch) {
        heldBytes = creation.net
        let atRunEnd = creation.net + run.net
        peakBytes = max(creation.rise, creation.net + run.rise, atRunEnd + release.rise)
        transientBytes = creation.allocated + run.allocated - atRunEnd
        leakedBytes = atRunEnd + release.net
    }

    /// The start of a stretch: the peak reset, then the heap read; nil where nothing counts.
    static func startStretch() -> HeapReading? {
        AllocationCounter.resetHeapPeak()
        return AllocationCounter.heap()
    }

    /// A stretch from its start to now; nil where nothing counts.
    static func endStretch(_ start: HeapReading?) -> Stretch? {
        guard let start, let end = AllocationCounter.heap() else { return nil }
        return Stretch(start: start, end: end)
    }
}

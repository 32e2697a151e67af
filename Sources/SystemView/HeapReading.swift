/// The whole process's heap at one moment, as the allocation counter keeps it: every block by its
/// usable size (what the allocator set aside for it, so a 1,000-byte request reads 1,016 on glibc),
/// every thread's together. A case takes readings at a few instants and attributes the differences
/// to its workload (`HeapFigures`).
public struct HeapReading: Sendable, Equatable {
    /// Bytes in blocks allocated and not yet freed.
    public var liveBytes: Int64
    /// The most `liveBytes` has been since the peak was last reset (`AllocationCounter.resetHeapPeak`).
    public var peakLiveBytes: Int64
    /// Bytes of every block allocated since the process started, freed or not; a `realloc` counts
    /// only its growth, never the new block again (a shrink frees the difference from `liveBytes`).
    public var allocatedBytes: UInt64

    /// A reading from its parts.
    public init(liveBytes: Int64, peakLiveBytes: Int64, allocatedBytes: UInt64) {
        self.liveBytes = liveBytes
        self.peakLiveBytes = peakLiveBytes
        self.allocatedBytes = allocatedBytes
    }
}

import CAllocationCounter

/// Allocations (calls and bytes asked for) counted per thread by an allocator interposed in the
/// executable (`CAllocationCounter`), and the process's live heap with its peak: Linux builds
/// without a sanitizer. Elsewhere nothing counts and every figure is nil, never 0.
public enum AllocationCounter {
    /// A thread's allocations so far.
    public struct Counts: Sendable, Equatable {
        /// Calls that allocated.
        public var calls: UInt64
        /// Bytes they asked for; of a `realloc`, only what it asked beyond the block's usable size (a
        /// shrink asks for none), never the new block again.
        public var bytes: UInt64

        /// Counts from their parts.
        public init(calls: UInt64, bytes: UInt64) {
            self.calls = calls
            self.bytes = bytes
        }

        /// What was allocated between `earlier` and these.
        public func since(_ earlier: Counts) -> Counts {
            Counts(calls: calls &- earlier.calls, bytes: bytes &- earlier.bytes)
        }
    }

    /// Whether this build counts allocations.
    public static let isAvailable = mb_allocation_counting_available() != 0

    /// The calling thread's allocations since it started; nil where nothing counts. Allocates nothing.
    public static func currentThread() -> Counts? {
        guard isAvailable else { return nil }
        var calls: UInt64 = 0, bytes: UInt64 = 0
        mb_allocations_of_current_thread(&calls, &bytes)
        return Counts(calls: calls, bytes: bytes)
    }

    /// The calling thread's allocations since `start` (its `currentThread()` then); nil where nothing
    /// counts. Allocates nothing, so a thread can take it at the end of what it measures.
    public static func currentThread(since start: Counts?) -> Counts? {
        guard let start, let end = currentThread() else { return nil }
        return end.since(start)
    }

    /// The allocations of the thread `tid` (alive, or ended and not yet forgotten); nil where nothing counts.
    public static func thread(_ tid: Int64) -> Counts? {
        guard isAvailable else { return nil }
        var calls: UInt64 = 0, bytes: UInt64 = 0
        mb_allocations_of_thread(tid, &calls, &bytes)
        return Counts(calls: calls, bytes: bytes)
    }

    /// The process's heap now; nil where nothing counts. Allocates nothing.
    public static func heap() -> HeapReading? {
        guard isAvailable else { return nil }
        var reading = MBHeapReading()
        mb_heap_read(&reading)
        return HeapReading(liveBytes: reading.liveBytes, peakLiveBytes: reading.peakLiveBytes, allocatedBytes: reading.allocatedBytes)
    }

    /// Sets the heap's peak to the bytes live now, so the next reading's peak is that of what follows.
    public static func resetHeapPeak() {
        mb_heap_reset_peak()
    }
}

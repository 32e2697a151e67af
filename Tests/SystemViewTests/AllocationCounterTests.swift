import CSystemShim
import Foundation
import SystemView
import Testing
import ThreadSupport

/// The interposed allocator counts each thread's own allocations, exactly. Measured on threads of
/// their own: a test's task shares its thread with whatever else the test runner schedules there.
/// The measured loops are plain `while` loops: a debug build's first use of a generic sequence (a
/// `StrideThrough<Int>`) makes its type metadata with the allocator, once a process, so a count
/// around it would depend on which test ran first.
@Suite struct AllocationCounterTests {
    /// Allocates and frees `count` blocks of `bytes` on a new thread, returning what its counter saw
    /// around them and the thread's id.
    func allocate(_ count: Int, of bytes: Int) -> (counted: AllocationCounter.Counts?, tid: Int64) {
        var counted: AllocationCounter.Counts?
        var tid: Int64 = 0
        NamedThread(name: "mb-alloc-test") {
            tid = mb_current_tid()
            let start = AllocationCounter.currentThread()
            var made = 0
            while made < count {
                let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 8)
                block.deallocate()
                made += 1
            }
            counted = AllocationCounter.currentThread().flatMap { end in start.map(end.since) }
        }.join()
        return (counted, tid)
    }

    @Test(.enabled(if: AllocationCounter.isAvailable, "counting needs a Linux build without a sanitizer"))
    func aThreadsAllocationsAreCountedExactly() {
        #expect(allocate(100, of: 48).counted == AllocationCounter.Counts(calls: 100, bytes: 4800))
        #expect(allocate(0, of: 48).counted == AllocationCounter.Counts(calls: 0, bytes: 0), "reading allocates nothing")
    }

    @Test(.enabled(if: AllocationCounter.isAvailable, "counting needs a Linux build without a sanitizer"))
    func anotherThreadsCountsAreReadableByItsIDAfterItEnded() throws {
        let (counted, tid) = allocate(7, of: 1000)
        #expect(counted == AllocationCounter.Counts(calls: 7, bytes: 7000))
        let total = try #require(AllocationCounter.thread(tid))
        #expect(total.calls >= 7 && total.bytes >= 7000, "its whole life, the seven blocks among them")
    }

    /// What `body` did to the process's heap and its own thread's counts, run on a thread of its own:
    /// the live heap's change and peak rise over its start, the usable bytes allocated, and the calls
    /// and bytes asked for.
    func heapChange(_ body: @escaping () -> Void) -> (live: Int64, peakRise: Int64, allocated: Int64, counted: AllocationCounter.Counts)? {
        var change: (live: Int64, peakRise: Int64, allocated: Int64, counted: AllocationCounter.Counts)?
        NamedThread(name: "mb-realloc-test") {
            let counts = AllocationCounter.currentThread()
            AllocationCounter.resetHeapPeak()
            guard let start = AllocationCounter.heap() else { return }
            body()
            guard let end = AllocationCounter.heap(), let counted = AllocationCounter.currentThread(since: counts) else { return }
            change = (
                end.liveBytes - start.liveBytes, end.peakLiveBytes - start.liveBytes,
                Int64(bitPattern: end.allocatedBytes &- start.allocatedBytes), counted
            )
        }.join()
        return change
    }

    /// `realloc` is the change it makes: the old block out and the new one in, at once, so the peak
    /// never holds both, and only the growth counts as allocated (the process's other threads may add
    /// a little beside it, never the megabytes counting both blocks would).
    @Test(.enabled(if: AllocationCounter.isAvailable, "counting needs a Linux build without a sanitizer"))
    func reallocIsCountedAsTheChangeItMakes() throws {
        var block = malloc(64 << 20)
        let grown = try #require(heapChange { block = realloc(block, (64 << 20) + 4096) })
        free(block)
        #expect(grown.live >= 4096 && grown.live < 64 << 10, "\(grown)")
        #expect(grown.peakRise < 1 << 20, "growing 64 MiB by 4 KiB raised the peak by \(grown.peakRise) bytes")
        #expect(grown.allocated < 1 << 20, "growing 64 MiB by 4 KiB allocated \(grown.allocated) bytes")
        #expect(grown.counted.calls == 1 && grown.counted.bytes <= 4096, "only the growth is asked for: \(grown.counted)")

        var buffer: UnsafeMutableRawPointer?
        let stepped = try #require(
            heapChange {
                var size = 1024
                while size <= 1 << 20 {
                    buffer = realloc(buffer, size)
                    size += 1024
                }
            })
        free(buffer)
        #expect(stepped.allocated < 4 << 20, "a buffer grown to 1 MiB in 1 KiB steps allocated \(stepped.allocated) bytes")
        #expect(stepped.peakRise < 4 << 20, "\(stepped)")
        #expect(stepped.counted.calls == 1024 && stepped.counted.bytes <= 1 << 20, "\(stepped.counted)")

        let shrunk = try #require(
            heapChange {
                let block = realloc(malloc(1 << 20), 1024)
                free(block)
            })
        #expect(abs(shrunk.live) < 64 << 10 && shrunk.peakRise < 2 << 20, "\(shrunk)")
    }

    @Test func whereNothingCountsEveryFigureIsMissing() {
        if !AllocationCounter.isAvailable {
            #expect(AllocationCounter.currentThread() == nil && AllocationCounter.thread(1) == nil)
        }
    }
}

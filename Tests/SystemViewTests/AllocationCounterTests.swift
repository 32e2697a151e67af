import CSystemShim
import SystemView
import Testing
import ThreadSupport

/// The interposed allocator counts each thread's own allocations, exactly. Measured on threads of
/// their own: a test's task shares its thread with whatever else the test runner schedules there.
@Suite struct AllocationCounterTests {
    /// Allocates and frees `count` blocks of `bytes` on a new thread, returning what its counter saw
    /// around them and the thread's id.
    func allocate(_ count: Int, of bytes: Int) -> (counted: AllocationCounter.Counts?, tid: Int64) {
        var counted: AllocationCounter.Counts?
        var tid: Int64 = 0
        NamedThread(name: "mb-alloc-test") {
            tid = mb_current_tid()
            let start = AllocationCounter.currentThread()
            for _ in 0..<count {
                let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 8)
                block.deallocate()
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

    @Test func whereNothingCountsEveryFigureIsMissing() {
        if !AllocationCounter.isAvailable {
            #expect(AllocationCounter.currentThread() == nil && AllocationCounter.thread(1) == nil)
        }
    }
}

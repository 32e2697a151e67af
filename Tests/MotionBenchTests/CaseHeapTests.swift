import SystemView
import Testing

@testable import MotionBench

/// How a case's heap figures follow from the process's readings around its workload's creation, run
/// and release (the readings between them, the harness's, never enter).
@Suite struct CaseHeapTests {
    /// A stretch from `live` bytes (the peak reset there) to `end` live, `peak` at most, `allocated`
    /// bytes allocated in between.
    func stretch(from live: Int64, to end: Int64, peak: Int64? = nil, allocated: UInt64) -> CaseHeap.Stretch {
        CaseHeap.Stretch(
            start: HeapReading(liveBytes: live, peakLiveBytes: live, allocatedBytes: 1_000),
            end: HeapReading(liveBytes: end, peakLiveBytes: peak ?? max(live, end), allocatedBytes: 1_000 + allocated))
    }

    @Test func heldIsWhatCreationLeftLiveAndTheRestFollowsFromIt() {
        // Created with 1,000 bytes live and 200 more made and freed; a run that allocates 4,096 bytes
        // per tick 10 times, one at a time, after the harness added 300 bytes of its own between the
        // two; a release that frees all but 64 bytes.
        let heap = CaseHeap(
            creation: stretch(from: 50_000, to: 51_000, peak: 51_200, allocated: 1_200),
            run: stretch(from: 51_300, to: 51_300, peak: 55_396, allocated: 40_960),
            release: stretch(from: 51_350, to: 50_414, allocated: 0))
        #expect(heap.heldBytes == 1_000)
        #expect(heap.peakBytes == 1_000 + 4_096, "the most live above what was there before, the harness's 300 left out")
        #expect(heap.transientBytes == 200 + 40_960)
        #expect(heap.leakedBytes == 64)
    }

    @Test func aPeakDuringCreationOrReleaseCounts() {
        let creation = CaseHeap(
            creation: stretch(from: 0, to: 100, peak: 9_000, allocated: 9_000),
            run: stretch(from: 500, to: 500, allocated: 0),
            release: stretch(from: 500, to: 400, allocated: 0))
        #expect(creation.peakBytes == 9_000 && creation.transientBytes == 8_900 && creation.leakedBytes == 0)
        let release = CaseHeap(
            creation: stretch(from: 0, to: 100, allocated: 100),
            run: stretch(from: 500, to: 600, allocated: 100),
            release: stretch(from: 600, to: 500, peak: 2_600, allocated: 2_000))
        #expect(release.peakBytes == 200 + 2_000 && release.leakedBytes == 100, "what the run kept and the release did not free")
        #expect(release.transientBytes == 0, "what is freed on release was held, not transient")
    }
}

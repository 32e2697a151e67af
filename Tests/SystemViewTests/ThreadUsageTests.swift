import SystemView
import Testing

@Suite struct ThreadUsageTests {
    private let ms: UInt64 = 1_000_000

    /// A snapshot at `atMs` with threads given as (tid, name, CPU in ms).
    private func snapshot(_ atMs: UInt64, _ threads: [(Int64, String, UInt64)]) -> ProcessSnapshot {
        ProcessSnapshot(
            monotonicNs: atMs * ms,
            threads: threads.map { ThreadCPU(tid: $0.0, name: $0.1, cpuNs: $0.2 * ms, userNs: $0.2 * ms, systemNs: 0) },
            memory: MemoryUsage(
                residentBytes: 0, peakResidentBytes: nil, minorFaults: nil, majorFaults: nil,
                voluntaryContextSwitches: nil, involuntaryContextSwitches: nil
            )
        )
    }

    @Test func threadPresentThroughoutCountsFromItsFirstReading() throws {
        let usages = ThreadUsage.usages(in: [
            snapshot(1000, [(1, "main", 500)]),
            snapshot(1100, [(1, "main", 550)]),
            snapshot(1200, [(1, "main", 575)]),
        ])
        let main = try #require(usages.first)
        #expect(usages.count == 1)
        #expect(main.cpuNs == 75 * ms)
        #expect(main.userNs == 75 * ms)
        #expect(main.systemNs == 0)
        #expect(main.spanNs == 200 * ms)
        #expect(main.percentOfCore == 37.5)
        #expect(main.intervalPercents == [50, 25])
        #expect((main.firstSeenIndex, main.lastSeenIndex) == (0, 2))
    }

    @Test func threadBornLaterCountsFromZeroAtThePreviousSnapshot() throws {
        let usages = ThreadUsage.usages(in: [
            snapshot(0, [(1, "main", 0)]),
            snapshot(100, [(1, "main", 0)]),
            snapshot(200, [(1, "main", 0), (7, "mb-hub", 20)]),
            snapshot(300, [(1, "main", 0), (7, "mb-hub", 60)]),
        ])
        let hub = try #require(usages.first { $0.tid == 7 })
        #expect(hub.cpuNs == 60 * ms)
        #expect(hub.spanNs == 200 * ms)
        #expect(hub.percentOfCore == 30)
        #expect(hub.intervalPercents == [nil, 20, 40])
        #expect(hub.firstSeenIndex == 2)
        #expect(usages.map(\.tid) == [1, 7])
    }

    @Test func endedThreadStopsAtItsLastSight() throws {
        let usages = ThreadUsage.usages(in: [
            snapshot(0, [(1, "main", 0), (9, "mb-load", 100)]),
            snapshot(100, [(1, "main", 0), (9, "mb-load", 150)]),
            snapshot(200, [(1, "main", 0)]),
        ])
        let load = try #require(usages.first { $0.tid == 9 })
        #expect(load.cpuNs == 50 * ms)
        #expect(load.lastSeenIndex == 1)
        #expect(load.intervalPercents == [50, nil])
    }

    @Test func renamedThreadKeepsOneRowWithItsLatestName() {
        let usages = ThreadUsage.usages(in: [
            snapshot(0, [(3, "motionbench", 0)]),
            snapshot(100, [(3, "mb-sampler", 1)]),
        ])
        #expect(usages.map(\.name) == ["mb-sampler"])
        #expect(usages.map(\.cpuNs) == [1 * ms])
    }

    @Test func reusedThreadIdIsANewThread() {
        // CPU going down, or an id missing and back, can only be another thread with the same id.
        let usages = ThreadUsage.usages(in: [
            snapshot(0, [(5, "old", 300)]),
            snapshot(100, [(5, "new", 10)]),
            snapshot(200, []),
            snapshot(300, [(5, "newer", 30)]),
        ])
        #expect(usages.map(\.name) == ["old", "new", "newer"])
        #expect(usages.map(\.cpuNs) == [0, 10 * ms, 30 * ms])
        #expect(usages[1].intervalPercents == [10, nil, nil])
        #expect(usages[2].intervalPercents == [nil, nil, 30])
    }

    @Test func fewerThanTwoSnapshotsGiveNoRates() {
        #expect(ThreadUsage.usages(in: []).isEmpty)
        let single = ThreadUsage.usages(in: [snapshot(0, [(1, "main", 5)])])
        #expect(single.map(\.cpuNs) == [0])
        #expect(single.map(\.percentOfCore) == [nil])
        #expect(single.map(\.intervalPercents) == [[]])
    }
}

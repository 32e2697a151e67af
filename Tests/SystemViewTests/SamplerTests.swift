import CSystemShim
import Dispatch
import SystemView
import Testing
import ThreadSupport

@Suite struct SamplerTests {
    @Test func recordsAtRoughlyItsRateWithItsOwnRow() throws {
        let sampler = Sampler(probe: try makeProcessProbe(), rateHz: 50)
        sampler.start()
        let started = mb_monotonic_ns()
        mb_sleep_until_ns(started + 500_000_000)
        let recording = sampler.stop()

        // 0.5 s at 50 Hz: 25 periods, plus the first and the closing snapshots. Bounds are generous.
        #expect((15...40).contains(recording.snapshots.count))
        #expect(recording.snapshotCount == recording.snapshots.count + recording.failures.count)
        #expect(recording.failures.isEmpty)
        let times = recording.snapshots.map(\.monotonicNs)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })

        let ownRows = recording.snapshots.compactMap { $0.threads.first { $0.tid == recording.samplerTid } }
        #expect(ownRows.count == recording.snapshots.count)
        #expect(ownRows.allSatisfy { $0.name == Sampler.threadName })
        #expect(recording.samplerCpuNs >= ownRows.last!.cpuNs)
        #expect(recording.costPerSnapshotNs > 0)
    }

    @Test func stopsWithoutWaitingOutItsPeriod() throws {
        let sampler = Sampler(probe: try makeProcessProbe(), rateHz: 0.5)
        sampler.start()
        mb_sleep_until_ns(mb_monotonic_ns() + 20_000_000)
        let stopping = mb_monotonic_ns()
        let recording = sampler.stop()
        // A 2 s period: stopping well under it shows the sleep was cut short.
        #expect(mb_monotonic_ns() - stopping < 500_000_000)
        #expect(recording.snapshots.count == 2)
    }

    @Test func halfLoadedThreadReadsNearHalfACore() throws {
        let sampler = Sampler(probe: try makeProcessProbe(), rateHz: 20)
        sampler.start()
        var tid: Int64 = 0
        let load = NamedThread(name: "mb-test-half") {
            tid = mb_current_tid()
            // 50 % of a core: 10 ms of this thread's CPU in every 20 ms period, for 1 s.
            let start = mb_monotonic_ns()
            for period in 1...50 {
                let cpuStart = mb_current_thread_cpu_ns()
                while mb_current_thread_cpu_ns() - cpuStart < 10_000_000 {}
                mb_sleep_until_ns(start + UInt64(period) * 20_000_000)
            }
        }
        load.join()
        let recording = sampler.stop()
        let usage = try #require(ThreadUsage.usages(in: recording.snapshots).first { $0.tid == tid })
        #expect(usage.name == "mb-test-half")
        let percent = try #require(usage.percentOfCore)
        #expect((30...70).contains(percent))
    }
}

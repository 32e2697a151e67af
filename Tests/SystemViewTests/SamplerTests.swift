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

        // 0.5 s at 50 Hz: 25 periods, plus the first and the closing snapshots. A loaded machine may
        // make the sampler miss some, which it counts; the upper bound allows for an oversleep.
        #expect((25...40).contains(recording.snapshots.count + recording.missedDeadlines))
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

    /// The probe's figure for a thread must match what the thread itself used, by its own CPU clock,
    /// over the same span: that holds however busy the machine is (a busy machine may starve the load
    /// below its nominal 50 %, which is the machine's doing, not the probe's).
    @Test func halfLoadedThreadReadsWhatItUsed() throws {
        let sampler = Sampler(probe: try makeProcessProbe(), rateHz: 20)
        sampler.start()
        var tid: Int64 = 0
        var usedNs: UInt64 = 0
        let load = NamedThread(name: "mb-test-half") {
            tid = mb_current_tid()
            // 50 % of a core: 10 ms of this thread's CPU in every 20 ms period, for 1 s.
            let start = mb_monotonic_ns()
            for period in 1...50 {
                let cpuStart = mb_current_thread_cpu_ns()
                while mb_current_thread_cpu_ns() - cpuStart < 10_000_000 {}
                mb_sleep_until_ns(start + UInt64(period) * 20_000_000)
            }
            usedNs = mb_current_thread_cpu_ns()
        }
        load.join()
        let recording = sampler.stop()
        let usage = try #require(ThreadUsage.usages(in: recording.snapshots).first { $0.tid == tid })
        #expect(usage.name == "mb-test-half")
        // The last sighting precedes the thread's end by up to a sampling period (50 ms, longer if the
        // sampler itself is starved): what it read cannot exceed what the thread used, nor fall far short.
        #expect(usage.cpuNs <= usedNs && usedNs - usage.cpuNs <= 150_000_000)
        #expect(usedNs >= 500_000_000, "the load always takes its 0.5 s of CPU, however long that lasts")
    }
}

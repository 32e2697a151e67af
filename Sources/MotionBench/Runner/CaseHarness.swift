import CSystemShim
import Dispatch
import Foundation
import MotionWorkloads
import SystemView
import ThreadSupport

/// What every case does around its workload, whatever the mode: reset the peak, snapshot every thread,
/// run the sampler, keep the case's own threads alive until the closing snapshot has read them, and
/// turn the snapshots into per-thread figures.
struct CaseHarness {
    let probe: ProcessProbe
    let samplerRateHz: Double

    /// Threads a mode starts for one case, and their ids once running.
    final class CaseThreads {
        private let lock = NSLock()
        private var roles: [Int64: ThreadRole] = [:]
        private let finished = DispatchSemaphore(value: 0)
        private let release = DispatchSemaphore(value: 0)
        private var threads: [NamedThread] = []
        private var started = 0

        /// Starts `body` on a thread named `name` playing `role`. The thread parks after the body until
        /// the harness has taken its closing snapshot, so its CPU is read while it still exists.
        func start(_ name: String, role: ThreadRole, body: @escaping () -> Void) {
            started += 1
            threads.append(NamedThread(name: name) { [self] in
                lock.lock()
                roles[mb_current_tid()] = role
                lock.unlock()
                body()
                finished.signal()
                release.wait()
            })
        }

        func role(of tid: Int64) -> ThreadRole? {
            lock.lock()
            defer { lock.unlock() }
            return roles[tid]
        }

        func waitUntilFinished() { for _ in 0..<started { finished.wait() } }

        func releaseAndJoin() {
            for _ in 0..<started { release.signal() }
            threads.forEach { $0.join() }
        }
    }

    /// Figures common to both modes, measured around `body`.
    struct Measurement {
        var wallNs: UInt64
        var threads: [CaseThread]
        var timeseries: [TimeseriesPoint]
        var sampler: SamplerCost
        var memory: MemoryUsage
        var memoryAtStart: MemoryUsage
        var peakIsPerCase: Bool
        /// What the workload's own worker threads allocated during the case; nil where nothing counts.
        var workerAllocations: AllocationCounter.Counts?
    }

    /// Runs a case: `startThreads` starts the mode's threads on `CaseThreads`; their bodies' end marks
    /// the end of the case.
    func measure(expectedSeconds: Double, _ startThreads: (CaseThreads) -> Void) throws -> Measurement {
        let peakIsPerCase = probe.resetPeakResident()
        let sampler = Sampler(probe: probe, rateHz: samplerRateHz, expectedDuration: expectedSeconds)
        let threads = CaseThreads()
        let first = try probe.snapshot()
        let allocationsAtStart = Dictionary(first.threads.map { ($0.tid, AllocationCounter.thread($0.tid)) }, uniquingKeysWith: { a, _ in a })
        sampler.start()
        startThreads(threads)
        threads.waitUntilFinished()
        let recording = sampler.stop()
        let last = try probe.snapshot()
        threads.releaseAndJoin()

        let series = [first] + recording.snapshots + [last]
        let wallNs = last.monotonicNs - first.monotonicNs
        let mainTid = Int64(getpid())
        func role(_ tid: Int64) -> ThreadRole {
            if tid == recording.samplerTid { return .sampler }
            if tid == mainTid { return .main }
            return threads.role(of: tid) ?? .other
        }
        let lives = SystemView.ThreadUsage.usages(in: series)
        let usage = lives.map { life in
            CaseThread(
                tid: life.tid, name: life.name,
                role: life.name.hasPrefix(workerThreadPrefix) ? .worker : role(life.tid), cpuNs: life.cpuNs,
                userNs: life.userNs, systemNs: life.systemNs, cpuPct: Self.percent(life.cpuNs, of: wallNs)
            )
        }
        let samplerCpu = usage.first { $0.role == .sampler }
        let workerAllocations = usage.filter { $0.role == .worker }.reduce(AllocationCounter.currentThread().map { _ in AllocationCounter.Counts(calls: 0, bytes: 0) }) { total, worker in
            guard let total, let end = AllocationCounter.thread(worker.tid) else { return nil }
            let start = allocationsAtStart[worker.tid].flatMap { $0 } ?? AllocationCounter.Counts(calls: 0, bytes: 0)
            let during = end.since(start)
            return AllocationCounter.Counts(calls: total.calls + during.calls, bytes: total.bytes + during.bytes)
        }
        return Measurement(
            wallNs: wallNs,
            threads: usage,
            timeseries: Self.timeseries(series, lives: lives),
            sampler: SamplerCost(
                snapshots: recording.snapshotCount,
                usPerSnapshot: recording.snapshotCount > 0 ? recording.costPerSnapshotNs / 1000 : nil,
                cpuPct: samplerCpu?.cpuPct
            ),
            memory: last.memory,
            memoryAtStart: first.memory,
            peakIsPerCase: peakIsPerCase,
            workerAllocations: workerAllocations
        )
    }

    /// `ns` as a percentage of one core over `wallNs`.
    static func percent(_ ns: UInt64, of wallNs: UInt64) -> Double {
        wallNs == 0 ? 0 : Double(ns) / Double(wallNs) * 100
    }

    /// The sampler's readings (the series without its opening and closing snapshots) as elapsed time,
    /// RSS, and each thread's CPU since the case began and in the interval before each reading.
    static func timeseries(_ series: [ProcessSnapshot], lives: [SystemView.ThreadUsage]) -> [TimeseriesPoint] {
        guard series.count > 2 else { return [] }
        let start = series[0].monotonicNs
        let baseline = Dictionary(series[0].threads.map { ($0.tid, $0.cpuNs) }, uniquingKeysWith: max)
        return (1..<(series.count - 1)).map { index in
            let snapshot = series[index]
            let present = lives.filter { $0.firstSeenIndex <= index && index <= $0.lastSeenIndex }
            return TimeseriesPoint(
                elapsedSeconds: Double(snapshot.monotonicNs - start) / 1e9,
                rssMiB: Double(snapshot.memory.residentBytes) / 1_048_576,
                threads: snapshot.threads.compactMap { thread in
                    guard let life = present.first(where: { $0.tid == thread.tid }) else { return nil }
                    let base = life.firstSeenIndex == 0 ? baseline[thread.tid] ?? 0 : 0
                    return ThreadPoint(tid: thread.tid, cpuNs: thread.cpuNs &- min(base, thread.cpuNs), cpuPct: life.intervalPercents[index - 1])
                }
            )
        }
    }
}

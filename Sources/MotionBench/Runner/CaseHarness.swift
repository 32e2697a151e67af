import CSystemShim
import Dispatch
import Foundation
import MotionResults
import MotionWorkloads
import SystemView
import ThreadSupport

/// What every case does around its workload, whatever the mode: create it, reset the peaks, snapshot
/// every thread, run the sampler, keep the case's own threads alive until the closing snapshot has
/// read them, release the workload, and turn the snapshots into per-thread figures.
///
/// The heap is read around the stretches in which the workload alone allocates (`CaseHeap`): its
/// creation, its run (from the moment every thread of the case is ready to the end of their bodies)
/// and its release. The harness does its own allocating between them: snapshots, starting and
/// joining threads, reading the workload's outputs.
struct CaseHarness {
    let probe: ProcessProbe
    let samplerRateHz: Double
    /// How far a case may go (`CaseBounds`).
    var bounds = CaseBounds()
    /// How often the harness looks at the bounds while a case runs.
    static let watchPeriodSeconds = 0.1

    /// Threads a mode starts for one case, and their ids once running.
    final class CaseThreads {
        private let lock = NSLock()
        private var roles: [Int64: ThreadRole] = [:]
        private let ready = DispatchSemaphore(value: 0)
        private let go = DispatchSemaphore(value: 0)
        private let finished = DispatchSemaphore(value: 0)
        private let release = DispatchSemaphore(value: 0)
        private var threads: [NamedThread] = []
        private var started = 0
        private var finishedCount = 0
        /// Raised to end the case before its time; the mode's threads look at it.
        let stop = CaseStop()

        init() {
            // Room for every thread's role, so that a thread noting its own allocates nothing.
            roles.reserveCapacity(8)
        }

        /// Starts `body` on a thread named `name` playing `role`. The body waits until every thread of
        /// the case is ready (`startTogether`), and the thread parks after it until the harness has
        /// taken its closing snapshot, so its CPU is read while it still exists.
        func start(_ name: String, role: ThreadRole, body: @escaping () -> Void) {
            started += 1
            threads.append(
                NamedThread(name: name) { [self] in
                    lock.lock()
                    roles[mb_current_tid()] = role
                    lock.unlock()
                    // Claims the thread's allocation counter before the case's heap is read.
                    _ = AllocationCounter.currentThread()
                    ready.signal()
                    go.wait()
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

        /// Waits until every thread started is ready, calls `beforeStart`, then lets them all run.
        func startTogether(_ beforeStart: () -> Void) {
            for _ in 0..<started { ready.wait() }
            beforeStart()
            for _ in 0..<started { go.signal() }
        }

        /// Waits up to `seconds` for every thread's body to end; whether they all have.
        func waitUntilFinished(upTo seconds: Double) -> Bool {
            let deadline = DispatchTime.now() + seconds
            while finishedCount < started {
                guard finished.wait(timeout: deadline) == .success else { return false }
                finishedCount += 1
            }
            return true
        }

        func releaseAndJoin() {
            for _ in 0..<started { release.signal() }
            for thread in threads { thread.join() }
        }
    }

    /// Figures common to both modes, measured around the workload.
    struct Measurement {
        var wallNs: UInt64
        var threads: [CaseThread]
        var timeseries: [TimeseriesPoint]
        var sampler: SamplerCost
        var memory: MemoryUsage
        var memoryAtStart: MemoryUsage
        var peakIsPerCase: Bool
        /// The resident size just before the workload was created.
        var residentBeforeBytes: UInt64
        /// The workload's heap; nil where nothing counts.
        var heap: CaseHeap?
        /// What the workload's own worker threads allocated during the case; nil where nothing counts.
        var workerAllocations: AllocationCounter.Counts?
        /// The workload's counts and final values, read once its threads had finished.
        var outputs: [String: Double]
    }

    /// Runs a case: creates its workload with `makeWorkload`; `startThreads` starts the mode's threads
    /// on `CaseThreads`, whose bodies' end marks the end of the case; then releases the workload.
    /// While they run it watches the bounds: a stop asked for past its grace, or the memory budget
    /// passed, raises the case's stop and throws a `CaseEnding` once the threads have ended; threads
    /// that have not ended `bounds.returnGraceSeconds` after that, or after `deadlineSeconds` from
    /// their start (when the case must be over), are given up on, still running.
    func measure(
        expectedSeconds: Double, deadlineSeconds: Double? = nil, spec: CaseSpec, makeWorkload: () throws -> any WorkloadInstance,
        _ startThreads: (any WorkloadInstance, CaseThreads) -> Void
    ) throws -> Measurement {
        var sampler: Sampler? = Sampler(probe: probe, rateHz: samplerRateHz, expectedDuration: expectedSeconds)
        var threads: CaseThreads? = CaseThreads()
        let residentBefore = try probe.snapshot(.periodic).memory.residentBytes
        let peakIsPerCase = probe.resetPeakResident()

        let creationStart = CaseHeap.startStretch()
        var workload: (any WorkloadInstance)? = try makeWorkload()
        let creation = CaseHeap.endStretch(creationStart)

        let first = try probe.snapshot()
        let allocationsAtStart = Dictionary(first.threads.map { ($0.tid, AllocationCounter.thread($0.tid)) }, uniquingKeysWith: { a, _ in a })
        startThreads(workload!, threads!)
        // Started once the case's threads are, so that its first snapshot, not one in the run, meets them.
        sampler!.start()
        var runStart: HeapReading?
        threads!.startTogether { runStart = CaseHeap.startStretch() }
        let ending: CaseEnding?
        do {
            ending = try watch(threads!, spec: spec, deadlineSeconds: deadlineSeconds)
        } catch {
            _ = sampler!.stop()
            throw error
        }
        let run = CaseHeap.endStretch(runStart)

        let recording = sampler!.stop()
        let last = try probe.snapshot()
        threads!.releaseAndJoin()

        let series = [first] + recording.snapshots + [last]
        let wallNs = last.monotonicNs - first.monotonicNs
        let mainTid = Int64(getpid())
        func role(_ tid: Int64) -> ThreadRole {
            if tid == recording.samplerTid { return .sampler }
            if tid == mainTid { return .main }
            return threads!.role(of: tid) ?? .other
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
        let workerAllocations = usage.filter { $0.role == .worker }.reduce(
            AllocationCounter.currentThread().map { _ in AllocationCounter.Counts(calls: 0, bytes: 0) }
        ) { total, worker in
            guard let total, let end = AllocationCounter.thread(worker.tid) else { return nil }
            let start = allocationsAtStart[worker.tid].flatMap { $0 } ?? AllocationCounter.Counts(calls: 0, bytes: 0)
            let during = end.since(start)
            return AllocationCounter.Counts(calls: total.calls + during.calls, bytes: total.bytes + during.bytes)
        }
        let outputs = workload!.outputSummary
        // The threads' bodies held the workload too and are gone, so releasing it below frees it; the
        // harness's own objects go first, outside the release's stretch.
        threads = nil
        sampler = nil

        let releaseStart = CaseHeap.startStretch()
        workload = nil
        let release = CaseHeap.endStretch(releaseStart)
        if let ending { throw ending }

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
            residentBeforeBytes: residentBefore,
            heap: creation.flatMap { creation in run.flatMap { run in release.map { CaseHeap(creation: creation, run: run, release: $0) } } },
            workerAllocations: workerAllocations,
            outputs: outputs
        )
    }

    /// Waits for the case's threads to end, looking at the bounds every `watchPeriodSeconds` (allocating
    /// nothing, as the case's heap is being read). Returns why the case was stopped before its time, or
    /// nil when it ran its course; throws `CaseEnding.didNotReturn` when its threads did not end in time.
    private func watch(_ threads: CaseThreads, spec: CaseSpec, deadlineSeconds: Double?) throws -> CaseEnding? {
        let start = mb_monotonic_ns()
        func seconds(since ns: UInt64) -> Double { Double(mb_monotonic_ns() &- ns) / 1e9 }
        var ending: CaseEnding?
        var stoppedAt: UInt64?
        while !threads.waitUntilFinished(upTo: Self.watchPeriodSeconds) {
            if let stoppedAt {
                if seconds(since: stoppedAt) > bounds.returnGraceSeconds {
                    throw CaseEnding.didNotReturn(spec, seconds: bounds.returnGraceSeconds, why: "being stopped (\(ending!))")
                }
                continue
            }
            if let deadlineSeconds, seconds(since: start) > deadlineSeconds + bounds.returnGraceSeconds {
                // Told to end all the same, in case it comes back to look (a hub waiting for room).
                threads.stop.raise()
                throw CaseEnding.didNotReturn(spec, seconds: bounds.returnGraceSeconds, why: "the end of its case's time")
            }
            if bounds.stopsCaseInFlight {
                ending = .stopRequested(spec)
            } else if let budget = bounds.memoryBudgetBytes, case let resident = mb_resident_bytes(), resident > budget {
                ending = .overMemoryBudget(spec, residentBytes: resident, budgetBytes: budget)
            }
            if ending != nil {
                threads.stop.raise()
                stoppedAt = mb_monotonic_ns()
            }
        }
        return ending
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

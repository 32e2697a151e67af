import CSystemShim
import Dispatch
import ThreadSupport

/// Takes snapshots of the process at a steady rate on a thread of its own, named "mb-sampler".
///
/// Deadlines are absolute on the monotonic clock (start + k × period), so lateness never accumulates;
/// a snapshot that overruns skips the periods it missed rather than bunching up. Between snapshots the
/// thread sleeps on a stop signal with the deadline as its time-out, so `stop()` wakes it at once
/// instead of after up to a period. Its own CPU time is its own row in every snapshot and is also
/// returned as `SamplerRecording.samplerCpuNs`. Its snapshots are periodic ones (`SnapshotDetail`), which
/// may lack the cumulative figures (the peak resident size, faults, context switches): a caller wanting
/// them takes full snapshots of its own at the start and the end, as a case does.
///
/// Between `start()` and `stop()` the sampler allocates nothing while the process's threads stay those
/// of its last snapshot and its reserved storage lasts: every snapshot's threads go one after another
/// into one array reserved up front, and become `ProcessSnapshot`s only in `stop()`. So the heap a
/// case measures while it runs is its workload's alone.
public final class Sampler {
    /// The name of the sampling thread, as reports show it.
    public static let threadName = "mb-sampler"

    private let probe: ProcessProbe
    private let periodNs: UInt64
    private let log: SamplerLog
    private let stopSignal: OpaquePointer
    private var thread: NamedThread?
    private var stopped = false

    /// A sampler of `probe` at `rateHz` snapshots a second; storage for `expectedDuration` seconds of
    /// snapshots (of a few dozen threads each, on average) is reserved up front so that recording does
    /// not reallocate mid-run.
    public init(probe: ProcessProbe, rateHz: Double = 10, expectedDuration: Double = 60) {
        precondition(rateHz > 0 && rateHz <= 10_000, "sampling rate \(rateHz) Hz is out of range")
        guard let signal = mb_stop_signal_create() else { fatalError("cannot create the sampler's stop signal") }
        self.probe = probe
        periodNs = UInt64((1e9 / rateHz).rounded())
        log = SamplerLog(capacity: Int((rateHz * max(expectedDuration, 1)).rounded(.up)) + 2)
        stopSignal = signal
    }

    deinit {
        mb_stop_signal_raise(stopSignal)
        thread?.join()
        mb_stop_signal_destroy(stopSignal)
    }

    /// Starts the sampling thread and returns once its first snapshot is taken, so that the recording
    /// begins before whatever the caller does next.
    public func start() {
        precondition(thread == nil, "a Sampler starts once")
        let firstTaken = DispatchSemaphore(value: 0)
        let (probe, periodNs, log, stopSignal) = (probe, periodNs, log, stopSignal)
        thread = NamedThread(name: Self.threadName) {
            log.samplerTid = mb_current_tid()
            // The default 50 µs of timer slack would make every wake-up late by up to that much.
            _ = mb_set_timer_slack_ns(1)
            var deadline = mb_monotonic_ns()
            log.take(from: probe)
            firstTaken.signal()
            while true {
                deadline += periodNs
                let now = mb_monotonic_ns()
                if now >= deadline {
                    let missed = (now - deadline) / periodNs + 1
                    log.missedDeadlines += Int(missed)
                    deadline += missed * periodNs
                }
                if mb_stop_signal_wait_until_ns(stopSignal, deadline) == 1 { break }
                log.take(from: probe)
            }
            log.take(from: probe)
            log.samplerCpuNs = mb_current_thread_cpu_ns()
        }
        firstTaken.wait()
    }

    /// Stops the thread at once (it takes one closing snapshot), joins it and returns the recording.
    public func stop() -> SamplerRecording {
        precondition(thread != nil, "stop() needs a start() before it")
        precondition(!stopped, "a Sampler stops once")
        stopped = true
        mb_stop_signal_raise(stopSignal)
        thread?.join()
        return SamplerRecording(
            snapshots: log.snapshots(), samplerTid: log.samplerTid, samplerCpuNs: log.samplerCpuNs,
            snapshotCount: log.attempts, failures: log.failures, missedDeadlines: log.missedDeadlines
        )
    }
}

/// What the sampling thread writes; the owner reads it only after joining the thread.
private final class SamplerLog {
    /// Threads per snapshot the storage is reserved for: the harness's few, a workload's workers, and
    /// the runtime's.
    static let threadsPerSnapshot = 32

    /// One snapshot but its threads, which are `threadCount` readings of `readings` after the previous
    /// snapshot's.
    private struct Mark {
        var monotonicNs: UInt64
        var memory: MemoryUsage
        var threadCount: Int
    }

    private var marks: [Mark] = []
    private var readings: [ThreadCPU] = []
    var failures: [String] = []
    var attempts = 0
    var missedDeadlines = 0
    var samplerTid: Int64 = 0
    var samplerCpuNs: UInt64 = 0

    init(capacity: Int) {
        marks.reserveCapacity(capacity)
        readings.reserveCapacity(capacity * Self.threadsPerSnapshot)
    }

    func take(from probe: ProcessProbe) {
        attempts += 1
        let first = readings.count
        do {
            let reading = try probe.snapshot(.periodic, appendingThreadsTo: &readings)
            marks.append(Mark(monotonicNs: reading.monotonicNs, memory: reading.memory, threadCount: readings.count - first))
        } catch {
            readings.removeLast(readings.count - first)
            failures.append(String(describing: error))
        }
    }

    /// The snapshots taken, in order.
    func snapshots() -> [ProcessSnapshot] {
        var next = 0
        return marks.map { mark in
            defer { next += mark.threadCount }
            return ProcessSnapshot(monotonicNs: mark.monotonicNs, threads: Array(readings[next..<(next + mark.threadCount)]), memory: mark.memory)
        }
    }
}

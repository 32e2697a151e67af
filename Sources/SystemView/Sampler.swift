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
/// may lack the threads' user/system split and the cumulative figures (the peak resident size, faults,
/// context switches): a caller wanting them takes full snapshots of its own at the start and the end,
/// as a case does. Its closing snapshot is a full one, the last that sees the sampler's own thread.
///
/// Between `start()` and `stop()` the sampler allocates nothing while the process's threads stay those
/// of its last snapshot and its reserved storage lasts (`SamplerLog`), so the heap a case measures
/// while it runs is its workload's alone. Where the probe can (`PeriodicReading`), it takes the periodic
/// snapshots itself in one call that waits for each deadline, so that a period runs little besides its
/// system calls.
public final class Sampler {
    /// The name of the sampling thread, as reports show it.
    public static let threadName = "mb-sampler"

    private let probe: ProcessProbe
    /// The probe, where it takes periodic snapshots itself; cast here, since the runtime's first cast to
    /// a protocol allocates, and the sampler allocates nothing once started.
    private let periodicReading: PeriodicReading?
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
        periodicReading = probe as? PeriodicReading
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
        let (probe, periodicReading, periodNs, log, stopSignal) = (probe, periodicReading, periodNs, log, stopSignal)
        thread = NamedThread(name: Self.threadName) {
            log.samplerTid = mb_current_tid()
            // The default 50 µs of timer slack would make every wake-up late by up to that much.
            _ = mb_set_timer_slack_ns(1)
            var pace = mb_pace(period_ns: periodNs, deadline_ns: mb_monotonic_ns(), missed: 0)
            log.take(from: probe)
            firstTaken.signal()
            while true {
                if let reading = periodicReading {
                    if reading.takePeriodicSnapshots(&pace, until: stopSignal, into: log) { break }
                } else if mb_pace_wait(&pace, stopSignal) == 1 {
                    break
                }
                log.take(from: probe)
            }
            log.missedDeadlines = Int(pace.missed)
            // The last is a full snapshot: the sampler's own row (read here for the last time, as it ends
            // before the case's closing snapshot) gets its user/system split and its name.
            log.take(from: probe, .full)
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

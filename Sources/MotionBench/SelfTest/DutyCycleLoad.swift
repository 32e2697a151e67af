import CSystemShim
import SystemView
import ThreadSupport

/// A named thread that burns a set share of one core, as the truth the probe is checked against.
///
/// Each period (absolute deadlines: start + k × period) the thread spins until its own CPU clock has
/// advanced by duty × period, then sleeps to the period's end. Spinning on CPU time rather than on
/// wall time makes the CPU delivered exact even when a noisy machine preempts the thread; it falls short
/// only when a period overruns (the busy part ends after the period's deadline), which is counted.
/// Deadlines stay fixed after an overrun, so later periods catch up.
final class DutyCycleLoad {
    /// What the thread did, read after `join()`.
    struct Outcome {
        /// The thread's id.
        var tid: Int64
        /// Monotonic time the first period began.
        var startNs: UInt64
        /// Monotonic time the last period ended (later than planned when it overran).
        var endNs: UInt64
        /// CPU the thread used from `startNs` to `endNs`, by its own clock.
        var cpuNs: UInt64
        /// Periods run.
        var periods: Int
        /// Periods whose busy part ran past the period's end.
        var overruns: Int

        /// The share of one core delivered, in percent, by the thread's own clock.
        var deliveredPercent: Double {
            endNs > startNs ? 100 * Double(cpuNs) / Double(endNs - startNs) : 0
        }
    }

    /// The thread's name, as the probe should show it.
    let name: String
    /// The share of one core it burns, in percent.
    let targetPercent: Double
    private let thread: NamedThread
    private let record: Record

    /// Starts a thread `name` that burns `targetPercent` of one core in periods of `periodNs`, the first
    /// beginning at monotonic time `startNs`, for `periods` periods.
    init(name: String, targetPercent: Double, periodNs: UInt64, startNs: UInt64, periods: Int) {
        precondition(targetPercent > 0 && targetPercent < 100 && periods > 0)
        self.name = name
        self.targetPercent = targetPercent
        let record = Record(startNs: startNs, periods: periods)
        self.record = record
        let busyNs = UInt64(Double(periodNs) * targetPercent / 100)
        thread = NamedThread(name: name) {
            record.outcome.tid = mb_current_tid()
            _ = mb_set_timer_slack_ns(1)
            mb_sleep_until_ns(startNs)
            let cpuAtStart = mb_current_thread_cpu_ns()
            var busyEnd = startNs
            for period in 1...periods {
                let periodEnd = startNs + UInt64(period) * periodNs
                let busyStart = mb_current_thread_cpu_ns()
                while mb_current_thread_cpu_ns() - busyStart < busyNs {}
                busyEnd = mb_monotonic_ns()
                if busyEnd > periodEnd { record.outcome.overruns += 1 }
                mb_sleep_until_ns(periodEnd)
            }
            record.outcome.cpuNs = mb_current_thread_cpu_ns() - cpuAtStart
            record.outcome.endNs = max(busyEnd, startNs + UInt64(periods) * periodNs)
        }
    }

    /// Waits for the last period to end and returns what the thread did.
    func join() -> Outcome {
        thread.join()
        return record.outcome
    }

    /// Written by the load thread, read by the owner after joining it.
    private final class Record {
        var outcome: Outcome

        init(startNs: UInt64, periods: Int) {
            outcome = Outcome(tid: 0, startNs: startNs, endNs: startNs, cpuNs: 0, periods: periods, overruns: 0)
        }
    }
}

import Foundation
import MotionResults
import MotionSensors
import MotionWorkloads

/// Replays a case's input through fresh workloads, unmeasured and as fast as it goes, keeping every
/// estimate each makes and the events it detects for the scorers. Timed cases stay free of the
/// bookkeeping, and every mode and repetition of a case computes the same outputs, so one pass serves
/// them all; the cases a run feeds the same input (the filters of a rate) share one pass.
enum AccuracyPass {
    /// The estimates, one per sample that changed it, in time order, the final one after `finish` (a
    /// worker thread's count caught up), and the events detected (the workload was made to keep them).
    struct Estimates {
        var series: [GroundTruth]
        var final: GroundTruth?
        var events: [LabelledEvent]
    }

    /// Feeds each of `workloads` `seconds` of `input` at the case's rate (or the recording's own
    /// timing), with its touches and, when they `animate`, its frames, each event to every workload
    /// in turn, so the input is read once for all of them; collects each one's estimates and events
    /// in series taken from `pool` (given back once scored).
    static func run(
        _ spec: CaseSpec, workloads: [any WorkloadInstance], animate: Bool, sensors: [SensorKind], input: CaseInput, seconds: Double,
        pool: SeriesPool
    ) -> [Estimates] {
        // An estimate a tick (or a recorded sample) at most, mostly: reserved, the series never copy as they grow.
        let ticks = spec.recordedTiming ? input.recorded?.count ?? 0 : Int(seconds * spec.rateHz) + 1
        var series = pool.take(workloads.count, capacity: ticks)
        for event in input.events(for: spec, animates: animate, sensors: sensors, seconds: seconds) {
            let isSample = if case .sample = event { true } else { false }
            for (index, workload) in workloads.enumerated() {
                event.deliver(to: workload)
                if isSample, let estimate = workload.currentEstimate, estimate != series[index].last {
                    series[index].append(estimate)
                }
            }
        }
        return zip(workloads, series).map { workload, series in
            workload.finish()
            return Estimates(series: series, final: workload.currentEstimate, events: workload.detectedEvents)
        }
    }

    /// Estimate series kept from one pass for the next: a pass's estimates fill megabytes, and
    /// memory the process holds already costs none of the page faults fresh memory does.
    final class SeriesPool: @unchecked Sendable {
        // Guards `free`: the passes run on every core.
        private let lock = NSLock()
        private var free: [[GroundTruth]] = []

        /// `count` empty series, each with room for `capacity` estimates.
        func take(_ count: Int, capacity: Int) -> [[GroundTruth]] {
            var taken = lock.withLock {
                let kept = free.suffix(count)
                free.removeLast(kept.count)
                return Array(kept)
            }
            taken += Array(repeating: [], count: count - taken.count)
            for index in taken.indices {
                taken[index].removeAll(keepingCapacity: true)
                taken[index].reserveCapacity(capacity)
            }
            return taken
        }

        /// Keeps `series`, scored, for a later pass.
        func give(_ series: [[GroundTruth]]) {
            lock.withLock { free += series }
        }
    }
}

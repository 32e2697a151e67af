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
    /// in turn, so the input is read once for all of them; collects each one's estimates and events.
    static func run(
        _ spec: CaseSpec, workloads: [any WorkloadInstance], animate: Bool, sensors: [SensorKind], input: CaseInput, seconds: Double
    ) -> [Estimates] {
        // An estimate a tick (or a recorded sample) at most, mostly: reserved, the series never copy as they grow.
        var series = [[GroundTruth]](repeating: [], count: workloads.count)
        let ticks = spec.recordedTiming ? input.recorded?.count ?? 0 : Int(seconds * spec.rateHz) + 1
        for index in series.indices { series[index].reserveCapacity(ticks) }
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
}

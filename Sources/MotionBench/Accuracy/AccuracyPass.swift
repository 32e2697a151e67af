import MotionResults
import MotionSensors
import MotionWorkloads

/// Replays a case's input through a fresh workload, unmeasured and as fast as it goes, keeping every
/// estimate it makes and the events it detects for the scorers. Timed cases stay free of the
/// bookkeeping, and every mode and repetition of a case computes the same outputs, so one pass serves
/// them all.
enum AccuracyPass {
    /// The estimates, one per sample that changed it, in time order, the final one after `finish` (a
    /// worker thread's count caught up), and the events detected (the workload was made to keep them).
    struct Estimates {
        var series: [GroundTruth]
        var final: GroundTruth?
        var events: [LabelledEvent]
    }

    /// Feeds `workload` `seconds` of `input` at the case's rate (or the recording's own timing), with
    /// its touches and, when it `animates`, its frames, and collects its estimates and events.
    static func run(
        _ spec: CaseSpec, workload: any WorkloadInstance, animates: Bool, sensors: [SensorKind], input: CaseInput, seconds: Double
    ) -> Estimates {
        var series: [GroundTruth] = []
        for event in input.events(for: spec, animates: animates, sensors: sensors, seconds: seconds) {
            event.deliver(to: workload)
            if case .sample = event, let estimate = workload.currentEstimate, estimate != series.last {
                series.append(estimate)
            }
        }
        workload.finish()
        return Estimates(series: series, final: workload.currentEstimate, events: workload.detectedEvents)
    }
}

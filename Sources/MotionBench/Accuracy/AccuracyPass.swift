import MotionSensors
import MotionWorkloads

/// Replays a case's input through a fresh workload, unmeasured and as fast as it goes, keeping every
/// estimate it makes for the scorer. Timed cases stay free of the bookkeeping, and every mode and
/// repetition of a case computes the same outputs, so one pass serves them all.
enum AccuracyPass {
    /// The estimates, one per sample that changed it, in time order, and the final one after
    /// `finish` (a worker thread's count caught up).
    struct Estimates {
        var series: [GroundTruth]
        var final: GroundTruth?
    }

    /// Feeds `workload` `seconds` of `input` at the case's rate (or the recording's own timing), with
    /// its touches and, when it `animates`, its frames, and collects its estimates.
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
        return Estimates(series: series, final: workload.currentEstimate)
    }
}

import MotionMath
import MotionSensors

/// A case's ground truth over time, in seconds from the case's start: a scenario's, exact at any
/// instant, or a recording's samples, read between them.
public enum TruthTimeline {
    /// The virtual device's scenario.
    case scenario(Scenario)
    /// A recording's truth, strictly increasing in time, times from the case's start.
    case recorded([GroundTruth])

    /// The truth at `time`: a scenario's as it is; a recording's attitude interpolated (spherically)
    /// and altitude linearly between the samples either side, and its step count and activity the
    /// latest sample's. Attitude and altitude are missing across a gap longer than
    /// `RecordedTruth.maximumGap` (lost optical tracking) and outside the recording; nil before its
    /// first sample.
    public func truth(at time: Double) -> GroundTruth? {
        switch self {
        case let .scenario(scenario):
            return time >= 0 ? scenario.truth(at: time) : nil
        case let .recorded(samples):
            return RecordedTruth.truth(in: samples, at: time)
        }
    }

    /// The attitude of `truth(at:)`, without working out the rest.
    public func attitude(at time: Double) -> Quaternion? {
        switch self {
        case let .scenario(scenario):
            return time >= 0 ? scenario.attitude(at: time) : nil
        case .recorded:
            return truth(at: time)?.attitude
        }
    }
}

/// Reading a recording's truth between its samples.
enum RecordedTruth {
    /// The longest gap between two truth samples that is read across, in seconds: a few frames of a
    /// 60 Hz motion-capture system, so that a dropped frame is bridged but lost tracking is not.
    static let maximumGap = 0.1

    static func truth(in samples: [GroundTruth], at time: Double) -> GroundTruth? {
        // The last sample at or before `time`.
        var low = 0
        var high = samples.count
        while low < high {
            let middle = (low + high) / 2
            if samples[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let before = samples[low - 1]
        var truth = GroundTruth(time: time, steps: before.steps, activity: before.activity)
        if before.time == time {
            truth.attitude = before.attitude
            truth.altitude = before.altitude
            return truth
        }
        guard low < samples.count else { return truth }
        let after = samples[low]
        guard after.time - before.time <= maximumGap else { return truth }
        let fraction = (time - before.time) / (after.time - before.time)
        if let start = before.attitude, let end = after.attitude {
            truth.attitude = start.interpolated(to: end, fraction: fraction)
        }
        if let start = before.altitude, let end = after.altitude {
            truth.altitude = start + (end - start) * fraction
        }
        return truth
    }
}

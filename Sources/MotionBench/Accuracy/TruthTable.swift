import MotionMath

/// A scenario's attitude read once at the instants a pass's workloads estimated at, for all of them:
/// the filters of one rate estimate at the same ticks, and reading a scenario's truth costs about
/// as much as scoring an estimate against it. The attitude at an instant is a function of the
/// instant alone, so what the table gives is what reading it again would.
struct TruthTable {
    /// The instants, in increasing order.
    private let times: [Double]
    private let attitudes: [Quaternion?]

    /// The attitudes of `timeline` at `times` (in increasing order, as a series' estimates are).
    init(_ timeline: TruthTimeline, at times: [Double]) {
        self.times = times
        attitudes = times.map { timeline.attitude(at: $0) }
    }

    /// A table for scoring `estimates` (a pass's, in its workloads' order) against `reference`: at the
    /// instants in the scored stretch where the first one estimated an attitude, when the truth is a
    /// scenario's and more than one workload shares it (a recording's truth is read from its samples
    /// at no such cost); nil when that leaves no instant.
    static func shared(_ reference: AccuracyReference, by estimates: [AccuracyPass.Estimates]) -> TruthTable? {
        guard case .scenario = reference.truth, estimates.count > 1 else { return nil }
        let window = reference.scoredWindow
        let times = estimates[0].series.lazy.filter { $0.attitude != nil && window.contains($0.time) }.map(\.time)
        return times.isEmpty ? nil : TruthTable(reference.truth, at: Array(times))
    }

    /// The attitude at `time` when the table holds that instant (itself nil when the timeline has
    /// none there); nil when it does not.
    func attitude(at time: Double) -> Quaternion?? {
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low < times.count && times[low] == time ? .some(attitudes[low]) : nil
    }
}

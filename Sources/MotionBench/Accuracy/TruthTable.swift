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
    /// first one's instants in the scored stretch, when the truth is a scenario's and more than one
    /// workload shares it (a recording's truth is read from its samples at no such cost).
    static func shared(_ reference: AccuracyReference, by estimates: [AccuracyPass.Estimates]) -> TruthTable? {
        guard case .scenario = reference.truth, estimates.count > 1 else { return nil }
        let window = reference.scoredWindow
        return TruthTable(reference.truth, at: estimates[0].series.map(\.time).filter { window.contains($0) })
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

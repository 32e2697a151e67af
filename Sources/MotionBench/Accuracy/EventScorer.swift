import MotionResults
import MotionSensors
import MotionWorkloads

/// Scores a workload's detected events against a reference's labelled truth, label by label, over
/// the scored stretch (`AccuracyReference.scoredWindow`), as detection benchmarks do.
///
/// - Instants (`InstantMatching`): a detection matches a true event when it falls in the event's
///   window: its span (a shake burst from start to end; an instant's span is its time) widened by
///   the tolerance before and after; one detection per true event, so a second detection of one
///   event is a false one. Latency is the detection's time less the event's start.
/// - States (`StateMatching`): matched by overlap; latency is the detected start less the true one;
///   and the share of the stretch in which the detections agreed with the truth.
///
/// What counts: a detection whose time lies in the stretch; a true instant whose whole window lies
/// in it (an event too close to the end for any detector to answer is left out, and a detection of
/// it is not a false one); a true state that begins in it. Matching itself looks beyond the stretch,
/// so a detection of an event just before the stretch is neither a hit nor a false alarm. A label
/// the source does not know (`AccuracyReference.eventLabels`) is not scored, nor one with neither a
/// true event nor a detection to count.
public struct EventScorer {
    /// The truth and the stretch scored.
    public let reference: AccuracyReference

    /// A scorer against `reference`.
    public init(reference: AccuracyReference) {
        self.reference = reference
    }

    /// The scores of `detected` (a workload's `detectedEvents`) for each of `kinds` (its descriptor's
    /// `events`), in that order, with `tolerances` by label in place of the kinds' own; nil when no
    /// label could be scored.
    public func score(_ detected: [LabelledEvent], kinds: [EventKind], tolerances: [String: EventTolerance] = [:]) -> [EventAccuracy]? {
        let results = kinds.compactMap { kind -> EventAccuracy? in
            guard reference.eventLabels.contains(kind.label) else { return nil }
            let truth = reference.events.filter { $0.label == kind.label }
            let detections = detected.filter { $0.label == kind.label }
            return kind.isState
                ? scoreStates(detections, truth, label: kind.label)
                : scoreInstants(detections, truth, label: kind.label, tolerance: tolerances[kind.label] ?? kind.tolerance)
        }
        return results.isEmpty ? nil : results
    }

    private func scoreInstants(_ detected: [LabelledEvent], _ truth: [LabelledEvent], label: String, tolerance: EventTolerance) -> EventAccuracy? {
        let stretch = reference.scoredWindow
        let windows = truth.map(tolerance.window(around:))
        return tally(
            label: label, tolerance: tolerance, detected, truth, matches: InstantMatching.match(detected.map(\.time), to: windows),
            counted: truth.indices.filter { truth[$0].time >= stretch.lowerBound && windows[$0].upperBound <= stretch.upperBound })
    }

    private func scoreStates(_ detected: [LabelledEvent], _ truth: [LabelledEvent], label: String) -> EventAccuracy? {
        let stretch = reference.scoredWindow
        // A detected state still on when the replay ended lasts to its end.
        let detectedSpans = detected.map { $0.time...max($0.time, $0.end ?? reference.duration) }
        let trueSpans = truth.map { $0.time...$0.endOrTime }
        var scored = tally(
            label: label, tolerance: nil, detected, truth, matches: StateMatching.match(detectedSpans, to: trueSpans),
            counted: truth.indices.filter { stretch.contains(truth[$0].time) })
        scored?.timeRight = StateMatching.timeRight(detectedSpans, trueSpans, over: stretch)
        return scored
    }

    /// The counts from `matches` (each detection's true event, if any) and the true events `counted`,
    /// with each hit's latency; nil when there is nothing to count. A state has no `tolerance`.
    private func tally(
        label: String, tolerance: EventTolerance?, _ detected: [LabelledEvent], _ truth: [LabelledEvent], matches: [Int?], counted: [Int]
    ) -> EventAccuracy? {
        let stretch = reference.scoredWindow
        let counted = Set(counted)
        let scored = detected.indices.filter { stretch.contains(detected[$0].time) }
        guard !counted.isEmpty || !scored.isEmpty else { return nil }
        let latencies = detected.indices.compactMap { detection in
            matches[detection].flatMap { counted.contains($0) ? detected[detection].time - truth[$0].time : nil }
        }
        return EventAccuracy(
            label: label, isState: tolerance == nil, toleranceBeforeSeconds: tolerance?.before, toleranceAfterSeconds: tolerance?.after,
            truthCount: counted.count, detectedCount: scored.count, hits: latencies.count,
            matchedDetections: scored.filter { matches[$0] != nil }.count, latency: EventAccuracy.Latency(latencies))
    }
}

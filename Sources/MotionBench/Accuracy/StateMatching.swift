/// Scores detected states (face down from … to …) against true ones of the same label, by overlap.
///
/// - Event level: a detected state matches a true one when they overlap by at least half of the
///   shorter of the two (a brief flicker inside a long state is not that state found; a long
///   detection spanning several true states finds one), one to one, the largest overlaps first.
/// - Time: the share of the scored stretch in which the detections said what the truth said, in
///   the state or not.
enum StateMatching {
    /// For each of `detected`, the index in `truth` of the state it matched, or nil.
    static func match(_ detected: [ClosedRange<Double>], to truth: [ClosedRange<Double>]) -> [Int?] {
        var pairs: [(detection: Int, truth: Int, overlap: Double)] = []
        for (d, detection) in detected.enumerated() {
            for (t, state) in truth.enumerated() {
                let overlap = min(detection.upperBound, state.upperBound) - max(detection.lowerBound, state.lowerBound)
                let shorter = min(detection.upperBound - detection.lowerBound, state.upperBound - state.lowerBound)
                if overlap >= 0, overlap >= shorter / 2 { pairs.append((d, t, overlap)) }
            }
        }
        var matched = [Int?](repeating: nil, count: detected.count)
        var taken = Set<Int>()
        for pair in pairs.sorted(by: { ($1.overlap, $0.detection, $0.truth) < ($0.overlap, $1.detection, $1.truth) })
        where matched[pair.detection] == nil && !taken.contains(pair.truth) {
            matched[pair.detection] = pair.truth
            taken.insert(pair.truth)
        }
        return matched
    }

    /// The share of `stretch` (0–1) in which being inside one of `detected` agrees with being inside
    /// one of `truth`; nil for an empty stretch.
    static func timeRight(_ detected: [ClosedRange<Double>], _ truth: [ClosedRange<Double>], over stretch: ClosedRange<Double>) -> Double? {
        let length = stretch.upperBound - stretch.lowerBound
        guard length > 0 else { return nil }
        let detectedOn = union(detected, within: stretch), trueOn = union(truth, within: stretch)
        let both = overlap(detectedOn, trueOn)
        let disagreeing = total(detectedOn) + total(trueOn) - 2 * both
        return 1 - disagreeing / length
    }

    /// `intervals` clipped to `stretch` and merged where they touch, in time order.
    private static func union(_ intervals: [ClosedRange<Double>], within stretch: ClosedRange<Double>) -> [ClosedRange<Double>] {
        var merged: [ClosedRange<Double>] = []
        for interval in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let start = max(interval.lowerBound, stretch.lowerBound), end = min(interval.upperBound, stretch.upperBound)
            guard start <= end else { continue }
            if let last = merged.last, start <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, end)
            } else {
                merged.append(start...end)
            }
        }
        return merged
    }

    private static func total(_ intervals: [ClosedRange<Double>]) -> Double {
        intervals.reduce(0) { $0 + $1.upperBound - $1.lowerBound }
    }

    /// The length two sets of disjoint, ordered intervals share.
    private static func overlap(_ a: [ClosedRange<Double>], _ b: [ClosedRange<Double>]) -> Double {
        var (i, j, shared) = (0, 0, 0.0)
        while i < a.count, j < b.count {
            shared += max(0, min(a[i].upperBound, b[j].upperBound) - max(a[i].lowerBound, b[j].lowerBound))
            if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
        }
        return shared
    }
}

/// Pairs detections with true events one to one, each detection with an event whose window
/// (`EventTolerance` around it) holds the detection's time, as many pairs as can be made.
///
/// Detections are taken in time order, each given, among the unmatched events whose window holds it,
/// the one whose window closes first: the classic greedy that is optimal for points against
/// intervals, so no other one-to-one pairing matches more. A second detection of an event already
/// matched finds no event of its own (unless another's window holds it) and stays unmatched.
enum InstantMatching {
    /// For each of `detections` (times, in any order), the index in `windows` of the true event it
    /// matched, or nil.
    static func match(_ detections: [Double], to windows: [ClosedRange<Double>]) -> [Int?] {
        let byStart = windows.indices.sorted { windows[$0].lowerBound < windows[$1].lowerBound }
        var next = 0
        var open: [Int] = []
        var matched = [Int?](repeating: nil, count: detections.count)
        for detection in detections.indices.sorted(by: { detections[$0] < detections[$1] }) {
            let time = detections[detection]
            while next < byStart.count, windows[byStart[next]].lowerBound <= time {
                open.append(byStart[next])
                next += 1
            }
            open.removeAll { windows[$0].upperBound < time }
            guard let first = open.indices.min(by: { windows[open[$0]].upperBound < windows[open[$1]].upperBound }) else { continue }
            matched[detection] = open.remove(at: first)
        }
        return matched
    }
}

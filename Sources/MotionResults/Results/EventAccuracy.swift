/// How well one workload's detections of one label met the source's labelled truth over the scored
/// stretch: how many true events it found (recall), how many of its detections were true (precision),
/// both in one figure (F1), and how late it was (detection latency); for a state, also the share of
/// the time it was right about being in it. See `EventScorer` for the matching.
public struct EventAccuracy: Sendable, Codable, Equatable {
    /// The label scored (`shake`).
    public var label: String
    /// Whether the label is a state (scored by overlap) rather than an instant.
    public var isState: Bool
    /// Seconds a detection could come ahead of a true instant's start and still match it; nil for a
    /// state, matched by overlap.
    public var toleranceBeforeSeconds: Double?
    /// Seconds a detection could come past a true instant's end and still match it; nil for a state.
    public var toleranceAfterSeconds: Double?
    /// True events scored.
    public var truthCount: Int
    /// Detections scored.
    public var detectedCount: Int
    /// True events a detection matched (hits); the rest were missed.
    public var hits: Int
    /// Detections that matched a true event; the rest were false.
    public var matchedDetections: Int
    /// Seconds from each hit's true start to its detection (negative when early): median, p95 and
    /// how many; nil without a hit.
    public var latency: Latency?
    /// For a state, the share of the scored stretch (0–1) in which the detections said what the truth
    /// said (in the state, or not); nil for an instant.
    public var timeRight: Double?

    /// Creates a result.
    public init(
        label: String, isState: Bool, toleranceBeforeSeconds: Double?, toleranceAfterSeconds: Double?, truthCount: Int, detectedCount: Int,
        hits: Int, matchedDetections: Int, latency: Latency?, timeRight: Double? = nil
    ) {
        self.label = label
        self.isState = isState
        self.toleranceBeforeSeconds = toleranceBeforeSeconds
        self.toleranceAfterSeconds = toleranceAfterSeconds
        self.truthCount = truthCount
        self.detectedCount = detectedCount
        self.hits = hits
        self.matchedDetections = matchedDetections
        self.latency = latency
        self.timeRight = timeRight
    }

    /// True events no detection matched.
    public var misses: Int { truthCount - hits }
    /// Detections that matched no true event (false alarms).
    public var falseDetections: Int { detectedCount - matchedDetections }
    /// The share of detections that were true (0–1); nil without a detection.
    public var precision: Double? { detectedCount == 0 ? nil : Double(matchedDetections) / Double(detectedCount) }
    /// The share of true events detected (0–1); nil without a true event.
    public var recall: Double? { truthCount == 0 ? nil : Double(hits) / Double(truthCount) }
    /// The harmonic mean of precision and recall (0–1), a missing one counting as 0: 0 for false
    /// alarms where nothing happened, or for nothing detected where something did; nil when there is
    /// neither a true event nor a detection, so nothing to score.
    public var f1: Double? { Self.f1(precision: precision, recall: recall) }

    /// The harmonic mean of `precision` and `recall`, a missing one counting as 0; nil when both are.
    static func f1(precision: Double?, recall: Double?) -> Double? {
        guard precision != nil || recall != nil else { return nil }
        let (p, r) = (precision ?? 0, recall ?? 0)
        return p + r == 0 ? 0 : 2 * p * r / (p + r)
    }

    /// Detection latencies in seconds, signs kept (an early detection's is negative).
    public struct Latency: Sendable, Codable, Equatable {
        /// Latencies summarized.
        public var count: Int
        /// The median latency.
        public var median: Double
        /// The 95th percentile: the slow tail.
        public var p95: Double

        /// Summarizes `latencies`; nil when there are none.
        public init?(_ latencies: [Double]) {
            guard !latencies.isEmpty else { return nil }
            let sorted = latencies.sorted()
            count = sorted.count
            median = Percentile.of(sorted: sorted, 0.5)
            p95 = Percentile.of(sorted: sorted, 0.95)
        }
    }
}

extension [EventAccuracy] {
    /// Every label's matches pooled (micro-averaged, as detection benchmarks sum up several classes):
    /// one result labelled with the labels joined by `+`, its time right the mean over its states,
    /// its tolerance the widest of its instants', and no latency (one label's delays say nothing of another's). The
    /// result itself for one label; nil for none.
    public var pooled: EventAccuracy? {
        guard let first else { return nil }
        guard count > 1 else { return first }
        let times = compactMap(\.timeRight)
        return EventAccuracy(
            label: map(\.label).joined(separator: "+"), isState: allSatisfy(\.isState),
            toleranceBeforeSeconds: compactMap(\.toleranceBeforeSeconds).max(), toleranceAfterSeconds: compactMap(\.toleranceAfterSeconds).max(),
            truthCount: reduce(0) { $0 + $1.truthCount }, detectedCount: reduce(0) { $0 + $1.detectedCount },
            hits: reduce(0) { $0 + $1.hits }, matchedDetections: reduce(0) { $0 + $1.matchedDetections }, latency: nil,
            timeRight: times.isEmpty ? nil : times.reduce(0, +) / Double(times.count))
    }
}

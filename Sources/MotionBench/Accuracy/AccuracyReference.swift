import MotionResults
import MotionSensors

/// What a case's source knows to score a workload's outputs against: the truth, the estimates other
/// algorithms recorded (a phone's own attitude), the events that happened and which labels it knows,
/// how the truth's frame and clock relate to the estimates', and which stretch of time counts.
public struct AccuracyReference {
    /// The truth, times from the case's start.
    public var truth: TruthTimeline
    /// Recorded competitors, times from the case's start.
    public var competitors: [RecordedEstimate]
    /// The events that happened (shakes, steps, touches, a recording's labels), times from the case's
    /// start, in time order.
    public var events: [LabelledEvent]
    /// The labels the source knows the truth of: a detection of one of them is scored, and where the
    /// source knows a label but has no event of it, every such detection is a false one. The virtual
    /// device knows all of `Scenario.eventLabels`; a recording, the labels its events carry.
    public var eventLabels: Set<String>
    /// What is fitted before attitude errors are taken.
    public var alignment: AlignmentPolicy
    /// Seconds the accuracy pass replays: a recording's length, or a scenario's stretch.
    public var duration: Double
    /// Seconds at the start left unscored, so every filter has started and settled from its first
    /// reading; the same for every estimator.
    public var settleSeconds: Double

    /// Creates a reference; `eventLabels` defaults to the labels `events` carry.
    public init(
        truth: TruthTimeline, competitors: [RecordedEstimate] = [], events: [LabelledEvent] = [], eventLabels: Set<String>? = nil,
        alignment: AlignmentPolicy, duration: Double, settleSeconds: Double = AccuracyResult.defaultSettleSeconds
    ) {
        self.truth = truth
        self.competitors = competitors
        self.events = events.sorted { $0.time < $1.time }
        self.eventLabels = eventLabels ?? Set(events.map(\.label))
        self.alignment = alignment
        self.duration = duration
        self.settleSeconds = settleSeconds
    }

    /// The stretch scored, seconds from the case's start.
    public var scoredWindow: ClosedRange<Double> { min(settleSeconds, duration)...duration }
}

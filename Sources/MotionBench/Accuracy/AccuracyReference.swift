import MotionSensors

/// What a case's source knows to score a workload's outputs against: the truth, the estimates other
/// algorithms recorded (a phone's own attitude), how the truth's frame and clock relate to the
/// estimates', and which stretch of time counts.
public struct AccuracyReference {
    /// The truth, times from the case's start.
    public var truth: TruthTimeline
    /// Recorded competitors, times from the case's start.
    public var competitors: [RecordedEstimate]
    /// What is fitted before attitude errors are taken.
    public var alignment: AlignmentPolicy
    /// Seconds the accuracy pass replays: a recording's length, or a scenario's stretch.
    public var duration: Double
    /// Seconds at the start left unscored, so every filter has started and settled from its first
    /// reading; the same for every estimator.
    public var settleSeconds: Double

    /// The seconds scored by default after the start.
    public static let defaultSettleSeconds = 5.0

    /// Creates a reference.
    public init(
        truth: TruthTimeline, competitors: [RecordedEstimate] = [], alignment: AlignmentPolicy, duration: Double,
        settleSeconds: Double = defaultSettleSeconds
    ) {
        self.truth = truth
        self.competitors = competitors
        self.alignment = alignment
        self.duration = duration
        self.settleSeconds = settleSeconds
    }

    /// The stretch scored, seconds from the case's start.
    public var scoredWindow: ClosedRange<Double> { min(settleSeconds, duration)...duration }
}

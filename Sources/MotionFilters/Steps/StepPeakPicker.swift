/// Picks step candidates out of the band-passed magnitude: local maxima that stand out, at most one
/// per `minimumInterval`.
///
/// - A local maximum above `minimumAmplitude` (g) moves the *envelope*, an exponential average of
///   such maxima (weight `envelopeWeight` each), so the threshold follows how hard this walker,
///   in this pocket, jolts the phone, and falls again when the motion gets gentler.
/// - A maximum is a candidate when it exceeds both `minimumAmplitude` and `relativeThreshold` ×
///   the envelope: in a pocket a step rings as two or three bumps, and the small ones stay out.
/// - Candidates closer than `minimumInterval` (s) are one step: the taller wins. A candidate is
///   final once that interval has passed without a taller one, so a step is reported a fraction of
///   a second late, with the time of its peak.
public struct StepPeakPicker: Hashable, Sendable {
    /// The smallest peak that can be a step, in g: above a car's or a hand's tremor.
    public let minimumAmplitude: Double
    /// The fraction of the envelope a peak must reach.
    public let relativeThreshold: Double
    /// The weight of each new maximum in the envelope.
    public let envelopeWeight: Double
    /// The shortest time between two steps, in seconds.
    public let minimumInterval: Double
    /// The average height of recent local maxima, in g; 0 before the first.
    public private(set) var envelope = 0.0

    private var previous = 0.0
    private var beforePrevious = 0.0
    private var previousTime = 0.0
    private var seen = 0
    private var candidateTime = 0.0
    private var candidateHeight = 0.0
    private var hasCandidate = false

    /// Creates a picker with the given constants (g, seconds).
    public init(minimumAmplitude: Double, relativeThreshold: Double, envelopeWeight: Double, minimumInterval: Double) {
        self.minimumAmplitude = minimumAmplitude
        self.relativeThreshold = relativeThreshold
        self.envelopeWeight = envelopeWeight
        self.minimumInterval = minimumInterval
    }

    /// Takes the band-passed value `value` (g) at `time` (s) and returns the time of a step that
    /// became final, if one did.
    public mutating func update(_ value: Double, at time: Double) -> Double? {
        var step: Double?
        if seen >= 2, previous > beforePrevious, previous >= value, previous > minimumAmplitude {
            step = consider(peak: previous, at: previousTime)
        }
        if step == nil, hasCandidate, time - candidateTime >= minimumInterval {
            hasCandidate = false
            step = candidateTime
        }
        beforePrevious = previous
        previous = value
        previousTime = time
        seen = min(seen + 1, 2)
        return step
    }

    /// Updates the envelope with a local maximum and returns the candidate it makes final, if any.
    private mutating func consider(peak height: Double, at time: Double) -> Double? {
        let threshold = max(minimumAmplitude, relativeThreshold * envelope)
        envelope = envelope == 0 ? height : envelope + envelopeWeight * (height - envelope)
        guard height > threshold else { return nil }
        if hasCandidate, time - candidateTime < minimumInterval {
            if height > candidateHeight {
                candidateTime = time
                candidateHeight = height
            }
            return nil
        }
        let finished: Double? = hasCandidate ? candidateTime : nil
        candidateTime = time
        candidateHeight = height
        hasCandidate = true
        return finished
    }
}

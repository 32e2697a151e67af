import MotionMath

/// Recognizes a shake in raw accelerometer samples: a burst of acceleration well beyond gravity that
/// goes on for a while, as the tilt-ball exercise's "shake to change colour" needs.
///
/// The rule, in time rather than sample counts so it holds from 10 Hz to 200 Hz:
/// 1. A sample is *strong* when it differs from the gravity estimate (an exponential low-pass of the
///    earlier samples) by more than `threshold`.
/// 2. Strong samples at most `maximumGap` apart form one *episode*: a swinging hand passes through
///    zero acceleration twice a cycle, and at low rates several samples in a row can land there.
/// 3. A shake is reported on the first strong sample at which its episode has lasted
///    `minimumDuration` (so a single knock or drop is not a shake), at most once per episode, and
///    never within `refractoryPeriod` of the previous shake.
public struct ShakeDetector: Hashable, Sendable {
    /// The rule's constants.
    public struct Parameters: Hashable, Sendable {
        /// How far beyond gravity a strong sample's acceleration is, in g.
        public var threshold: Double
        /// How long strong samples must go on before they count as a shake, in seconds.
        public var minimumDuration: Double
        /// The longest run without a strong sample inside one episode, in seconds.
        public var maximumGap: Double
        /// The shortest time between two shakes, in seconds.
        public var refractoryPeriod: Double
        /// The gravity estimate's corner frequency, in Hz: slow enough that a shake barely moves it,
        /// fast enough to follow a hand tilting the device.
        public var gravityCutoff: Double

        /// Creates the constants.
        public init(threshold: Double, minimumDuration: Double, maximumGap: Double, refractoryPeriod: Double, gravityCutoff: Double) {
            self.threshold = threshold
            self.minimumDuration = minimumDuration
            self.maximumGap = maximumGap
            self.refractoryPeriod = refractoryPeriod
            self.gravityCutoff = gravityCutoff
        }

        /// 1 g beyond gravity for 0.2 s, gaps up to 0.5 s, 1 s between shakes, gravity from a 0.5 Hz
        /// low-pass: a hand shake (a few g at 4–8 Hz) passes, walking (under 0.5 g) and tilting do not.
        public static let standard = Parameters(
            threshold: 1, minimumDuration: 0.2, maximumGap: 0.5, refractoryPeriod: 1, gravityCutoff: 0.5)
    }

    /// The rule's constants.
    public let parameters: Parameters
    /// Where gravity is believed to point, in g.
    public private(set) var gravity: ExponentialLowPass

    private var episodeStart = -Double.infinity
    private var lastStrong = -Double.infinity
    private var episodeReported = false
    private var lastShake = -Double.infinity

    /// Timestamps like k / 10 differ from their ideal spacing by rounding; comparisons of intervals
    /// allow this much, far below any sample interval.
    private static let timeTolerance = 1e-6

    /// Creates a detector for samples arriving at about `sampleRate` Hz.
    public init(sampleRate: Double, parameters: Parameters = .standard) {
        self.parameters = parameters
        gravity = ExponentialLowPass(cutoff: parameters.gravityCutoff, sampleRate: sampleRate)
    }

    /// Takes one raw accelerometer sample (in g, at `time` seconds) and tells whether a shake is
    /// recognized at it.
    public mutating func update(_ acceleration: Vector3, at time: Double) -> Bool {
        // Against the estimate before this sample, so the sample does not soften its own jolt.
        let deviation = gravity.isPrimed ? (acceleration - gravity.value).length : 0
        gravity.update(acceleration)
        guard deviation > parameters.threshold else { return false }

        if time - lastStrong > parameters.maximumGap + Self.timeTolerance {
            episodeStart = time
            episodeReported = false
        }
        lastStrong = time
        guard !episodeReported,
            time - episodeStart >= parameters.minimumDuration - Self.timeTolerance,
            time - lastShake >= parameters.refractoryPeriod - Self.timeTolerance
        else { return false }
        episodeReported = true
        lastShake = time
        return true
    }
}

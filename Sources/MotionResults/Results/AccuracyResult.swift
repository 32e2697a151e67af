/// How accurate one estimator was on a run's source: one of our workload cases (a workload at a rate
/// with a filter and parameters), or an estimate the recording carries (Core Motion's attitude).
/// What `accuracy.csv` and the report's accuracy tables hold.
public struct AccuracyResult: Sendable, Codable, Equatable {
    /// The seconds at the start of a source left unscored by default, so every filter has settled.
    public static let defaultSettleSeconds = 5.0

    /// The workload scored, or whose outputs a recorded estimate competes with.
    public var workload: String
    /// Our case's rate in Hz; a recorded estimate's mean rate over the scored stretch.
    public var rateHz: Double
    /// Our case's filter, or the recorded estimate's name as a competitor (`core-motion`).
    public var filter: String
    /// Our case's swept parameters (empty for a recorded estimate).
    public var parameters: [String: Double]
    /// Whether our case replayed the recording at its own timing (rather than at a fixed rate).
    public var recordedTiming: Bool
    /// The recorded estimate's id in the trace (`apple-cmattitude`); nil for our own cases.
    public var recordedEstimate: String?
    /// What was measured.
    public var measures: AccuracyMeasures

    /// Creates a result.
    public init(
        workload: String, rateHz: Double, filter: String, parameters: [String: Double] = [:], recordedTiming: Bool = false,
        recordedEstimate: String? = nil, measures: AccuracyMeasures
    ) {
        self.workload = workload
        self.rateHz = rateHz
        self.filter = filter
        self.parameters = parameters
        self.recordedTiming = recordedTiming
        self.recordedEstimate = recordedEstimate
        self.measures = measures
    }

    /// The name a recorded estimate is shown under: `core-motion` for Apple's `CMAttitude`, the
    /// trace's id otherwise.
    public static func competitorName(forEstimate id: String) -> String {
        id == "apple-cmattitude" ? "core-motion" : id
    }
}

/// Every error measured for one estimator; a part the workload does not estimate, or the source has
/// no truth for, is nil.
public struct AccuracyMeasures: Sendable, Codable, Equatable {
    /// The stretch scored, seconds from the case's start.
    public var scoredFrom: Double
    /// End of the stretch scored.
    public var scoredTo: Double
    /// Attitude errors, for an estimator of attitude where the truth has one.
    public var attitude: AttitudeAccuracy?
    /// The step count against the truth's.
    public var steps: StepAccuracy?
    /// Relative altitude error, metres.
    public var altitude: ErrorSummary?
    /// Detected events against the labelled truth, one per label scored in the order the workload
    /// declares them; nil when no label was (and in runs written before events were scored).
    public var events: [EventAccuracy]?

    /// Creates measures.
    public init(
        scoredFrom: Double, scoredTo: Double, attitude: AttitudeAccuracy? = nil, steps: StepAccuracy? = nil, altitude: ErrorSummary? = nil,
        events: [EventAccuracy]? = nil
    ) {
        self.scoredFrom = scoredFrom
        self.scoredTo = scoredTo
        self.attitude = attitude
        self.steps = steps
        self.altitude = altitude
        self.events = events
    }

    /// True when nothing could be scored.
    public var isEmpty: Bool { attitude == nil && steps == nil && altitude == nil && events == nil }
}

extension AccuracyResult {
    /// The result without what cannot be scored (`StepAccuracy.scorable`); nil when nothing is left.
    /// Runs written before such counts were left out hold them, and are read through this.
    public var scorable: AccuracyResult? {
        var result = self
        result.measures.steps = measures.steps?.scorable
        return result.measures.isEmpty ? nil : result
    }
}

/// Attitude errors (see `AttitudeError`) over the scored stretch, after the alignment fitted.
public struct AttitudeAccuracy: Sendable, Codable, Equatable {
    /// Total error, degrees.
    public var total: ErrorSummary
    /// Tilt error, degrees.
    public var tilt: ErrorSummary
    /// Heading error (its size), degrees.
    public var heading: ErrorSummary
    /// The constant turn about the vertical removed before scoring, degrees; nil when none was fitted.
    public var yawOffsetDegrees: Double?
    /// The estimate's times were moved by this many seconds to meet the truth (0 when none was tried).
    public var timeShiftSeconds: Double

    /// Creates attitude accuracy.
    public init(total: ErrorSummary, tilt: ErrorSummary, heading: ErrorSummary, yawOffsetDegrees: Double?, timeShiftSeconds: Double) {
        self.total = total
        self.tilt = tilt
        self.heading = heading
        self.yawOffsetDegrees = yawOffsetDegrees
        self.timeShiftSeconds = timeShiftSeconds
    }
}

/// A step count against the truth over the same stretch.
public struct StepAccuracy: Sendable, Codable, Equatable {
    /// Steps the estimator counted.
    public var estimated: Int
    /// Steps truly taken.
    public var truth: Int
    /// `estimated − truth`.
    public var error: Int { estimated - truth }
    /// The error as a percentage of the truth; nil when no step was taken.
    public var errorPercent: Double? { truth == 0 ? nil : Double(error) / Double(truth) * 100 }

    /// This comparison, or nil when the truth took no step: with nothing taken there is nothing to
    /// count against (a still scenario's 0 against 0 says nothing of the counter).
    public var scorable: StepAccuracy? { truth == 0 ? nil : self }

    /// Creates a step comparison.
    public init(estimated: Int, truth: Int) {
        self.estimated = estimated
        self.truth = truth
    }
}

/// The size of an error over many instants: median, 95th percentile, root mean square and maximum
/// of its absolute value, and how many instants were scored.
public struct ErrorSummary: Sendable, Codable, Equatable {
    /// Instants scored.
    public var count: Int
    /// Median absolute error.
    public var median: Double
    /// 95th percentile of the absolute error.
    public var p95: Double
    /// Root mean square error.
    public var rms: Double
    /// Largest absolute error.
    public var maximum: Double

    /// Summarizes `errors` (signs ignored); nil when there are none.
    public init?(_ errors: [Double]) {
        guard !errors.isEmpty else { return nil }
        let sizes = SortedMagnitudes.of(errors)
        count = sizes.count
        median = Percentile.of(sorted: sizes, 0.5)
        p95 = Percentile.of(sorted: sizes, 0.95)
        rms = (sizes.reduce(0) { $0 + $1 * $1 } / Double(sizes.count)).squareRoot()
        maximum = sizes[sizes.count - 1]
    }
}

/// What a comparison concludes about one figure.
public enum Verdict: String, Sendable, CaseIterable {
    /// Worse in the candidate beyond both tolerances (and the test, when it applies): higher, or lower
    /// for a metric where higher is better.
    case regressed
    /// Better in the candidate beyond both tolerances (and the test, when it applies).
    case improved
    /// Within a tolerance, or not told apart from noise by the test.
    case unchanged
    /// A timing whose change the runs cannot place either side of the tolerance: its interval
    /// (`ComparisonRow.resolution`) reaches beyond the tolerance, or, with fewer repetitions than the
    /// test needs, it moved by less than a single run resolves (`TimingResolution`).
    case unresolved
    /// One side has no figure: the case or entry is absent there, or the platform did not give it.
    case missing
}

/// One metric of one case or accuracy entry in both runs, and the verdict on it.
public struct ComparisonRow: Sendable, Equatable {
    /// The case or accuracy entry.
    public let subject: ComparisonSubject
    /// The figure compared.
    public let metric: ComparedMetric
    /// The baseline's figure in each repetition (one for an accuracy entry); empty when it has none.
    public let baselineValues: [Double]
    /// The candidate's figures, likewise.
    public let candidateValues: [Double]
    /// The median of the baseline's figures; nil when it has none.
    public let baseline: Double?
    /// The median of the candidate's figures; nil when it has none.
    public let candidate: Double?
    /// The Mann-Whitney U test of the two sides' figures, when both have enough repetitions.
    public let test: MannWhitneyU?
    /// For a timing with the test: what the two runs' repetitions resolve, the half-width of the
    /// interval of the shift between them at 1 − `settings.alpha` (`ShiftBetweenSamples`), in the metric's unit; it is the
    /// absolute part of the tolerance unless the settings ask for more. nil otherwise.
    public let resolution: Double?
    /// The conclusion.
    public let verdict: Verdict
    /// Why a regression here does not fail the comparison (a timing of too few repetitions, or beside
    /// instruction counts; counts over different ticks); nil when it does. The row is shown either way.
    public let exemption: GateExemption?

    /// Whether a regression here fails the comparison.
    public var gates: Bool { exemption == nil }

    /// Compares `baselineValues` with `candidateValues` (missing figures already left out): a change
    /// of the median beyond both parts of `settings`' tolerance for `metric` is a regression if up, an
    /// improvement if down (the other way round where higher is better), provided, when both sides
    /// have `minimumRepetitionsForTest` figures, the Mann-Whitney U test's p-value is below
    /// `settings.alpha`. A timing's absolute tolerance is then at least what the runs resolve
    /// (`resolution`), and a timing the runs cannot place either side of the tolerance is unresolved;
    /// with fewer repetitions, a timing's change counts only beyond `TimingResolution.singleRunFactor`.
    /// `exemption` says why the row does not gate, when it does not.
    public init(
        subject: ComparisonSubject, metric: ComparedMetric, baselineValues: [Double], candidateValues: [Double],
        settings: ComparisonSettings, exemption: GateExemption? = nil
    ) {
        self.exemption = exemption
        self.subject = subject
        self.metric = metric
        self.baselineValues = baselineValues
        self.candidateValues = candidateValues
        baseline = SampleSummary(baselineValues)?.median
        candidate = SampleSummary(candidateValues)?.median
        let testable = min(baselineValues.count, candidateValues.count) >= ComparisonSettings.minimumRepetitionsForTest
        test = testable ? MannWhitneyU(baselineValues, candidateValues) : nil
        let shift =
            testable && metric.isTiming ? ShiftBetweenSamples(from: baselineValues, to: candidateValues, confidence: 1 - settings.alpha) : nil
        resolution = shift?.halfWidth
        guard let baseline, let candidate else {
            verdict = .missing
            return
        }
        let change = candidate - baseline
        let significant = test.map { $0.pValue < settings.alpha } ?? true
        let tolerance = settings.tolerance(for: metric)
        let exceeded: Bool
        if let shift {
            exceeded = MetricTolerance(relativePct: tolerance.relativePct, absolute: max(tolerance.absolute, shift.halfWidth))
                .isExceeded(by: change, from: baseline)
        } else if metric.isTiming {
            // One run's timing resolves only a change by more than a factor (figures are not negative).
            let factor = TimingResolution.singleRunFactor
            exceeded = tolerance.isExceeded(by: change, from: baseline) && (candidate > baseline * factor || candidate * factor < baseline)
        } else {
            exceeded = tolerance.isExceeded(by: change, from: baseline)
        }
        if significant && exceeded {
            verdict = (change > 0) != metric.isHigherBetter ? .regressed : .improved
        } else if metric.isTiming && (shift.map { max(-$0.lower, $0.upper) > tolerance.threshold(from: baseline) } ?? true) {
            verdict = .unresolved
        } else {
            verdict = .unchanged
        }
    }

    /// Candidate minus baseline, in the metric's unit; nil when a side is missing.
    public var change: Double? {
        guard let baseline, let candidate else { return nil }
        return candidate - baseline
    }

    /// The change in percent of the baseline; nil when a side is missing or the baseline is 0.
    public var changePct: Double? {
        guard let change, let baseline, baseline != 0 else { return nil }
        return change / abs(baseline) * 100
    }
}

/// One timing of one case in rounds run on two builds in turn, and the verdict on it: the paired
/// differences (candidate minus baseline, round by round), their Hodges–Lehmann shift with its
/// confidence interval, and the Wilcoxon signed-rank test.
public struct PairedComparisonRow: Sendable, Equatable {
    /// The case.
    public let subject: ComparisonSubject
    /// The figure compared.
    public let metric: ComparedMetric
    /// The baseline's figure in each round where both sides have one.
    public let baselineValues: [Double]
    /// The candidate's figure in the same rounds, in the same order.
    public let candidateValues: [Double]
    /// The median of the baseline's figures; nil when no round has both.
    public let baseline: Double?
    /// The median of the candidate's figures; nil when no round has both.
    public let candidate: Double?
    /// The shift of the differences with its interval at 1 − `settings.alpha`; nil when no round has both.
    public let shift: HodgesLehmannShift?
    /// The signed-rank test of the differences; nil when no round has both.
    public let test: WilcoxonSignedRank?
    /// The conclusion.
    public let verdict: Verdict

    /// Compares the rounds' figures, `pairs` holding (baseline, candidate) of each round that has both:
    /// a shift beyond both parts of `settings`' tolerance for `metric` (relative to the baseline's
    /// median; the absolute part at least what the rounds resolve, the interval's half-width) is a
    /// regression if up, an improvement if down, provided the signed-rank test's p-value is below
    /// `settings.alpha`; a shift whose interval reaches beyond the tolerance otherwise is unresolved.
    /// No pairs is `missing`.
    public init(subject: ComparisonSubject, metric: ComparedMetric, pairs: [(baseline: Double, candidate: Double)], settings: ComparisonSettings) {
        self.subject = subject
        self.metric = metric
        baselineValues = pairs.map(\.baseline)
        candidateValues = pairs.map(\.candidate)
        baseline = SampleSummary(baselineValues)?.median
        candidate = SampleSummary(candidateValues)?.median
        let differences = pairs.map { $0.candidate - $0.baseline }
        shift = HodgesLehmannShift(differences, confidence: 1 - settings.alpha)
        test = WilcoxonSignedRank(differences)
        guard let baseline, let shift, let test else {
            verdict = .missing
            return
        }
        let tolerance = settings.tolerance(for: metric)
        let resolved = MetricTolerance(relativePct: tolerance.relativePct, absolute: max(tolerance.absolute, (shift.upper - shift.lower) / 2))
        if test.pValue < settings.alpha && resolved.isExceeded(by: shift.estimate, from: baseline) {
            verdict = shift.estimate > 0 ? .regressed : .improved
        } else if max(-shift.lower, shift.upper) > tolerance.threshold(from: baseline) {
            verdict = .unresolved
        } else {
            verdict = .unchanged
        }
    }

    /// The estimated shift in percent of the baseline's median; nil when a side is missing or the baseline is 0.
    public var changePct: Double? {
        percent(shift?.estimate)
    }

    /// The interval's ends in percent of the baseline's median; nil when a side is missing or the baseline is 0.
    public var intervalPct: (lower: Double, upper: Double)? {
        guard let shift, let lower = percent(shift.lower), let upper = percent(shift.upper) else { return nil }
        return (lower, upper)
    }

    private func percent(_ value: Double?) -> Double? {
        guard let value, let baseline, baseline != 0 else { return nil }
        return value / abs(baseline) * 100
    }
}

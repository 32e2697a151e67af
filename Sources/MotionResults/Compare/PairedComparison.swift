/// Two builds run in turn on one machine, round after round (`motionbench ab`), set side by side: every
/// case matched by workload, rate, filter, parameters and mode, each timing judged on its paired
/// differences (see `PairedComparisonRow`), what one side lacks listed, and what differs between the
/// two builds' environments.
public struct PairedComparison: Sendable {
    /// The metrics compared: the timings, which an A/B run exists for (instructions and allocations
    /// repeat exactly and need no pairing: `compare` gates on them).
    public static let metrics = ComparedMetric.costMetrics.filter(\.isTiming)

    /// How many rounds each side ran.
    public let rounds: Int
    /// The tolerances and significance level used.
    public let settings: ComparisonSettings
    /// One row per case × metric that at least one side has a figure for: the baseline's cases in the
    /// order they ran, then the candidate's new ones.
    public let rows: [PairedComparisonRow]
    /// Cases only the baseline ran.
    public let onlyInBaseline: [ComparisonSubject]
    /// Cases only the candidate ran.
    public let onlyInCandidate: [ComparisonSubject]
    /// What differs between the two builds' environments (their first rounds'); empty when nothing that matters does.
    public let environmentDifferences: [EnvironmentDifference]

    /// Compares the rounds: `baseline[i]` and `candidate[i]` are round i's runs of each build (the same
    /// count on both sides). A case's figure in a round is the median of that round's repetitions of it.
    public init(baseline: [RunResult], candidate: [RunResult], settings: ComparisonSettings = ComparisonSettings()) {
        precondition(baseline.count == candidate.count, "one run of each build per round")
        rounds = baseline.count
        self.settings = settings
        environmentDifferences = baseline.isEmpty ? [] : EnvironmentDifference.between(baseline[0], candidate[0])

        // Each side's cases round by round, keyed by subject.
        let baselineRounds = baseline.map { Dictionary(grouping: $0.cases) { ComparisonSubject(CaseKey($0.spec)) } }
        let candidateRounds = candidate.map { Dictionary(grouping: $0.cases) { ComparisonSubject(CaseKey($0.spec)) } }
        var order: [ComparisonSubject] = []
        for run in baseline + candidate {
            for result in run.cases {
                let subject = ComparisonSubject(CaseKey(result.spec))
                if !order.contains(subject) { order.append(subject) }
            }
        }
        let inBaseline = Set(baselineRounds.flatMap(\.keys)), inCandidate = Set(candidateRounds.flatMap(\.keys))
        onlyInBaseline = order.filter { !inCandidate.contains($0) }
        onlyInCandidate = order.filter { !inBaseline.contains($0) }
        rows = order.flatMap { subject in
            Self.metrics.compactMap { metric -> PairedComparisonRow? in
                let figures = zip(baselineRounds, candidateRounds).map { round in
                    (Self.figure(metric, round.0[subject]), Self.figure(metric, round.1[subject]))
                }
                // A metric the mode does not give (lateness in virtual time) has no row.
                guard figures.contains(where: { $0.0 != nil || $0.1 != nil }) else { return nil }
                let pairs = figures.compactMap { pair -> (baseline: Double, candidate: Double)? in
                    guard let baseline = pair.0, let candidate = pair.1 else { return nil }
                    return (baseline, candidate)
                }
                return PairedComparisonRow(subject: subject, metric: metric, pairs: pairs, settings: settings)
            }
        }
    }

    /// Regressed wins over incomplete, as in `RunComparison`.
    public var outcome: RunComparison.Outcome {
        if rows.contains(where: { $0.verdict == .regressed }) { return .regressed }
        if !onlyInBaseline.isEmpty || !onlyInCandidate.isEmpty || rows.contains(where: { $0.verdict == .missing }) { return .incomplete }
        return .passed
    }

    /// How many rows have `verdict`.
    public func count(of verdict: Verdict) -> Int {
        rows.filter { $0.verdict == verdict }.count
    }

    /// The median of `metric` over one round's repetitions of a case; nil when the round lacks the case or the figure.
    private static func figure(_ metric: ComparedMetric, _ repetitions: [CaseResult]?) -> Double? {
        SampleSummary((repetitions ?? []).map(metric.value(in:)))?.median
    }
}

/// A candidate run set against a baseline: every case matched by workload, rate, filter, parameters
/// and mode, every accuracy entry by its estimator, each metric judged (see `ComparisonRow`), what
/// one side lacks listed, and what differs between the two environments.
public struct RunComparison: Sendable {
    /// What the comparison means for a CI gate.
    public enum Outcome: Sendable, Equatable {
        /// Nothing regressed and every figure had both sides.
        case passed
        /// At least one figure regressed.
        case regressed
        /// Nothing regressed, but a case, an accuracy entry or a figure is on one side only.
        case incomplete
    }

    /// The run compared against.
    public let baselineRun: RunResult
    /// The run judged.
    public let candidateRun: RunResult
    /// The tolerances and significance level used.
    public let settings: ComparisonSettings
    /// One row per subject × metric that at least one side has a figure for: the baseline's cases in
    /// its order, then the candidate's new ones, then accuracy entries likewise.
    public let rows: [ComparisonRow]
    /// Cases and accuracy entries only the baseline has.
    public let onlyInBaseline: [ComparisonSubject]
    /// Cases and accuracy entries only the candidate has.
    public let onlyInCandidate: [ComparisonSubject]
    /// What differs between the runs' environments; empty when nothing that matters does.
    public let environmentDifferences: [EnvironmentDifference]

    /// Compares `candidate` with `baseline`.
    public init(baseline: RunResult, candidate: RunResult, settings: ComparisonSettings = ComparisonSettings()) {
        baselineRun = baseline
        candidateRun = candidate
        self.settings = settings
        environmentDifferences = EnvironmentDifference.between(baseline, candidate)

        let costs = Match.pair(baseline.cases, candidate.cases) { ComparisonSubject(CaseKey($0.spec)) }
        let accuracy = Match.pair(baseline.accuracy, candidate.accuracy) { ComparisonSubject(accuracyOf: $0) }
        let countedInstructions =
            baseline.cases.contains { $0.instructionsPerSample != nil } && candidate.cases.contains { $0.instructionsPerSample != nil }
        rows =
            costs.flatMap { match in
                ComparedMetric.costMetrics.compactMap { metric in
                    let values = (match.baseline.compactMap(metric.value(in:)), match.candidate.compactMap(metric.value(in:)))
                    return Self.row(
                        match.subject, metric, values.0, values.1, settings,
                        exemption: Self.exemption(metric, match, values: values, countedInstructions: countedInstructions, settings: settings))
                }
            }
            + accuracy.flatMap { match in
                ComparedMetric.accuracyMetrics.compactMap { metric in
                    let value = { (entry: AccuracyResult) in metric.value(in: entry.measures) }
                    return Self.row(match.subject, metric, match.baseline.compactMap(value), match.candidate.compactMap(value), settings)
                }
            }
        onlyInBaseline = costs.filter(\.candidate.isEmpty).map(\.subject) + accuracy.filter(\.candidate.isEmpty).map(\.subject)
        onlyInCandidate = costs.filter(\.baseline.isEmpty).map(\.subject) + accuracy.filter(\.baseline.isEmpty).map(\.subject)
    }

    /// Regressed wins over incomplete: a regression is the news, whatever else is missing. Only rows
    /// that gate can regress the comparison.
    public var outcome: Outcome {
        if rows.contains(where: { $0.verdict == .regressed && $0.gates }) { return .regressed }
        if !onlyInBaseline.isEmpty || !onlyInCandidate.isEmpty || rows.contains(where: { $0.verdict == .missing }) { return .incomplete }
        return .passed
    }

    /// How many rows that gate have `verdict`; for `.missing`, how many rows of any kind, as a figure
    /// one side lacks leaves the comparison incomplete whether or not it gates.
    public func count(of verdict: Verdict) -> Int {
        rows.filter { $0.verdict == verdict && ($0.gates || verdict == .missing) }.count
    }

    /// The metrics shown but not gating, each with why (the first reason met, in the rows' order).
    public var exemptMetrics: [(metric: ComparedMetric, exemption: GateExemption)] {
        var found: [(metric: ComparedMetric, exemption: GateExemption)] = []
        for metric in ComparedMetric.costMetrics + ComparedMetric.accuracyMetrics where !gatingMetrics.contains(metric) {
            if let exemption = rows.first(where: { $0.metric == metric && $0.exemption != nil })?.exemption { found.append((metric, exemption)) }
        }
        return found
    }

    /// The metrics that decided the outcome: those of rows that gate with a figure on both sides (a row
    /// one side lacks makes the comparison incomplete, whatever its metric).
    public var gatingMetrics: [ComparedMetric] {
        (ComparedMetric.costMetrics + ComparedMetric.accuracyMetrics).filter { metric in
            rows.contains { $0.metric == metric && $0.gates && $0.verdict != .missing }
        }
    }

    /// A row when either side has a figure; none when neither does (lateness in virtual time), as
    /// the metric does not apply there.
    private static func row(
        _ subject: ComparisonSubject, _ metric: ComparedMetric, _ baseline: [Double], _ candidate: [Double], _ settings: ComparisonSettings,
        exemption: GateExemption? = nil
    ) -> ComparisonRow? {
        guard !baseline.isEmpty || !candidate.isEmpty else { return nil }
        return ComparisonRow(
            subject: subject, metric: metric, baselineValues: baseline, candidateValues: candidate, settings: settings, exemption: exemption)
    }

    /// Why `metric`'s row of a case does not gate, or nil when it does. A timing gates only where the
    /// runs can tell a change from noise: both sides have the repetitions the Mann-Whitney U test
    /// needs, and no instruction counts gate the cost instead (unless `settings.gatesTime`). Counts
    /// (allocations, and the heap's peak and leaks) gate where they can differ by code alone: over the
    /// same ticks on both sides, or from none at all.
    private static func exemption(
        _ metric: ComparedMetric, _ match: Match<CaseResult>, values: ([Double], [Double]), countedInstructions: Bool,
        settings: ComparisonSettings
    ) -> GateExemption? {
        if metric.isTiming {
            if settings.gatesTime { return nil }
            if countedInstructions { return .instructionsCounted }
            // A side without the figure leaves the row missing; the other side's count still says
            // whether the figure could have gated.
            let fewer = [values.0.count, values.1.count].filter { $0 > 0 }.min() ?? 0
            return fewer >= ComparisonSettings.minimumRepetitionsForTest ? nil : .tooFewRepetitions(fewer)
        }
        switch metric {
        case .allocationsPerSample, .allocationBytesPerSample, .heapPeakBytes, .heapLeakedBytes:
            let ticks = Set((match.baseline + match.candidate).map(\.samples))
            return ticks.count == 1 || values.0.allSatisfy({ $0 == 0 }) ? nil : .differentTicks
        case .instructionsPerSample:
            let ticks = Set((match.baseline + match.candidate).compactMap(\.instructionTicks))
            return ticks.count <= 1 ? nil : .differentTicks
        default:
            return nil
        }
    }

    /// One subject's items (repetitions of a case, or an accuracy entry) on either side, possibly none.
    private struct Match<Item> {
        let subject: ComparisonSubject
        var baseline: [Item] = []
        var candidate: [Item] = []

        /// Pairs the two runs' items by subject: the baseline's subjects in first-seen order, then the
        /// candidate's new ones.
        static func pair(_ baseline: [Item], _ candidate: [Item], subject: (Item) -> ComparisonSubject) -> [Match] {
            var order: [ComparisonSubject] = []
            var matches: [ComparisonSubject: Match] = [:]
            func add(_ item: Item, toBaseline: Bool) {
                let key = subject(item)
                if matches[key] == nil {
                    order.append(key)
                    matches[key] = Match(subject: key)
                }
                if toBaseline { matches[key]!.baseline.append(item) } else { matches[key]!.candidate.append(item) }
            }
            for item in baseline { add(item, toBaseline: true) }
            for item in candidate { add(item, toBaseline: false) }
            return order.map { matches[$0]! }
        }
    }
}

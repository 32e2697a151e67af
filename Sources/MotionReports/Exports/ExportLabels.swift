import MotionResults

/// What a store files a run's figure under, as tags (InfluxDB) or labels (OpenMetrics): the case's
/// workload, rate (`50`, or `native` for a recording's own timing), filter, parameters
/// (`shapes=100`) and mode, then the run's commit and host. An empty value (no parameters, no
/// commit) is left out, as both stores read an empty label as none.
enum ExportLabels {
    /// The labels of `identity` in `mode` (nil for an accuracy entry, which has none) in `run`, in that order.
    static func of(_ identity: CaseIdentity, mode: RunMode?, in run: RunResult) -> [(key: String, value: String)] {
        let labels: [(key: String, value: String)] = [
            ("workload", identity.workload),
            ("rate", identity.recordedTiming ? "native" : CaseIdentity.spelling(identity.rateHz)),
            ("filter", identity.filter), ("parameters", identity.parameterText), ("mode", mode?.rawValue ?? ""),
            ("commit", run.environment.gitCommit ?? ""), ("host", run.environment.host),
        ]
        return labels.filter { !$0.value.isEmpty }
    }

    /// The accuracy entries of `run` with their labels: our cases' and recorded competitors' (their
    /// name as the filter, their mean rate as the rate).
    static func accuracy(in run: RunResult) -> [(labels: [(key: String, value: String)], figures: [AccuracyFigures.Figure])] {
        run.accuracy.map { entry in
            (of(ComparisonSubject(accuracyOf: entry).identity, mode: nil, in: run), AccuracyFigures.all(entry.measures))
        }
    }
}

import MotionResults

/// A comparison as tidy CSV: one row per case or accuracy entry × metric, with the case columns
/// first as in the run's own files. `mode` is empty for accuracy entries, which are scored once
/// whatever the modes; an empty figure is one the side does not have, never 0. `gated` says whether
/// the row could fail the comparison, `not_gated_because` why not; `resolution` is what the runs'
/// repetitions resolve of a timing (`ComparisonRow.resolution`), empty elsewhere.
public enum CompareCSV {
    /// The columns, in order.
    public static let header = [
        "workload", "rate_hz", "filter", "params", "mode", "metric", "unit", "baseline", "candidate", "change", "change_pct",
        "baseline_n", "candidate_n", "p_value", "test", "verdict", "gated", "not_gated_because", "resolution",
    ]

    /// The CSV text.
    public static func render(_ comparison: RunComparison) -> String {
        var table = CSVTable(header: header)
        for row in comparison.rows {
            let subject = row.subject
            table.append([
                subject.workload, Format.hertz(subject.rateHz), subject.filter, subject.parameterText, subject.mode?.rawValue ?? "",
                row.metric.rawValue, row.metric.unit,
                Format.significant(row.baseline, 6), Format.significant(row.candidate, 6), Format.significant(row.change, 6),
                Format.fixed(row.changePct, 2), String(row.baselineValues.count), String(row.candidateValues.count),
                Format.significant(row.test?.pValue, 4), row.test?.method.rawValue ?? "", row.verdict.rawValue,
                row.gates ? "true" : "false", row.exemption.map { GateSummary.reason($0) } ?? "", Format.significant(row.resolution, 4),
            ])
        }
        return table.text
    }
}

import Foundation
import MotionResults

/// A history as two tidy CSV files that join on their first columns: `history.csv`, a row per value
/// (every repetition of every run of every commit, per case and metric, full precision), and
/// `history-steps.csv`, a row per step (a header alone when there is none).
public enum HistoryCSV {
    /// The values' file name.
    public static let valuesFile = "history.csv"
    /// The steps' file name.
    public static let stepsFile = "history-steps.csv"

    /// Columns that identify a series, first in both files.
    static let seriesColumns = ["workload", "rate_hz", "recorded_timing", "filter", "params", "mode", "recorded_estimate", "metric", "unit"]

    static func seriesCells(_ series: RunHistory.Series) -> [String] {
        let subject = series.subject
        return [
            subject.workload, Format.hertz(subject.rateHz), String(subject.identity.recordedTiming), subject.filter, subject.parameterText,
            subject.mode?.rawValue ?? "", subject.recordedEstimate ?? "", series.metric.rawValue, series.metric.unit,
        ]
    }

    /// The commit at `position`: its position, full hash (empty for none) and time, UTC.
    static func commitCells(_ history: RunHistory, _ position: Int) -> [String] {
        let commit = history.commits[position]
        return [String(position), commit.commit ?? "", RunResult.timestamp(Date(timeIntervalSince1970: TimeInterval(commit.time)))]
    }

    /// One row per value.
    public static func values(_ history: RunHistory) -> String {
        var table = CSVTable(header: seriesColumns + ["position", "commit", "time", "value_index", "value"])
        for series in history.series {
            for (position, values) in series.values.enumerated() {
                for (index, value) in values.enumerated() {
                    table.append(seriesCells(series) + commitCells(history, position) + [String(index), "\(value)"])
                }
            }
        }
        return table.text
    }

    /// One row per step.
    public static func steps(_ history: RunHistory) -> String {
        var table = CSVTable(
            header: seriesColumns + [
                "position", "commit", "time", "before", "after", "change", "change_pct", "interval_lower", "interval_upper", "p_value",
                "confidence", "exact", "worse", "flagged",
            ])
        let optional = { (value: Double?) in value.map { "\($0)" } ?? "" }
        for series in history.series {
            for step in series.steps {
                table.append(
                    seriesCells(series) + commitCells(history, step.index) + [
                        "\(step.before)", "\(step.after)", "\(step.change)", optional(step.changePct), "\(step.lower)", "\(step.upper)",
                        optional(step.pValue), "\(step.confidence)", String(step.isExact), String(series.isWorse(step)),
                        String(series.isFlagged(step)),
                    ])
            }
        }
        return table.text
    }
}

import Foundation
import MotionResults

/// How a history's figures, commits and steps read, the same in its Markdown, its charts and its page.
enum HistoryFigures {
    /// Four significant digits, or — for a missing figure.
    static func number(_ value: Double?) -> String {
        let text = Format.significant(value, 4)
        return text.isEmpty ? "—" : text
    }

    /// A commit's time to the minute, UTC: `2026-11-22 19:57`.
    static func time(_ seconds: Int64) -> String {
        String(RunResult.timestamp(Date(timeIntervalSince1970: TimeInterval(seconds))).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    /// `abcdef12 (2026-11-22 19:57)`.
    static func commit(_ commit: RunHistory.Commit) -> String {
        "\(commit.label) (\(time(commit.time)))"
    }

    /// A step's change: `+12.6 %` (or the absolute change, `+10`, where the level before was 0).
    static func change(_ step: ChangePointDetection.Step) -> String {
        let sign = step.change > 0 ? "+" : ""
        guard let percent = step.changePct else { return sign + number(step.change) }
        return sign + Format.fixed(percent, 1) + " %"
    }

    /// How sure a step is: `exact` (both levels repeat one value), or the U test's p-value.
    static func sureness(_ step: ChangePointDetection.Step) -> String {
        step.pValue.map { "p = " + Format.significant($0, 2) } ?? "exact"
    }

    /// A case or accuracy entry as a reader names it: `heading 50 Hz mahony virtual`.
    static func label(_ subject: ComparisonSubject) -> String {
        CompareMarkdown.label(subject)
    }
}

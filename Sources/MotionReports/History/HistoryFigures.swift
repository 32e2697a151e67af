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
        relative(step.change, of: step.before, unit: true)
    }

    /// A step's interval: `+11.9 to +13.4 %` (or in the metric's unit where the level before was 0).
    static func interval(_ step: ChangePointDetection.Step) -> String {
        relative(step.lower, of: step.before, unit: false) + " to " + relative(step.upper, of: step.before, unit: true)
    }

    /// `change` in percent of `base` to one decimal, signed, with ` %` when `unit`; the absolute
    /// change, signed, where `base` is 0.
    private static func relative(_ change: Double, of base: Double, unit: Bool) -> String {
        let sign = change > 0 ? "+" : ""
        guard base != 0 else { return sign + number(change) }
        return sign + Format.fixed(change / abs(base) * 100, 1) + (unit ? " %" : "")
    }

    /// How sure a step is: `exact` (both levels repeat one value), or its p-value to two significant
    /// digits, `p = 0.0012`, or `p = 3.1e-9` below 0.001; `p < 1e-300` where it is 0 (below what a
    /// Double holds, or levels with no spread to weigh the step against).
    static func sureness(_ step: ChangePointDetection.Step) -> String {
        guard let p = step.pValue else { return "exact" }
        guard p > 0 else { return "p < 1e-300" }
        guard p < 0.001 else { return "p = " + Format.significant(p, 2) }
        var exponent = Int(log10(p).rounded(.down))
        var mantissa = (p / pow(10, Double(exponent)) * 10).rounded() / 10
        // 9.96e-5 rounds to 10.0e-5: carry it.
        if mantissa >= 10 {
            mantissa /= 10
            exponent += 1
        }
        return "p = " + Format.fixed(mantissa, 1) + "e" + String(exponent)
    }

    /// Whether a step is a regression over the series' minimum change: `yes`, or `no`.
    static func flag(_ step: ChangePointDetection.Step, in series: RunHistory.Series) -> String {
        series.isFlagged(step) ? "yes" : "no"
    }

    /// A case or accuracy entry as a reader names it: `heading 50 Hz mahony virtual`.
    static func label(_ subject: ComparisonSubject) -> String {
        CompareMarkdown.label(subject)
    }
}

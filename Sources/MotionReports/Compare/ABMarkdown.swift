import Foundation
import MotionResults

/// An A/B timing (`motionbench ab`) as Markdown for a CI job summary, laid out like `compare`'s: the
/// verdict counts in the heading, the two builds, a warning when their environments differ, the
/// regressions first as a list, then every figure in one table with the shift's confidence interval,
/// the cases one side lacks, and the rules the verdicts followed.
public enum ABMarkdown {
    /// The Markdown text; `baselineName` and `candidateName` name the executables, `environments` the
    /// variables each side's rounds ran with (`NAME=VALUE`), and `runArguments` what every round ran.
    public static func render(
        _ comparison: PairedComparison, baselineName: String, candidateName: String,
        environments: (baseline: [String], candidate: [String]) = ([], []),
        runArguments: [String]
    ) -> String {
        let counts = Verdict.allCases.map { "\(comparison.count(of: $0)) \($0.rawValue)" }.joined(separator: ", ")
        var out = "## motionbench ab: \(counts)\n\n"
        out += "| | Baseline | Candidate |\n|---|---|---|\n"
        out += "| Executable | \(MarkdownText.code(baselineName)) | \(MarkdownText.code(candidateName)) |\n"
        if !environments.baseline.isEmpty || !environments.candidate.isEmpty {
            let list = { (variables: [String]) in variables.isEmpty ? "—" : variables.map(MarkdownText.code).joined(separator: " ") }
            out += "| Environment | \(list(environments.baseline)) | \(list(environments.candidate)) |\n"
        }
        out +=
            "\n\(comparison.rounds) rounds in ABBA order, each running \(MarkdownText.code("run " + runArguments.joined(separator: " "))) once on each build.\n\n"
        if !comparison.environmentDifferences.isEmpty {
            out += "> **Warning:** the builds' environments differ, so their figures may not be comparable: "
            out +=
                comparison.environmentDifferences.map {
                    "\($0.field) \(MarkdownText.code($0.baseline)) → \(MarkdownText.code($0.candidate))"
                }.joined(separator: "; ") + ".\n\n"
        }
        let regressed = comparison.rows.filter { $0.verdict == .regressed }
        if !regressed.isEmpty {
            out += "**Regressed:**\n\n"
            for row in regressed {
                let percent = row.changePct.map { ", \(CompareMarkdown.signed($0) { Format.fixed($0, 1) }) %" } ?? ""
                out += "- `\(CompareMarkdown.label(row.subject))` \(row.metric.title): \(CompareMarkdown.number(row.baseline)) → "
                out += "\(CompareMarkdown.number(row.candidate)) (\(CompareMarkdown.signed(row.shift?.estimate, CompareMarkdown.number))\(percent), "
                out += "\(confidence(comparison)) CI \(interval(row)), p = \(Format.significant(row.test?.pValue, 2)))\n"
            }
            out += "\n"
        }
        if !comparison.rows.isEmpty { out += table(comparison) }
        for (side, subjects) in [("baseline", comparison.onlyInBaseline), ("candidate", comparison.onlyInCandidate)] where !subjects.isEmpty {
            out += "Only in the \(side): " + subjects.map { "`\(CompareMarkdown.label($0))`" }.joined(separator: ", ") + ".\n\n"
        }
        out += rules(comparison)
        return out
    }

    private static func table(_ comparison: PairedComparison) -> String {
        var out =
            "| Workload | Rate (Hz) | Filter | Mode | Metric | Baseline | Candidate | Change | Change % | \(confidence(comparison)) CI | p | Verdict |\n"
        out += "|---|---:|---|---|---|---:|---:|---:|---:|---:|---:|---|\n"
        for row in comparison.rows {
            let subject = row.subject
            let filter = subject.parameterText.isEmpty ? subject.filter : "\(subject.filter) · \(subject.parameterText)"
            let verdict = row.verdict == .regressed ? "**regressed**" : row.verdict.rawValue
            out += "| \(subject.workload) | \(Format.hertz(subject.rateHz)) | \(filter) | \(subject.mode?.rawValue ?? "—") | "
            out += "\(row.metric.title) | \(CompareMarkdown.number(row.baseline)) | \(CompareMarkdown.number(row.candidate)) | "
            out += "\(CompareMarkdown.signed(row.shift?.estimate, CompareMarkdown.number)) | "
            out += "\(CompareMarkdown.signed(row.changePct) { CompareMarkdown.cell(Format.fixed($0, 1)) }) | \(interval(row)) | "
            out += "\(CompareMarkdown.cell(Format.significant(row.test?.pValue, 2))) | \(verdict) |\n"
        }
        return out + "\n"
    }

    /// The shift's interval as `low … high` in the metric's unit, or — without one.
    private static func interval(_ row: PairedComparisonRow) -> String {
        guard let shift = row.shift else { return "—" }
        return "\(CompareMarkdown.signed(shift.lower, CompareMarkdown.number)) … \(CompareMarkdown.signed(shift.upper, CompareMarkdown.number))"
    }

    /// The interval's confidence as a percentage, e.g. `95 %`.
    private static func confidence(_ comparison: PairedComparison) -> String {
        "\(Format.hertz(((1 - comparison.settings.alpha) * 1000).rounded() / 10)) %"
    }

    private static func rules(_ comparison: PairedComparison) -> String {
        let metrics = PairedComparison.metrics.filter { metric in comparison.rows.contains { $0.metric == metric } }
        let tolerances = metrics.map { metric -> String in
            let tolerance = comparison.settings.tolerance(for: metric)
            return "`\(metric.rawValue)=\(Format.hertz(tolerance.relativePct))%,\(Format.hertz(tolerance.absolute))`"
        }
        var out = "Baseline and Candidate are medians over rounds; Change is the Hodges–Lehmann estimate of the paired "
        out += "differences (candidate minus baseline, round by round) and its confidence interval; p is the two-sided Wilcoxon "
        out += "signed-rank test's. A change counts only when it exceeds both the relative and the absolute tolerance"
        out += tolerances.isEmpty ? "" : " (" + tolerances.joined(separator: " ") + ", absolute parts in each metric's unit)"
        out += " and p < \(Format.hertz(comparison.settings.alpha)). A rise is a regression, a fall an improvement. Missing figures are shown as —.\n"
        return out
    }
}

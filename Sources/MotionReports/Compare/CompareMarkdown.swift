import Foundation
import MotionResults

/// A comparison as Markdown for a CI job summary: the verdict counts of the figures that gate in the
/// heading, the two runs, a warning when their environments differ, what gated and what did not and
/// why, the regressions first as a list, then every figure in one table, the cases one side lacks,
/// and the rules the verdicts followed.
public enum CompareMarkdown {
    /// The Markdown text; `baselineName` and `candidateName` say where each run came from (a path,
    /// or a saved baseline's name); `profiles` say where changed instructions went, their flame
    /// graphs linked as `CompareProfiles.files` names them with `profilePrefix` (none when nil).
    public static func render(
        _ comparison: RunComparison, baselineName: String, candidateName: String, profiles: [ProfileComparison] = [],
        profilePrefix: String? = nil
    ) -> String {
        let counts = Verdict.allCases.map { "\(comparison.count(of: $0)) \($0.rawValue)" }.joined(separator: ", ")
        var out = "## motionbench compare: \(counts)\n\n"
        out += runs(comparison, baselineName: baselineName, candidateName: candidateName)
        if !comparison.environmentDifferences.isEmpty {
            out += "> **Warning:** the runs' environments differ, so their figures may not be comparable: "
            out +=
                comparison.environmentDifferences.map { "\($0.field) \(MarkdownText.code($0.baseline)) → \(MarkdownText.code($0.candidate))" }
                .joined(separator: "; ") + ".\n\n"
        }
        for (side, run) in [("baseline", comparison.baselineRun), ("candidate", comparison.candidateRun)] {
            guard let interruption = run.interruption else { continue }
            out +=
                "> **Warning:** the \(side) is not a complete run (\(interruption.summary(finishedCases: run.cases.count))): the cases it lacks are listed as missing.\n\n"
        }
        for line in [GateSummary.gated(comparison), GateSummary.notGated(comparison)].compactMap({ $0 }) { out += line + "\n\n" }
        out += changeList("Regressed", comparison.rows.filter { $0.verdict == .regressed && $0.gates })
        out += changeList("Rose, not gated", comparison.rows.filter { $0.verdict == .regressed && !$0.gates })
        out += whereItWent(profiles, prefix: profilePrefix)
        if !comparison.rows.isEmpty { out += table(comparison.rows) }
        for (side, subjects) in [("baseline", comparison.onlyInBaseline), ("candidate", comparison.onlyInCandidate)] where !subjects.isEmpty {
            out += "Only in the \(side): " + subjects.map { "`\(label($0))`" }.joined(separator: ", ") + ".\n\n"
        }
        out += rules(comparison)
        return out
    }

    /// The rows as a list under `title`, each with its change and p; empty when there are none.
    private static func changeList(_ title: String, _ rows: [ComparisonRow]) -> String {
        guard !rows.isEmpty else { return "" }
        var out = "**\(title):**\n\n"
        for row in rows {
            let p = row.test.map { ", p = \(Format.significant($0.pValue, 2))" } ?? ""
            let percent = row.changePct.map { ", \(signed($0) { Format.fixed($0, 1) }) %" } ?? ""
            out += "- `\(label(row.subject))` \(row.metric.title): \(number(row.baseline)) → \(number(row.candidate)) "
            out += "(\(signed(row.change, number))\(percent)\(p))\n"
        }
        return out + "\n"
    }

    /// For each case whose instructions changed, the functions that changed most, and its flame graph.
    private static func whereItWent(_ profiles: [ProfileComparison], prefix: String?) -> String {
        guard !profiles.isEmpty else { return "" }
        var out = "### Where it went\n\n"
        for profile in profiles {
            out += "`\(label(profile.subject))`, inclusive instructions per sample by function"
            out += profile.baseline == nil ? " (the baseline has no profile: the candidate's alone):\n\n" : ":\n\n"
            out += "| Function | Baseline | Candidate | Change |\n|---|---:|---:|---:|\n"
            for change in profile.changes {
                out +=
                    "| \(MarkdownText.code(change.function)) | \(number(change.baseline)) | \(number(change.candidate)) | \(signed(change.change, number)) |\n"
            }
            if let prefix {
                let stem = CompareProfiles.fileStem(profile, prefix: prefix)
                out += "\n![flame graph](\(stem).svg) (stacks: [`\(stem).folded`](\(stem).folded))\n"
            }
            out += "\n"
        }
        return out
    }

    private static func runs(_ comparison: RunComparison, baselineName: String, candidateName: String) -> String {
        let (baseline, candidate) = (comparison.baselineRun, comparison.candidateRun)
        let rows: [(String, (RunResult) -> String)] = [
            ("Started", { $0.startedAt }),
            ("Commit", { $0.environment.gitCommit.map { String($0.prefix(12)) } ?? "—" }),
            ("Host", { $0.environment.host }),
            ("Build", { $0.environment.buildConfiguration }),
            ("Repetitions", { String($0.settings.repetitions) }),
        ]
        var out = "| | Baseline | Candidate |\n|---|---|---|\n"
        out += "| Run | \(MarkdownText.code(baselineName)) | \(MarkdownText.code(candidateName)) |\n"
        for (title, value) in rows { out += "| \(title) | \(MarkdownText.cell(value(baseline))) | \(MarkdownText.cell(value(candidate))) |\n" }
        return out + "\n"
    }

    private static func table(_ rows: [ComparisonRow]) -> String {
        var out = "| Workload | Rate (Hz) | Filter | Mode | Metric | Baseline | Candidate | Change | Change % | p | Verdict |\n"
        out += "|---|---:|---|---|---|---:|---:|---:|---:|---:|---|\n"
        for row in rows {
            let subject = row.subject
            let filter = subject.parameterText.isEmpty ? subject.filter : "\(subject.filter) · \(subject.parameterText)"
            let verdict =
                switch (row.verdict, row.gates) {
                case (.regressed, true): "**regressed**"
                case (.regressed, false): "rose (not gated)"
                case (.improved, false): "fell (not gated)"
                case (.unresolved, _): unresolved(row)
                default: row.verdict.rawValue
                }
            out += "| \(subject.workload) | \(Format.hertz(subject.rateHz)) | \(filter) | \(subject.mode?.rawValue ?? "accuracy") | "
            out += "\(row.metric.title) | \(number(row.baseline)) | \(number(row.candidate)) | "
            out += "\(signed(row.change, number)) | \(signed(row.changePct) { cell(Format.fixed($0, 1)) }) | "
            out += "\(cell(Format.significant(row.test?.pValue, 2))) | \(verdict) |\n"
        }
        return out + "\n"
    }

    /// An unresolved timing with what the runs resolve: the interval's half-width, or one run's factor.
    static func unresolved(_ row: ComparisonRow) -> String {
        guard let resolution = row.resolution else { return "unresolved (one run resolves ×\(Format.hertz(TimingResolution.singleRunFactor)))" }
        return "unresolved (±\(number(resolution)))"
    }

    private static func rules(_ comparison: RunComparison) -> String {
        let metrics = ComparedMetric.allCases.filter { metric in comparison.rows.contains { $0.metric == metric } }
        let tolerances = metrics.map { metric -> String in
            let tolerance = comparison.settings.tolerance(for: metric)
            return "`\(metric.rawValue)=\(Format.hertz(tolerance.relativePct))%,\(Format.hertz(tolerance.absolute))`"
        }
        var out = "Figures are medians over repetitions. A change counts only when it exceeds both the relative and the absolute tolerance"
        out += tolerances.isEmpty ? "" : " (" + tolerances.joined(separator: " ") + ", absolute parts in each metric's unit)"
        out += " and, where both runs have \(ComparisonSettings.minimumRepetitionsForTest) or more repetitions, "
        out += "the two-sided Mann-Whitney U test gives p < \(Format.hertz(comparison.settings.alpha)) (p is — where a run has fewer). "
        out += "A rise is a regression, a fall an improvement"
        out += comparison.rows.contains { $0.metric.isHigherBetter } ? " (the other way round for the event scores, F1 and recall). " : ". "
        out += "Missing figures are shown as —. "
        out += "Timings gate only where both runs have \(ComparisonSettings.minimumRepetitionsForTest) or more repetitions and "
        out += "no instruction counts (unless asked): a single run's timing on a shared machine moves beyond the tolerances whatever "
        let confidence = Format.hertz(((1 - comparison.settings.alpha) * 100_000).rounded() / 1000)
        out += "the code did. A timing's absolute tolerance is at least what the runs' repetitions resolve (±, the half-width of the "
        out += "\(confidence) % interval of the shift between them); a timing is *unresolved* where that interval reaches beyond the tolerance, "
        out += "or, with fewer repetitions, where it moved by less than a factor of \(Format.hertz(TimingResolution.singleRunFactor)), "
        out += "all a single run resolves. The counts of regressed, improved, unchanged and unresolved figures above are of those that gate. "
        out +=
            "Counts gate over equal ticks (allocations and the heap's peak and leaks also where the baseline had none; the heap held whatever the ticks).\n"
        return out
    }

    /// Four significant digits, or — for a missing figure.
    static func number(_ value: Double?) -> String {
        cell(Format.significant(value, 4))
    }

    static func cell(_ text: String) -> String {
        text.isEmpty ? "—" : text
    }

    /// `value` formatted, with a + in front when positive, so a rise reads as one.
    static func signed(_ value: Double?, _ format: (Double?) -> String) -> String {
        (value ?? 0) > 0 ? "+" + format(value) : format(value)
    }

    /// A one-line label, e.g. `accelerometer 10 Hz low-pass virtual` or `heading 50 Hz madgwick beta=0.1 accuracy`.
    static func label(_ subject: ComparisonSubject) -> String {
        let parameters = subject.parameterText.isEmpty ? "" : " " + subject.parameterText
        return "\(subject.workload) \(Format.hertz(subject.rateHz)) Hz \(subject.filter)\(parameters) \(subject.mode?.rawValue ?? "accuracy")"
    }
}

import MotionResults

/// A history as Markdown: what it is made of, the steps found, the commits, the runs left out, and
/// per case (or accuracy entry) a table of its figures commit by commit, with its charts when written
/// to files.
public enum HistoryMarkdown {
    /// The Markdown text; `charts` names each series' chart file (`HistoryReport.chartNames`), linked
    /// above its case's table; none when printed alone.
    public static func render(_ history: RunHistory, charts: [HistorySeriesKey: String] = [:]) -> String {
        let runs = history.commits.reduce(0) { $0 + $1.runs.count }
        var out = "# motionbench history\n\n"
        if let first = history.commits.first, let last = history.commits.last {
            out += "\(runs) run\(runs == 1 ? "" : "s") at \(history.commits.count) commit\(history.commits.count == 1 ? "" : "s"), "
            out += "\(HistoryFigures.time(first.time)) to \(HistoryFigures.time(last.time)) UTC, \(history.series.count) series. "
        } else {
            out += "No run to line up. "
        }
        out += "Environment: " + history.environment.map { "\($0.name) \(MarkdownText.code($0.value))" }.joined(separator: ", ") + ".\n\n"
        out += steps(history)
        out += commitTable(history)
        if !history.excluded.isEmpty {
            out += "## Left out\n\n| Run | Why |\n|---|---|\n"
            out += history.excluded.map { "| \(MarkdownText.code($0.path)) | \(MarkdownText.cell($0.reason)) |\n" }.joined() + "\n"
        }
        out += trends(history, charts: charts)
        let settings = history.settings
        out += "Figures are medians over every repetition of every run of a commit. "
        out += "Steps: levels placed by an L1 fit over every value (a level holds \(settings.minimumLength) commits or more), each step kept when "
        out += "the chance that noise alone shows one as strong between its neighbours is below \(settings.alpha) "
        out += "(exact where both levels repeat one value) and lines fitted to the \(settings.driftWindow) commits on each side still jump there "
        out += "(p < \(settings.driftAlpha); a drift bends instead). The interval is Hodges–Lehmann's at "
        out += "\(Format.fixed(settings.confidence * 100, 0)) %. A step is flagged as a regression when it goes the worse way by more than "
        out += "the metric's minimum change (`--min-change`, by default its tolerance in `compare`). "
        out += "▲ marks a commit where a level rose, ▼ where it fell.\n"
        return out
    }

    private static func steps(_ history: RunHistory) -> String {
        let found = history.series.flatMap { series in series.steps.map { (series, $0) } }
        guard !found.isEmpty else { return "## Steps\n\nNo step found in \(history.series.count) series.\n\n" }
        let flagged = found.filter { $0.0.isFlagged($0.1) }.count
        var out = "## Steps\n\n\(found.count) step\(found.count == 1 ? "" : "s"), \(flagged) flagged as a regression.\n\n"
        out += "| Case | Metric | First commit on the new level | Before | After | Change | Interval | How sure | Regression |\n"
        out += "|---|---|---|---:|---:|---:|---:|---|---|\n"
        for (series, step) in found {
            out +=
                "| \(MarkdownText.cell(HistoryFigures.label(series.subject))) | \(series.metric.title) | \(MarkdownText.cell(HistoryFigures.commit(history.commits[step.index]))) | "
            out += "\(HistoryFigures.number(step.before)) | \(HistoryFigures.number(step.after)) | \(HistoryFigures.change(step)) | "
            out += "\(HistoryFigures.interval(step)) | \(HistoryFigures.sureness(step)) | \(HistoryFigures.flag(step, in: series)) |\n"
        }
        return out + "\n"
    }

    private static func commitTable(_ history: RunHistory) -> String {
        var out = "## Commits\n\n| # | Commit | Time (UTC) | Placed by | Runs |\n|---:|---|---|---|---|\n"
        for (index, commit) in history.commits.enumerated() {
            let runs = commit.runs.map(MarkdownText.code).joined(separator: ", ") + (commit.incomplete ? " (incomplete)" : "")
            out +=
                "| \(index + 1) | \(commit.commit.map(MarkdownText.code) ?? "no commit") | \(HistoryFigures.time(commit.time)) | \(commit.timeSource.rawValue) | \(runs) |\n"
        }
        return out + "\n"
    }

    /// Per case, its series side by side, a row per commit.
    private static func trends(_ history: RunHistory, charts: [HistorySeriesKey: String]) -> String {
        var out = "## Trends\n\n"
        var subjects: [ComparisonSubject] = []
        for series in history.series where !subjects.contains(series.subject) { subjects.append(series.subject) }
        for subject in subjects {
            let columns = history.series.filter { $0.subject == subject }
            out += "### \(MarkdownText.cell(HistoryFigures.label(subject)))\n\n"
            for series in columns {
                if let chart = charts[HistorySeriesKey(series)] { out += "![\(series.metric.title)](\(chart))\n" }
            }
            if columns.contains(where: { charts[HistorySeriesKey($0)] != nil }) { out += "\n" }
            out += "| Commit | " + columns.map(\.metric.title).joined(separator: " | ") + " |\n"
            out += "|---|" + String(repeating: "---:|", count: columns.count) + "\n"
            for index in history.commits.indices {
                let cells = columns.map { series -> String in
                    let median = series.medians[index]
                    let mark = series.steps.first { $0.index == index }.map { $0.change > 0 ? " ▲" : " ▼" } ?? ""
                    return HistoryFigures.number(median) + mark
                }
                out += "| \(MarkdownText.cell(HistoryFigures.commit(history.commits[index]))) | " + cells.joined(separator: " | ") + " |\n"
            }
            let missing = columns.filter { !$0.missing.isEmpty }
            if !missing.isEmpty {
                out +=
                    "\nMissing: "
                    + missing.map { series in
                        "\(series.metric.title) at " + series.missing.map { MarkdownText.cell(history.commits[$0].label) }.joined(separator: ", ")
                    }.joined(separator: "; ") + ".\n"
            }
            out += "\n"
        }
        return out
    }
}

/// A series of a history by what it follows: the case (or accuracy entry) and the metric.
public struct HistorySeriesKey: Hashable, Sendable {
    /// The case in one mode, or the accuracy entry.
    public var subject: ComparisonSubject
    /// The figure.
    public var metric: ComparedMetric

    /// The key of `series`.
    public init(_ series: RunHistory.Series) {
        subject = series.subject
        metric = series.metric
    }
}

import Foundation
import MotionResults

/// Writes a history into a folder: `history.md` with a chart per series (`history-CASE-MODE-METRIC.svg`,
/// linked); with `html`, `history.html` (`HistoryPage`); with `json`, `history.json` (`HistoryJSON`);
/// with `csv`, `history.csv` and `history-steps.csv` (`HistoryCSV`). Each file is written atomically.
public enum HistoryReport {
    /// What a history can be written as.
    public enum Output: String, CaseIterable, Sendable {
        /// history.md and its SVG charts.
        case md
        /// history.html: one self-contained page.
        case html
        /// history.json: every value and step, for scripts.
        case json
        /// history.csv and history-steps.csv: every value, and every step.
        case csv
    }

    /// The Markdown's file name.
    public static let markdownFile = "history.md"
    /// The JSON's file name.
    public static let jsonFile = "history.json"

    /// Each series' chart file, unique: `history-heading-50hz-mahony-virtual-cpu_ns_per_sample.svg`.
    public static func chartNames(_ history: RunHistory) -> [HistorySeriesKey: String] {
        let keys = history.series.map(HistorySeriesKey.init)
        let names = UniqueNames(keys) { key in
            "history-\(key.subject.identity.name)-\(key.subject.mode?.rawValue ?? "accuracy")-\(key.metric.rawValue)"
        }
        return Dictionary(uniqueKeysWithValues: keys.map { ($0, names[$0]! + ".svg") })
    }

    /// Writes the files of `formats` into `folder` and returns their names, in the order written.
    public static func write(_ history: RunHistory, to folder: URL, formats: Set<Output>) throws -> [String] {
        try AtomicFile.prepareFolder(folder)
        var files: [(name: String, data: Data)] = []
        if formats.contains(.md) {
            let charts = chartNames(history)
            for series in history.series {
                files.append((charts[HistorySeriesKey(series)]!, Data(HistoryChart(series: series, commits: history.commits).svg().utf8)))
            }
            files.append((markdownFile, Data(HistoryMarkdown.render(history, charts: charts).utf8)))
        }
        if formats.contains(.html) { files.append((HistoryPage.fileName, Data(HistoryPage.render(history).utf8))) }
        if formats.contains(.json) { files.append((jsonFile, Data(try HistoryJSON.render(history).utf8))) }
        if formats.contains(.csv) {
            files.append((HistoryCSV.valuesFile, Data(HistoryCSV.values(history).utf8)))
            files.append((HistoryCSV.stepsFile, Data(HistoryCSV.steps(history).utf8)))
        }
        for file in files { try AtomicFile.write(file.data, to: try RunFolder.file(file.name, in: folder)) }
        return files.map(\.name)
    }
}

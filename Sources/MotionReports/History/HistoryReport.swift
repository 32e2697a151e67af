import Foundation
import MotionResults

/// Writes a history into a folder: `history.md` with a chart per series (`history-CASE-MODE-METRIC.svg`,
/// linked), and with `html`, `history.html` (`HistoryPage`). Each file is written atomically.
public enum HistoryReport {
    /// What a history can be written as.
    public enum Output: String, CaseIterable, Sendable {
        /// history.md and its SVG charts.
        case md
        /// history.html: one self-contained page.
        case html
    }

    /// The Markdown's file name.
    public static let markdownFile = "history.md"

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
        for file in files { try AtomicFile.write(file.data, to: try RunFolder.file(file.name, in: folder)) }
        return files.map(\.name)
    }
}

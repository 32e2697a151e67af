import Foundation
import MotionBench

/// Writes a run's files into its folder: run.json, summary.csv, threads.csv, timeseries.csv,
/// accuracy.csv (when anything was scored), report.md and its charts. Each file is written atomically.
public enum RunReport {
    /// The file names written, in order.
    public static func write(_ run: RunResult, to folder: URL, includingRunJSON: Bool = true) throws -> [String] {
        try AtomicFile.prepareFolder(folder)
        let charts = RunCharts.make(run)
        var files: [(String, Data)] = []
        if includingRunJSON { files.append(("run.json", try run.encoded())) }
        files += [
            ("summary.csv", Data(RunCSV.summary(run).utf8)),
            ("threads.csv", Data(RunCSV.threads(run).utf8)),
            ("timeseries.csv", Data(RunCSV.timeseries(run).utf8)),
        ]
        if !run.accuracy.isEmpty { files.append(("accuracy.csv", Data(RunCSV.accuracy(run).utf8))) }
        files += charts.map { ($0.fileName, Data($0.svg.utf8)) }
        files.append(("report.md", Data(MarkdownReport.render(run, charts: charts).utf8)))
        for (name, data) in files {
            try AtomicFile.write(data, to: folder.appendingPathComponent(name))
        }
        return files.map(\.0)
    }
}

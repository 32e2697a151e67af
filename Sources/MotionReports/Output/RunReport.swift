import Foundation
import MotionBench

/// Writes a run's files into its folder, those of the formats asked for: run.json (`json`);
/// summary.csv, threads.csv, timeseries.csv and accuracy.csv when anything was scored (`csv`); the
/// charts and report.md (`md`); gbench.json (`gbench-json`); action-benchmark.json (`action-json`).
/// The files are written atomically, all or none.
public enum RunReport {
    /// Writes the files of `formats` (by default, run.json, the CSV files and report.md with its charts)
    /// and returns their names, in the order written; with `md`, `plots` (`RunPlots`) too, linked.
    public static func write(
        _ run: RunResult, to folder: URL, formats: Set<ReportFormat> = ReportFormat.runDefault, plots: [ReportChart] = []
    ) throws -> [String] {
        try AtomicFile.prepareFolder(folder)
        var files: [(String, Data)] = []
        if formats.contains(.json) { files.append(("run.json", try run.encoded())) }
        if formats.contains(.csv) {
            files += [
                ("summary.csv", Data(RunCSV.summary(run).utf8)),
                ("threads.csv", Data(RunCSV.threads(run).utf8)),
                ("timeseries.csv", Data(RunCSV.timeseries(run).utf8)),
            ]
            if !run.accuracy.isEmpty { files.append(("accuracy.csv", Data(RunCSV.accuracy(run).utf8))) }
        }
        if formats.contains(.md) {
            let charts = RunCharts.make(run) + plots
            if !plots.isEmpty { try AtomicFile.prepareFolder(folder.appendingPathComponent(RunPlots.folderName)) }
            files += charts.map { ($0.fileName, Data($0.svg.utf8)) }
            files.append(("report.md", Data(MarkdownReport.render(run, charts: charts).utf8)))
        }
        if formats.contains(.gbenchJSON) { files.append((GoogleBenchmarkJSON.fileName, try GoogleBenchmarkJSON.render(run))) }
        if formats.contains(.actionJSON) { files.append((ActionBenchmarkJSON.fileName, try ActionBenchmarkJSON.render(run))) }
        try AtomicFile.write(files.map { (folder.appendingPathComponent($0.0), $0.1) })
        return files.map(\.0)
    }
}

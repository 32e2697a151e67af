import Foundation
import MotionResults

/// Writes a run's files into its folder (`RunFolder`), those of the formats asked for: run.json
/// (`json`); summary.csv, features.csv, threads.csv, timeseries.csv and accuracy.csv when anything
/// was scored (`csv`); the charts and report.md (`md`); gbench.json (`gbench-json`);
/// action-benchmark.json (`action-json`); influx.lp (`influx`); openmetrics.txt (`openmetrics`);
/// bmf.json (`bmf`). run.json goes first, as it holds every measured figure, and reaches the disk
/// before anything else is done; then each other file, each written atomically, so a failure leaves
/// whole files only: those written before it.
public enum RunReport {
    /// Writes the files of `formats` (by default, run.json, the CSV files and report.md with its charts)
    /// and returns their names, in the order written; with `md`, `plots` (`RunPlots`) too, linked.
    /// Throws `ReportError`, which names the file that failed and those already written.
    public static func write(
        _ run: RunResult, to folder: URL, formats: Set<ReportFormat> = ReportFormat.runDefault, plots: [ReportChart] = []
    ) throws -> [String] {
        var written: [String] = []
        do {
            try AtomicFile.prepareFolder(folder)
            if formats.contains(.json) {
                // On the disk before a journal it replaces is removed.
                try AtomicFile.write(try run.encoded(), to: folder.appendingPathComponent(RunFolder.runFile), durably: true)
                written.append(RunFolder.runFile)
            }
            let files = try files(run, formats: formats, plots: plots)
            if files.contains(where: { $0.name.hasPrefix(RunFolder.plotsFolderName + "/") }) {
                try AtomicFile.prepareFolder(folder.appendingPathComponent(RunFolder.plotsFolderName))
            }
            for file in files {
                try AtomicFile.write(file.data, to: try RunFolder.file(file.name, in: folder))
                written.append(file.name)
            }
        } catch {
            throw ReportError(cause: error, written: written)
        }
        return written
    }

    /// The files of `formats` other than run.json, in the order written; throws when two would
    /// share a name.
    static func files(_ run: RunResult, formats: Set<ReportFormat>, plots: [ReportChart]) throws -> [(name: String, data: Data)] {
        var files: [(name: String, data: Data)] = []
        if formats.contains(.csv) {
            files += [
                (RunFolder.summaryFile, Data(RunCSV.summary(run).utf8)),
                (RunFolder.featuresFile, Data(RunCSV.features(run).utf8)),
                (RunFolder.threadsFile, Data(RunCSV.threads(run).utf8)),
                (RunFolder.timeseriesFile, Data(RunCSV.timeseries(run).utf8)),
            ]
            if !run.accuracy.isEmpty { files.append((RunFolder.accuracyFile, Data(RunCSV.accuracy(run).utf8))) }
        }
        if formats.contains(.md) {
            let charts = RunCharts.make(run) + plots
            files += charts.map { ($0.fileName, Data($0.svg.utf8)) }
            files.append((RunFolder.reportFile, Data(MarkdownReport.render(run, charts: charts).utf8)))
        }
        if formats.contains(.gbenchJSON) { files.append((GoogleBenchmarkJSON.fileName, try GoogleBenchmarkJSON.render(run))) }
        if formats.contains(.actionJSON) { files.append((ActionBenchmarkJSON.fileName, try ActionBenchmarkJSON.render(run))) }
        if formats.contains(.influx) { files.append((InfluxLineProtocol.fileName, Data(InfluxLineProtocol.render(run).utf8))) }
        if formats.contains(.openmetrics) { files.append((OpenMetricsText.fileName, Data(OpenMetricsText.render(run).utf8))) }
        if formats.contains(.bmf) { files.append((BencherMetricFormat.fileName, try BencherMetricFormat.render(run))) }
        var names = Set<String>()
        if let repeated = files.first(where: { !names.insert($0.name).inserted }) {
            throw OutputError(path: repeated.name, reason: "two report files would share this name")
        }
        return files
    }
}

/// A report file that could not be written, and the files written before it, which stay.
public struct ReportError: Error, CustomStringConvertible {
    /// What failed: an `OutputError` naming the file, or an encoding error.
    public var cause: Error
    /// The files written before the failure, relative to the run folder.
    public var written: [String]

    public var description: String { String(describing: cause) }
}

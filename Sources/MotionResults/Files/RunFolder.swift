import Foundation

/// The files of a run folder, named in one place: what `run` and `report` write, where the emitted
/// outputs and the plots go, what the plot command reads back, and what a new run removes first.
public enum RunFolder {
    /// Everything about the run; `compare`, `report` and `plot` read it.
    public static let runFile = "run.json"
    /// The run's journal while it goes on (`RunJournal`): removed once run.json is written, so a
    /// folder holding it alone holds a run that did not finish, which reads as its run.json would.
    public static let journalFile = "run.journal"
    /// One row per case.
    public static let summaryFile = "summary.csv"
    /// One row per feature: a workload variant at a rate, both modes and every repetition together.
    public static let featuresFile = "features.csv"
    /// One row per case × thread.
    public static let threadsFile = "threads.csv"
    /// One row per sampler reading × thread.
    public static let timeseriesFile = "timeseries.csv"
    /// One row per scored estimator, when the source has truth.
    public static let accuracyFile = "accuracy.csv"
    /// The Markdown report, linking the charts.
    public static let reportFile = "report.md"
    /// Google Benchmark's JSON (`run --format gbench-json`).
    public static let gbenchFile = "gbench.json"
    /// github-action-benchmark's JSON (`action-json`).
    public static let actionBenchmarkFile = "action-benchmark.json"
    /// InfluxDB line protocol (`influx`).
    public static let influxFile = "influx.lp"
    /// OpenMetrics text (`openmetrics`).
    public static let openMetricsFile = "openmetrics.txt"
    /// Bencher Metric Format (`bmf`).
    public static let bencherFile = "bmf.json"
    /// The folder of each case's emitted outputs.
    public static let emittedFolderName = "emitted"
    /// The folder of the plots over time.
    public static let plotsFolderName = "plots"
    /// The folder of the instruction profiles (`run --counter instructions`).
    public static let profilesFolderName = "profiles"

    /// The files of a run, besides its charts, that `removePreviousRun` removes.
    static var runFiles: [String] {
        [
            runFile, journalFile, summaryFile, featuresFile, threadsFile, timeseriesFile, accuracyFile, reportFile, gbenchFile,
            actionBenchmarkFile, influxFile,
            openMetricsFile, bencherFile,
        ]
    }

    /// The folders of a run that `removePreviousRun` removes.
    static var runFolders: [String] { [emittedFolderName, plotsFolderName, profilesFolderName] }

    /// Removes the files of the run `folder` holds, if any, so a new run written there never stands
    /// beside an older one's files (a run killed after its first case beside another's report). A
    /// folder holds a run when its run.json, journal or report.md is a file; the run's files are those `run`
    /// writes (`runFiles` and the charts beside them, every SVG file directly in it) and its folders
    /// (`runFolders`). Anything else in the folder stays, a folder of a file's name too (it is no run's,
    /// and the new run's writing there fails naming it). Throws an `OutputError` naming a file that
    /// cannot be removed.
    public static func removePreviousRun(in folder: URL) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let isFolder = { (name: String) -> Bool? in
            var folderFlag: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &folderFlag) else { return nil }
            return folderFlag.boolValue
        }
        guard [runFile, journalFile, reportFile].contains(where: { isFolder($0) == false }) else { return }
        for name in names {
            let isRunFile = (runFiles.contains(name) || name.hasSuffix(".svg")) && isFolder(name) == false
            guard isRunFile || (runFolders.contains(name) && isFolder(name) == true) else { continue }
            let url = folder.appendingPathComponent(name)
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw OutputError(path: url.path, reason: "cannot remove the previous run's file: \(error.localizedDescription)")
            }
        }
    }

    /// The file `name` (relative to `folder`, `/` between folders) inside `folder`: how every writer
    /// and reader of a run's files joins a name to its folder, so that no name, whatever a run's
    /// content made it, reaches outside. Throws an `OutputError` for an absolute name, an empty, `.`
    /// or `..` part, or a folder on the way that is a symbolic link (a downloaded run folder may hold
    /// one pointing anywhere).
    public static func file(_ name: String, in folder: URL) throws -> URL {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !name.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw OutputError(path: folder.path + "/" + name, reason: "names a place outside \(folder.path); a run writes only inside its folder")
        }
        var url = folder
        for (index, part) in parts.enumerated() {
            url.appendPathComponent(part)
            var status = stat()
            if index < parts.count - 1, lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                throw OutputError(path: url.path, reason: "a symbolic link; a run writes only inside its folder")
            }
        }
        return url
    }

    /// The file a reader of the run file `url` reads: `url` itself, or, when `url` is a run.json that
    /// does not exist, the journal beside it if there is one (a run that died before writing
    /// run.json). `RunResult.load` reads through it, so a journal reads wherever run.json does.
    public static func fileToRead(_ url: URL) -> URL {
        guard url.lastPathComponent == runFile, !FileManager.default.fileExists(atPath: url.path) else { return url }
        let journal = url.deletingLastPathComponent().appendingPathComponent(journalFile)
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: journal.path, isDirectory: &isFolder) && !isFolder.boolValue ? journal : url
    }

    /// Whether `url` names a run's journal rather than a run.json.
    public static func isJournal(_ url: URL) -> Bool { url.lastPathComponent == journalFile }

    /// The emitted file of the case named `name` (`RunResult.caseNames`), relative to the run folder.
    public static func emittedFile(_ name: String) -> String { "\(emittedFolderName)/\(name).csv" }

    /// The instruction profile (folded stacks, instructions per 1000 ticks) of the case named `name`,
    /// relative to the run folder.
    public static func profileFile(_ name: String) -> String { "\(profilesFolderName)/\(name).folded" }

    /// A plot over time named `name`, relative to the run folder.
    public static func plotFile(_ name: String) -> String { "\(plotsFolderName)/\(name).svg" }
}

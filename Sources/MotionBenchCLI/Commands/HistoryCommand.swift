import ArgumentParser
import Dispatch
import Foundation
import MotionBench
import MotionReports
import MotionResults

/// `motionbench history`: many runs over commits, the trend of each case and metric, and its steps.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Line runs up by commit: each case's figures over the commits, and the steps where they changed.",
        discussion: """
            Reads every run.json under the folders given (results/, CI artifacts), keeps the runs of the \
            most common environment (CPU model, cores, architecture, build configuration, Swift version) and \
            measurement setup (source, the order of magnitude of a virtual-time case's samples, instructions \
            counted or not) and lists the others, and any it cannot read, as left out; on a tie, the one \
            with the newest run, then the one whose fields sort first. A commit is placed at its commit \
            time, as its run recorded it or as git gives it (one git call for all), or at its runs' start \
            where neither knows it (git missing, another repository, a damaged one). For each case and metric (instructions and allocations per sample where present, \
            CPU ns per sample, peak RSS, accuracy) it shows the figures commit by commit and every step the \
            data supports, with its size, interval and p-value: levels placed by an L1 fit over every \
            value, each step kept when noise alone would show one as strong less often than --alpha and \
            lines fitted on each side of it still jump there (a slow drift bends instead). A step that \
            goes the worse way by more than --min-change (by default compare's tolerance) is flagged as \
            a regression. Without --out, the Markdown goes to stdout, or the JSON when --format is json \
            alone; with --out, the Markdown goes to stdout and the folder gets the files --format names: \
            md history.md with an SVG chart per series, html history.html (one self-contained page), \
            json history.json, csv history.csv and history-steps.csv. Exit codes: \
            0 success; 64 a bad command line or an unwritable --out; 65 a folder that does not exist or \
            holds no readable run.json.
            """
    )

    @Argument(help: ArgumentHelp("Folders holding runs (searched through) or run.json files.", valueName: "dir"))
    var paths: [String]

    @Option(help: ArgumentHelp("Folder for the files --format names (history.md and its charts by default).", valueName: "dir"))
    var out: String?

    @Option(
        help: ArgumentHelp(
            "What --out gets: md (history.md and SVG charts), html (history.html), json (history.json), csv (history.csv, history-steps.csv); "
                + "without --out, md or json to stdout.",
            valueName: "md,html,json,csv"))
    var format = "md"

    @Option(help: ArgumentHelp("The git repository whose commits the runs measured (default: the one holding the working folder).", valueName: "dir"))
    var repository: String?

    @Option(help: "The chance that noise alone shows a step as strong, below which a step is reported, in (0, 1).")
    var alpha = ChangePointDetection.Settings().alpha

    @Option(
        name: .customLong("min-change"),
        help: ArgumentHelp(
            "How far a step must go the worse way to be flagged as a regression: METRIC=RELATIVE%,ABSOLUTE as compare's --tolerance "
                + "(its default); repeatable.",
            valueName: "metric=rel%,abs"))
    var minimumChange: [String] = []

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give the folders holding the runs (e.g. results/) or run.json files") }
        guard alpha > 0, alpha < 1 else { throw ValidationError("--alpha: \(alpha) is outside (0, 1)") }
        let formats = try outputs()
        if out == nil, formats != [.md], formats != [.json] {
            throw ValidationError(
                formats.count > 1
                    ? "--format: \(format): one format goes to stdout (md or json): give --out DIR for more"
                    : "--format: \(format) is written to files: give --out DIR")
        }
        _ = try minimumChanges()
    }

    /// Each metric's minimum change: compare's tolerance, with `--min-change`'s applied.
    private func minimumChanges() throws -> [ComparedMetric: MetricTolerance] {
        var settings = ComparisonSettings()
        for text in minimumChange {
            do {
                try settings.applyTolerance(text)
            } catch let error as ComparisonSettings.InvalidTolerance {
                throw ValidationError("--min-change: \(error)")
            }
        }
        return settings.tolerances
    }

    private func outputs() throws -> Set<HistoryReport.Output> {
        Set(
            try CommaList.names(format, flag: "--format").map { name in
                guard let output = HistoryReport.Output(rawValue: name) else {
                    throw ValidationError(
                        "--format: unknown format '\(name)'; choose from \(HistoryReport.Output.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return output
            })
    }

    func run() throws {
        try CommandFailure.reporting {
            let folder = out.map { URL(literalPath: $0) }
            if let folder {
                do {
                    try AtomicFile.prepareFolder(folder)
                } catch let error as OutputError {
                    throw ValidationError("--out: \(error)")
                }
            }
            var runs: [RunHistory.Run] = []
            var unreadable: [RunHistory.Excluded] = []
            for (file, loaded) in Self.load(try runFiles()) {
                switch loaded {
                case let .success(result): runs.append(RunHistory.Run(path: file, result: result))
                case let .failure(error):
                    unreadable.append(RunHistory.Excluded(path: file, reason: (error as? RunFileError)?.reason ?? String(describing: error)))
                }
            }
            guard !runs.isEmpty else {
                let reasons = unreadable.map { "\($0.path): \($0.reason)" }.joined(separator: "; ")
                throw CommandFailure("no readable run.json under \(paths.joined(separator: ", ")): \(reasons)", exitCode: .badInput)
            }
            // Commits whose runs did not record their time are asked of git, all at once.
            let unknown = Set(runs.filter { $0.result.environment.gitCommitTime == nil }.compactMap(\.result.environment.gitCommit))
            let times = GitCommit.times(of: unknown.sorted(), in: repository.map { URL(literalPath: $0) })
            var settings = ChangePointDetection.Settings()
            settings.alpha = alpha
            let history = RunHistory(
                runs: runs, excluded: unreadable, commitTime: { times[$0.lowercased()] }, settings: settings, minimumChange: try minimumChanges())
            guard let folder else {
                if try outputs() == [.json] {
                    TerminalOutput.json(try HistoryJSON.render(history))
                } else {
                    TerminalOutput.print(HistoryMarkdown.render(history), terminator: "")
                }
                return
            }
            TerminalOutput.print(HistoryMarkdown.render(history), terminator: "")
            let files = try HistoryReport.write(history, to: folder, formats: try outputs())
            let charts = files.filter { $0.hasSuffix(".svg") }.count
            TerminalOutput.message(
                "Wrote \(folder.path)/: \(files.filter { !$0.hasSuffix(".svg") }.joined(separator: ", "))\(charts > 0 ? " and \(charts) charts" : "")"
            )
        }
    }

    /// Each file read as a run, or why it cannot be; in the order given, read on every core (a
    /// history of years of CI holds tens of thousands).
    private static func load(_ files: [String]) -> [(String, Result<RunResult, Error>)] {
        var loaded = [Result<RunResult, Error>?](repeating: nil, count: files.count)
        loaded.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes its own slot only.
            DispatchQueue.concurrentPerform(iterations: files.count) { index in
                slots[index] = Result { try RunResult.load(from: URL(literalPath: files[index])) }
            }
        }
        return Array(zip(files, loaded.map { $0! }))
    }

    /// Every run.json the paths name, spelled from the path given: a file itself, or each under a
    /// folder (hidden folders skipped; a run that did not finish by its journal), sorted. A path that
    /// does not exist, or a set of paths with no run.json, is exit code 65.
    private func runFiles() throws -> [String] {
        var files: [String] = []
        for path in paths {
            let url = URL(literalPath: path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw CommandFailure("\(path): no such file or folder", exitCode: .badInput)
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            // Relative paths, so messages name files as the user gave their folder.
            let found = FileManager.default.enumerator(atPath: url.path)
            while let relative = found?.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") {
                    found?.skipDescendants()
                } else if [RunFolder.runFile, RunFolder.journalFile].contains(name),
                    found?.fileAttributes?[.type] as? FileAttributeType == .typeRegular
                {
                    files.append((path as NSString).appendingPathComponent(relative))
                }
            }
        }
        // A journal counts only where it is what its folder's run is read from: no run.json beside it.
        files.removeAll { file in
            let url = URL(literalPath: file)
            return RunFolder.isJournal(url)
                && RunFolder.fileToRead(url.deletingLastPathComponent().appendingPathComponent(RunFolder.runFile)).path != url.path
        }
        guard !files.isEmpty else { throw CommandFailure("no run.json under \(paths.joined(separator: ", "))", exitCode: .badInput) }
        return files.sorted()
    }
}

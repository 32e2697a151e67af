import CSystemShim
import Foundation
import MotionBench
import MotionReports
import MotionResults

/// A run of cases written into its folder, with the guarantees `run` gives: what `motionbench run`
/// does after parsing its flags, for a program of its own.
///
/// - A folder never holds two runs: an earlier run's files go before this one's first file.
/// - Finished cases survive a crash or `kill -9`: with the `json` format, each is appended to the
///   run's journal as it finishes (`RunJournal`), which run.json replaces when the run ends.
/// - A measured case is never lost to what fails after it (the next case, instruction counts,
///   emitted outputs, plots, reports, run.json itself on a full disk): run.json stays, or is written
///   even without the `json` format, or the journal stays (`motionbench report` writes its run.json),
///   and the error says where the cases are. A run that fails before any case is kept leaves nothing
///   of its own: no file, and no folder if it made one and nothing else is in it.
/// - A case that passes the memory budget or does not return in time (`CaseBounds`) ends the run:
///   the cases before it are written as for a stop, and the error says why.
/// - A stop request (`stopRequested`) ends the run after the case under way; what finished is
///   written, with an interruption record, and neither instructions nor emitted outputs are added.
///   One while instructions are counted stops the counting (valgrind and all it started), and the
///   run is written without them.
public struct RunSession {
    /// The folder the run is written into.
    public let folder: URL
    private let folderExisted: Bool

    /// Prepares `folder` for a run, creating it (and its parents) if needed; throws an `OutputError`
    /// naming a folder that cannot be made or written.
    public init(folder: URL) throws {
        self.folder = folder
        folderExisted = FileManager.default.fileExists(atPath: folder.path)
        try AtomicFile.prepareFolder(folder)
        // A second stop signal before anything is written leaves no empty folder behind.
        if !folderExisted { _ = mb_own_folder(folder.path, 0) }
    }

    /// What to do with the cases besides measuring them.
    public struct Options {
        /// The files to write.
        public var formats: Set<ReportFormat> = ReportFormat.runDefault
        /// The slice of a plan this run is, recorded in run.json.
        public var shard: RunShard?
        /// The harness's floor, measured beside the cases; nil measures none.
        public var harnessFloor: CaseSpec?
        /// Whether each real-time case's wake floor is measured beside it (`HarnessFloor`).
        public var wakeFloors = false
        /// Whether each virtual-time case's instructions per sample are counted under callgrind.
        public var countInstructions = false
        /// Whether each case's outputs are replayed into emitted/ and plotted.
        public var emit = false
        /// Progress as each case starts.
        public var progress: (BenchmarkRunner.Progress) -> Void = { _ in }
        /// The instruction counter's lines, as it goes.
        public var log: (String) -> Void = { _ in }
        /// The name of a stop request (a signal), checked between cases; nil goes on.
        public var stopRequested: () -> String? = { nil }

        /// Every option at its default: the default files, no floors, no counting, no emitted outputs.
        public init() {}
    }

    /// Runs `cases` with `runner` and writes the folder; returns the run as written (instruction
    /// counts included) and the files written, relative to the folder, in the order written.
    public func run(
        _ cases: [CaseSpec], with runner: BenchmarkRunner, settings: RunSettings, options: Options = Options()
    ) throws -> (run: RunResult, files: [String]) {
        defer { mb_disown_folder(folder.path) }
        var journal: RunJournal?
        var result: RunResult
        var halted: RunHalted?
        do {
            result = try runner.run(
                cases, settings: settings, harnessFloor: options.harnessFloor, wakeFloors: options.wakeFloors, progress: options.progress,
                stopRequested: options.stopRequested,
                caseFinished: { finished, run in
                    guard options.formats.contains(.json) else { return }
                    if let journal { return try journal.append(finished, of: run) }
                    try RunFolder.removePreviousRun(in: folder)
                    var started = run
                    started.shard = options.shard
                    started.cases = [finished]
                    journal = try RunJournal(url: folder.appendingPathComponent(RunFolder.journalFile), run: started)
                })
            result.shard = options.shard
        } catch let error as RunHalted {
            // A case that passed a bound ended the run: the cases before it are written, and nothing
            // more is counted, emitted or replayed.
            halted = error
            result = error.run
            result.shard = options.shard
        } catch {
            throw keptOrDiscarded(error, journal: journal)
        }
        if journal == nil { try RunFolder.removePreviousRun(in: folder) }
        var files: [String] = []
        var writing = options
        if halted != nil {
            writing.countInstructions = false
            writing.emit = false
        }
        let written = try writeFiles(of: result, runner: runner, options: writing, written: &files, journal: journal)
        if let halted {
            throw CommandFailure(
                "\(halted); the run stopped there, its \(result.cases.count) finished case\(result.cases.count == 1 ? "" : "s") written to \(folder.path)"
            )
        }
        return (written, files)
    }

    /// What to throw for `error`, which ended the run before its run.json was written: with the
    /// journal's cases kept where it has any, said in the message; otherwise `error` itself, once what
    /// the run made is removed (the folder too, if the run made it and it is empty).
    private func keptOrDiscarded(_ error: Error, journal: RunJournal?) -> Error {
        if let journal, FileManager.default.fileExists(atPath: journal.url.path) {
            return CommandFailure(
                "\(error); the finished cases are kept in \(journal.url.path) (`motionbench report \(folder.path)` writes their run.json)")
        }
        if !folderExisted { rmdir(folder.path) }
        return error
    }

    /// Writes the run's files: run.json first (which replaces the `journal`), then (when counting)
    /// the instruction counts, written into run.json again with their profiles, then (when emitting, unless a stop was requested)
    /// the emitted outputs and their plots, then the reports; returns the run as written. Once
    /// run.json is written it stays, and without the `json` format it is written anyway when a later
    /// file fails; the failure is named, with where the cases are kept. When run.json itself cannot
    /// be written, the journal keeps the cases (`keptOrDiscarded`).
    private func writeFiles(
        of measured: RunResult, runner: BenchmarkRunner, options: Options, written: inout [String], journal: RunJournal?
    ) throws -> RunResult {
        let formats = options.formats
        var result = measured
        do {
            written = try RunReport.write(result, to: folder, formats: formats.intersection([.json]))
            journal?.remove()
            if options.countInstructions, options.stopRequested() == nil {
                do {
                    let counts = try InstructionCounting.prepare { options.stopRequested() != nil }
                        .count(result, catalogue: runner.catalogue, progress: options.log)
                    result.setInstructions(counts.cases.mapValues { ($0.perSample, $0.ticks) })
                    result.harnessFloor?.instructionsPerSample = counts.harnessFloor?.perSample
                    result.harnessFloor?.instructionTicks = counts.harnessFloor?.ticks
                    written += try ProfileFiles.write(counts.cases.mapValues(\.profile), of: result, to: folder)
                    _ = try RunReport.write(result, to: folder, formats: formats.intersection([.json]))
                } catch is InstructionCounting.Stopped {
                    // Stopped while counting: the cases are whole, their instructions missing.
                    options.log("instructions: not counted, stopped by \(options.stopRequested() ?? "a stop request")")
                }
            }
            var plots: [ReportChart] = []
            if options.emit && options.stopRequested() == nil {
                written += try EmittedFiles.write(result, runner: runner, into: folder)
                plots = try RunPlots.make(result, runFolder: folder).charts
            }
            written += try RunReport.write(result, to: folder, formats: formats.subtracting([.json]), plots: plots)
            return result
        } catch {
            if let report = error as? ReportError { written += report.written }
            guard formats.contains(.json) ? written.contains(RunFolder.runFile) : true else {
                throw keptOrDiscarded(error, journal: journal)
            }
            let runFile = folder.appendingPathComponent(RunFolder.runFile)
            if !written.contains(RunFolder.runFile), (try? RunReport.write(result, to: folder, formats: [.json])) == nil {
                throw keptOrDiscarded(error, journal: journal)
            }
            throw CommandFailure("\(error); the measured cases are kept in \(runFile.path)")
        }
    }
}

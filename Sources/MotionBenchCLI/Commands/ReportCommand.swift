import ArgumentParser
import Foundation
import MotionBench
import MotionReports
import MotionResults

/// `motionbench report`: writes the CSV, Markdown and charts (or the formats asked for) again from a run.json.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Regenerate a run's CSV files, report.md and charts (or other formats) from its run.json."
    )

    @Argument(
        help: ArgumentHelp(
            "A run.json, or the run folder holding it (or the journal of a run that did not finish, whose run.json it writes).",
            valueName: "run.json"))
    var path: String

    @Option(help: ArgumentHelp("Folder to write into (default: the run.json's folder).", valueName: "dir"))
    var out: String?

    @Option(help: FormatOption.help)
    var format = "csv,md"

    func validate() throws {
        _ = try FormatOption.parse(format)
    }

    func run() throws {
        try CommandFailure.reporting {
            let url = RunLocation.runFile(path)
            let result = try RunResult.loadReporting(url)
            let folder = out.map { URL(literalPath: $0) } ?? url.deletingLastPathComponent()
            do {
                try AtomicFile.prepareFolder(folder)
            } catch let error as OutputError {
                throw ValidationError("--out: \(error)")
            }
            // A run written with --emit keeps its plots, drawn again from its emitted files.
            let runFolder = url.deletingLastPathComponent()
            let emitted = FileManager.default.fileExists(atPath: runFolder.appendingPathComponent(RunFolder.emittedFolderName).path)
            let plots: [ReportChart]
            do {
                plots = emitted ? try RunPlots.make(result, runFolder: runFolder).charts : []
            } catch let error as EmittedFileError {
                throw CommandFailure(error.description, exitCode: .badInput)
            }
            // A run that did not finish gets its run.json back from its journal, in its own folder, once
            // nothing writes the journal any more; the journal goes once run.json holds everything. A run
            // still going is reported elsewhere only: its files here would stand beside its journal.
            var formats = try FormatOption.parse(format)
            var files: [String] = []
            let inRunFolder = folder.standardizedFileURL.path == runFolder.standardizedFileURL.path
            let readsJournal =
                RunFolder.isJournal(url) && !FileManager.default.fileExists(atPath: runFolder.appendingPathComponent(RunFolder.runFile).path)
            if readsJournal, inRunFolder {
                guard !RunJournal.isBeingWritten(url) else {
                    throw CommandFailure("\(url.path): the run is still going: report it into another folder with --out, or once it ends")
                }
                files = try RunReport.write(result, to: folder, formats: [.json])
                unlink(url.path)
                formats.remove(.json)
            }
            files += try RunReport.write(result, to: folder, formats: formats, plots: plots)
            TerminalOutput.line("Wrote \(folder.path)/: \(files.joined(separator: ", "))")
        }
    }
}

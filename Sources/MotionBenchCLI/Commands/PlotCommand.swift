import ArgumentParser
import Foundation
import MotionBench
import MotionReports
import MotionResults
import MotionWorkloads

/// `motionbench plot`: draws a run folder's plots again from its run.json and emitted CSV files.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a run's plots again (plots/*.svg) from its run.json and the CSV files run --emit wrote.",
        discussion: """
            Estimate and truth, and error, over time for each scored case group (from emitted/*.csv), and CPU % per \
            thread and resident memory over time for each real-time case (from run.json). Without --case, report.md, \
            when the folder has one, is written again to link them.
            """
    )

    @Argument(help: ArgumentHelp("The run folder (or its run.json).", valueName: "run-dir"))
    var path: String

    @Option(help: ArgumentHelp("Only these cases: workload names or case names as in emitted/ (e.g. heading-50hz-madgwick).", valueName: "name,…"))
    var `case`: String?

    func run() throws {
        try CommandFailure.reporting {
            let runFile = RunLocation.runFile(path)
            let run = try RunResult.loadReporting(runFile)
            let folder = runFile.deletingLastPathComponent()
            let names = try `case`.map { try CommaList.names($0, flag: "--case") }.map(Set.init)
            if let names {
                let known = RunPlots.caseNames(run)
                if let unknown = names.sorted().first(where: { !known.contains($0) }) {
                    throw ValidationError(
                        "--case: '\(unknown)' is not a case of \(runFile.path)\(NameSuggestion.didYouMean(unknown, in: known.sorted())) (known: \(known.sorted().joined(separator: ", ")))"
                    )
                }
            }
            let plots: (charts: [ReportChart], missing: [String])
            do {
                plots = try RunPlots.make(run, runFolder: folder, names: names)
            } catch let error as EmittedFileError {
                throw CommandFailure(error.description, exitCode: .badInput)
            }
            for file in plots.missing { TerminalOutput.message("note: no \(file) (run with --emit to plot it)") }
            if plots.charts.isEmpty, plots.missing.isEmpty {
                let subject = names == nil ? "this run has" : "these cases have"
                TerminalOutput.message(
                    "note: nothing to plot: plots are drawn for workloads with truth and for real-time cases, and \(subject) neither")
            }
            var files = plots.charts.map(\.fileName)
            try RunPlots.write(plots.charts, to: folder)
            let report = folder.appendingPathComponent(RunFolder.reportFile)
            if names == nil, FileManager.default.fileExists(atPath: report.path) {
                try AtomicFile.write(MarkdownReport.render(run, charts: RunCharts.make(run) + plots.charts), to: report)
                files.append(RunFolder.reportFile)
            }
            TerminalOutput.line(files.isEmpty ? "No plots to draw for \(folder.path)" : "Wrote \(folder.path)/: \(files.joined(separator: ", "))")
        }
    }
}

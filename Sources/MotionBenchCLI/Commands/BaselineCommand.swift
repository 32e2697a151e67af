import ArgumentParser
import Foundation
import MotionBench
import MotionReports
import MotionResults

/// `motionbench baseline`: named copies of runs for `compare --baseline NAME`.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Save a run as a named baseline for `compare --baseline NAME`, or list the saved ones.",
        discussion: "A baseline is a copy of the run's run.json, environment included, at BASELINES-DIR/NAME/run.json.",
        subcommands: [Save.self, List.self]
    )

    /// `motionbench baseline save NAME [RUN]`.
    struct Save: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy a run's run.json to BASELINES-DIR/NAME/run.json, replacing any baseline of that name.",
            discussion:
                "Prints what `compare` can gate against it: timings only where it has 5 or more repetitions and no instruction counts. Exit codes: 0 saved; 1 the file could not be written; 64 a bad name, or no run to save; 65 a malformed or unreadable run.json."
        )

        @Argument(help: ArgumentHelp("The baseline's name: letters, digits, - and _.", valueName: "name"))
        var name: String

        @Argument(help: ArgumentHelp("A run folder or run.json (default: the newest folder under results/ with a run.json).", valueName: "run"))
        var runPath: String?

        @Option(help: ArgumentHelp("Folder of saved baselines.", valueName: "dir"))
        var baselinesDir = "results/baselines"

        func validate() throws {
            guard BaselineStore.isValidName(name) else { throw ValidationError("name: '\(name)' is not a baseline name (letters, digits, - and _)") }
        }

        func run() throws {
            try CommandFailure.reporting {
                guard let source = runPath.map(RunLocation.runFile) ?? RunLocation.newestRunFile(in: URL(literalPath: "results")) else {
                    throw ValidationError("run: no folder under results/ has a run.json; name the run to save")
                }
                let store = BaselineStore(folder: URL(literalPath: baselinesDir))
                let replacing = FileManager.default.fileExists(atPath: store.runFile(named: name).path)
                do {
                    let saved = try store.save(source, as: name)
                    TerminalOutput.print(
                        "Saved baseline \(name) (\(describe(saved.run))) from \(source.path) to \(saved.file.path)\(replacing ? ", replacing the previous one" : "")"
                    )
                    TerminalOutput.print(GateSummary.asBaseline(saved.run))
                } catch let error as RunFileError {
                    throw CommandFailure(error.description, exitCode: .badInput)
                } catch let error as EmittedFileError {
                    throw CommandFailure(error.description, exitCode: .badInput)
                } catch let error as OutputError {
                    throw CommandFailure(error.description)
                }
            }
        }

        private func describe(_ run: RunResult) -> String {
            "started \(run.startedAt), commit \(run.environment.gitCommit.map { String($0.prefix(12)) } ?? "unknown"), host \(run.environment.host)"
        }
    }

    /// `motionbench baseline list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the saved baselines with their date, commit, host and build.",
            discussion: "Exit codes: 0 listed (none is fine); 65 a baseline's run.json is malformed or unreadable (the others are still listed)."
        )

        @Option(help: ArgumentHelp("Folder of saved baselines.", valueName: "dir"))
        var baselinesDir = "results/baselines"

        func run() throws {
            try CommandFailure.reporting {
                let entries = BaselineStore(folder: URL(literalPath: baselinesDir)).entries()
                guard !entries.isEmpty else {
                    TerminalOutput.print(
                        "No baselines in \(baselinesDir); save one with `\(CommandContext.executableName) baseline save NAME [RUN]`.")
                    return
                }
                var table = TextTable(header: ["name", "started", "commit", "host", "build", "cases"])
                var unreadable: [String] = []
                for entry in entries {
                    do {
                        let run = try RunResult.load(from: entry.runFile)
                        let environment = run.environment
                        table.append([
                            entry.name, run.startedAt, environment.gitCommit.map { String($0.prefix(12)) } ?? "—", environment.host,
                            environment.buildConfiguration, String(run.cases.count),
                        ])
                    } catch let error as RunFileError {
                        table.append([entry.name, "unreadable", "", "", "", ""])
                        unreadable.append(error.description)
                    }
                }
                TerminalOutput.print(table.render(), terminator: "")
                if !unreadable.isEmpty {
                    throw CommandFailure(unreadable.joined(separator: "\n"), exitCode: .badInput)
                }
            }
        }
    }
}

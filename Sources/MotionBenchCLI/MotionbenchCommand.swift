import ArgumentParser
import Foundation
import MotionWorkloads

/// The `motionbench` command line: `list`, `run`, `report`, `plot`, `compare`, `ab`, `baseline`, `merge`,
/// `history`, `trace` and `selftest`, over a catalogue of workloads. The `motionbench` executable
/// runs it over the built-in nine; a package's own executable runs it over its own (`main(catalogue:)`).
public struct MotionbenchCommand: ParsableCommand {
    /// The command's name, help and subcommands.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: CommandContext.executableName,
            abstract: "Measure what motion-sensor features cost in CPU and memory, at a given rate and filter.",
            discussion: """
                Exit codes: 0 success; 1 a failure while running (a file that cannot be written, a case past \
                --memory-budget or whose workload does not return, a self-test check out of bounds); 64 a bad command line (unknown workload, filter, parameter or scenario, \
                bad rate, duration or sample count, a source without a workload's sensors, an unwritable --out); \
                65 a malformed or unreadable input file (a trace, a run.json), named with its line; `merge` also \
                exits 64 for runs that are not the shards of one plan, and `history` 65 when it finds no readable \
                run.json; 69 a tool \
                `run --counter instructions` needs is missing (valgrind), or an \
                executable `ab` was given that is missing or cannot be run; `compare` and `ab` \
                also exit 2 when a metric regressed and 3 when a case or figure is in one run only; `run` exits \
                130 (SIGINT, Ctrl-C) or 143 (SIGTERM) when stopped after the case in flight (given 10 s), its \
                finished cases written and run.json marked interrupted (a second signal stops at once, with \
                every process it started).
                """,
            subcommands: [
                ListCommand.self, RunCommand.self, ReportCommand.self, PlotCommand.self, CompareCommand.self, ABCommand.self, BaselineCommand.self,
                MergeCommand.self,
                HistoryCommand.self, TraceCommand.self, SelfTestCommand.self,
            ]
        )
    }

    /// Creates the command (the parser does, before it fills in the options).
    public init() {}

    /// Parses `arguments` (the process's own when nil), runs the command over `catalogue`'s workloads
    /// and exits with the command's exit code: a package's executable calls this with
    /// `WorkloadCatalogue.builtIn` plus its own workloads, or with its own alone.
    public static func main(catalogue: WorkloadCatalogue, arguments: [String]? = nil) {
        CommandContext.catalogue = catalogue
        if let path = CommandLine.arguments.first, !path.isEmpty {
            CommandContext.executableName = URL(fileURLWithPath: path).lastPathComponent
        }
        // Under a file size limit (`ulimit -f`) a write then fails with EFBIG, reported with the file's
        // name, instead of the signal killing the process in the middle of a file.
        signal(SIGXFSZ, SIG_IGN)
        main(arguments)
    }
}

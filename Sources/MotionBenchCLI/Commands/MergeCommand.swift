import ArgumentParser
import Foundation
import MotionBench
import MotionReports
import MotionResults

/// `motionbench merge`: joins the runs of `run --shard I/N` into the run the whole plan would have made.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the shards of one plan (run --shard I/N on each machine of a CI matrix) into one run.",
        discussion: """
            Every shard of the plan must be given once, complete, from one program (commit, build \
            configuration, Swift version) with the same settings; the merged run holds the plan's cases in \
            its order and records each shard's environment (host, CPU, OS), and report, compare and history \
            read it as any run. A run already in --out is replaced whole. Exit codes: 0 merged; 64 runs that do not make one plan (not a shard, \
            another plan or program, a shard twice, an incomplete or missing shard, cases that are not the \
            plan's), or an --out that is unwritable or a shard's own folder; \
            65 a malformed or unreadable run.json, or one of another schema. Nothing is written on 64 or 65.
            """
    )

    @Argument(help: ArgumentHelp("The shards: run folders or run.json files.", valueName: "run"))
    var runs: [String]

    @Option(help: ArgumentHelp("Folder for the merged run's files.", valueName: "dir"))
    var out: String

    @Option(help: FormatOption.help)
    var format = "csv,md,json"

    func validate() throws {
        guard !runs.isEmpty else { throw ValidationError("give the shards to merge (run folders or run.json files)") }
        _ = try FormatOption.parse(format)
    }

    func run() throws {
        try CommandFailure.reporting {
            let inputs = try runs.map { path -> RunMerge.Input in
                let file = RunLocation.runFile(path)
                return (file.path, try RunResult.loadReporting(file))
            }
            let merged: RunResult
            do {
                merged = try RunMerge.merge(inputs, commandLine: CommandLine.arguments)
            } catch let error as MergeError {
                throw ValidationError(error.description)
            }
            let folder = URL(literalPath: out)
            if let own = inputs.first(where: { Self.isSameFolder(folder, URL(literalPath: $0.path).deletingLastPathComponent()) }) {
                throw ValidationError(
                    "--out: \(out) is the folder of shard \(own.run.shard?.label ?? "") (\(own.path)), whose run.json the merged run would replace; "
                        + "merge into a folder of its own")
            }
            do {
                try AtomicFile.prepareFolder(folder)
            } catch let error as OutputError {
                throw ValidationError("--out: \(error)")
            }
            try RunFolder.removePreviousRun(in: folder)
            let files = try RunReport.write(merged, to: folder, formats: try FormatOption.parse(format))
            let hosts = Set(merged.mergedShards?.map(\.environment.host) ?? []).count
            TerminalOutput.print(
                "Merged \(inputs.count) shards (\(merged.cases.count) cases, \(hosts) host\(hosts == 1 ? "" : "s")). Wrote \(folder.path)/: \(files.joined(separator: ", "))"
            )
        }
    }

    /// Whether `a` and `b` are one folder, however spelled (relative, through a link): the same file
    /// on the same device. A folder that does not exist is no other.
    private static func isSameFolder(_ a: URL, _ b: URL) -> Bool {
        var first = stat(), second = stat()
        guard stat(a.path, &first) == 0, stat(b.path, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}

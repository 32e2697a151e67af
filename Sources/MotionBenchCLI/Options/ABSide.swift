import ArgumentParser
import Foundation
import MotionBench
import MotionReports
import MotionResults

/// One side of `motionbench ab`: an executable built on `MotionBenchCLI` (the `motionbench` executable
/// or a package's own), the variables added to its environment, and how to run one round on it.
struct ABSide {
    /// `baseline` or `candidate`, as messages name the side.
    let name: String
    /// The executable, as found.
    let executable: URL
    /// `NAME=VALUE` pairs added to the environment of every round.
    let environment: [String]

    /// The side whose executable `path` names: a path, or a bare name looked up on `PATH`; its
    /// `environment` given as `NAME=VALUE` with `flag`. An executable that is missing or cannot be run
    /// is exit code 69, a malformed variable 64.
    init(name: String, path: String, environment: [String], flag: String) throws {
        self.name = name
        for variable in environment {
            guard let equals = variable.firstIndex(of: "="), equals != variable.startIndex else {
                throw ValidationError("\(flag): '\(variable)' is not NAME=VALUE")
            }
        }
        self.environment = environment
        let candidates: [String]
        if path.contains("/") {
            candidates = [path]
        } else {
            let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            candidates = folders.map { "\($0)/\(path)" }
        }
        var isFolder: ObjCBool = false
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && !isFolder.boolValue })
        else {
            throw CommandFailure("the \(name) executable '\(path)' does not exist", exitCode: .unavailable)
        }
        guard FileManager.default.isExecutableFile(atPath: found) else {
            throw CommandFailure("the \(name) executable '\(path)' is not executable", exitCode: .unavailable)
        }
        executable = URL(literalPath: found)
    }

    /// Runs `run arguments --format json --out FOLDER --quiet` on this side and returns its run, read
    /// from `FOLDER/run.json`; the folder is removed after. When the child refuses its arguments (64),
    /// its input (65) or lacks a tool (69), ab fails with its message and code; when it is stopped by
    /// SIGINT or SIGTERM (130, 143), with the same code; any other failure is exit code 1. A run that
    /// takes over `timeout` seconds, or a stop signal to ab, stops the child and every process it
    /// started (exit code 1, or the signal's); the round ends when the child does, and what it left
    /// running (a detached grandchild) is stopped, with a warning.
    func runRound(_ round: Int, arguments: [String], in folder: URL, timeout: Double) throws -> RunResult {
        let out = folder.appendingPathComponent("round-\(round)-\(name)")
        defer { try? FileManager.default.removeItem(at: out) }
        let errors = folder.appendingPathComponent("round-\(round)-\(name).stderr")
        defer { try? FileManager.default.removeItem(at: errors) }
        var variables = ProcessInfo.processInfo.environment
        for variable in environment {
            let equals = variable.firstIndex(of: "=")!
            variables[String(variable[..<equals])] = String(variable[variable.index(after: equals)...])
        }
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable.path, arguments: ["run"] + arguments + ["--format", "json", "--out", out.path, "--quiet"], environment: variables,
                output: nil, errors: errors)
        } catch {
            throw CommandFailure("the \(name) executable '\(executable.path)' cannot be run: \(error.localizedDescription)", exitCode: .unavailable)
        }
        let ending: ChildProcess.Ending
        do {
            ending = try child.wait(timeout: timeout) { StopSignal.received() != nil }
        } catch {
            child.stop()
            if let signal = StopSignal.received() {
                throw CommandFailure(
                    "stopped by \(signal.name) in round \(round); the \(name) executable's run was stopped", exitCode: signal.exitCode)
            }
            throw CommandFailure(
                "the \(name) executable ran past --round-timeout \(Format.hertz(timeout)) s in round \(round) and was stopped, with every process it started "
                    + "(raise --round-timeout if its runs take that long)")
        }
        let left = child.stopLeftovers()
        if left > 0 {
            TerminalOutput.message(
                "warning: the \(name) executable left \(left) process\(left == 1 ? "" : "es") running after its run in round \(round); stopped")
        }
        let message = Self.lastError((try? String(contentsOf: errors, encoding: .utf8)) ?? "")
        switch ending {
        case .killed(let signal):
            throw CommandFailure("the \(name) executable was killed by signal \(signal) in round \(round)")
        case .exited(0):
            break
        case .exited(let status) where [64, 65, 69].contains(status):
            throw CommandFailure("the \(name) executable refused the run: \(message)", exitCode: ExitCode(status))
        case .exited(let status) where [130, 143].contains(status):
            throw CommandFailure("the \(name) executable was stopped in round \(round)", exitCode: ExitCode(status))
        case .exited(let status):
            throw CommandFailure("the \(name) executable failed in round \(round) (exit \(status)): \(message)")
        }
        let runFile = out.appendingPathComponent("run.json")
        guard FileManager.default.fileExists(atPath: runFile.path) else {
            throw CommandFailure(
                "the \(name) executable '\(executable.path)' wrote no run.json: is it a motionbench executable?", exitCode: .unavailable)
        }
        return try RunResult.loadReporting(runFile)
    }

    /// The last `Error: …` line of a child's stderr without its prefix, or its last line, or a note that it said nothing.
    private static func lastError(_ text: String) -> String {
        let lines = text.split(separator: "\n").map(String.init)
        if let error = lines.last(where: { $0.hasPrefix("Error: ") }) { return String(error.dropFirst("Error: ".count)) }
        return lines.last ?? "(nothing on stderr)"
    }
}

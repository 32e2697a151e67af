import Foundation

/// Runs the built `motionbench` executable, as a user would.
enum CLI {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable next to the test bundle in the build folder.
    static var executable: URL { builtExecutable("motionbench") }

    /// The tests' own catalogue's command line (`Tests/FixtureCatalogue`), built beside `motionbench`.
    static var fixture: URL { builtExecutable("motionbench-fixture") }

    private static func builtExecutable(_ name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent(name).path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name)
    }

    /// Runs `motionbench` (or another `executable`) with `arguments`, and `environment` added to the
    /// test's, and waits for it.
    static func run(_ arguments: [String], in directory: URL? = nil, executable: URL = executable, environment: [String: String] = [:]) throws
        -> Outcome
    {
        try Running(arguments, in: directory, executable: executable, environment: environment).wait()
    }

    /// Runs `motionbench` as user `nobody` when the tests run as root, whom file permissions do not
    /// stop, so that unreadable and unwritable files are so.
    static func runAsUnprivilegedUser(_ arguments: [String]) throws -> Outcome {
        guard getuid() == 0 else { return try run(arguments) }
        return try run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
    }

    /// A `motionbench` process started and not yet waited for, so a test can signal it.
    final class Running {
        let process = Process()
        // Files rather than pipes: nothing to drain while the child runs, so it can never stall.
        private let outFile = temporaryFolder().appendingPathExtension("stdout")
        private let errFile = temporaryFolder().appendingPathExtension("stderr")

        fileprivate init(_ arguments: [String], in directory: URL?, executable: URL, environment: [String: String] = [:]) throws {
            process.executableURL = executable
            process.arguments = arguments
            if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
            if let directory { process.currentDirectoryURL = directory }
            _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: outFile)
            process.standardError = try FileHandle(forWritingTo: errFile)
            try process.run()
        }

        deinit {
            try? FileManager.default.removeItem(at: outFile)
            try? FileManager.default.removeItem(at: errFile)
        }

        /// Sends `signal` to the process.
        func send(_ signal: Int32) {
            kill(process.processIdentifier, signal)
        }

        /// Waits up to `seconds` for the process to end and returns what it printed and its status; nil
        /// when it had not ended by then, and was killed (SIGKILL), so a test of a hang fails, not hangs.
        func wait(upTo seconds: Double) throws -> Outcome? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            guard !process.isRunning else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            return try wait()
        }

        /// Waits for the process to end and returns what it printed and its status.
        func wait() throws -> Outcome {
            process.waitUntilExit()
            return Outcome(
                status: process.terminationStatus,
                stdout: try String(contentsOf: outFile, encoding: .utf8),
                stderr: try String(contentsOf: errFile, encoding: .utf8)
            )
        }
    }

    /// Runs `motionbench` with `arguments` and waits for it, returning also the largest resident size
    /// it reached, in KiB: its `VmHWM` in /proc, read every few milliseconds while it runs (the
    /// kernel's account at exit would include the test process's own, which a spawned child shares
    /// until it executes). Nil where there is no /proc.
    static func runMeasuringMemory(_ arguments: [String]) throws -> (outcome: Outcome, peakKiB: Int?) {
        let running = try Running(arguments, in: nil, executable: executable)
        let status = "/proc/\(running.process.processIdentifier)/status"
        var peak: Int?
        while running.process.isRunning {
            if let text = try? String(contentsOfFile: status, encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
            {
                peak = max(peak ?? 0, kib)
            }
            usleep(2000)
        }
        return (try running.wait(), peak)
    }

    /// Starts `motionbench` (or another `executable`) with `arguments`, and `environment` added to the
    /// test's, without waiting for it.
    static func start(
        _ arguments: [String], in directory: URL? = nil, executable: URL = executable, environment: [String: String] = [:]
    ) throws -> Running {
        try Running(arguments, in: directory, executable: executable, environment: environment)
    }

    /// The rows of the `accuracy.csv` in run folder `folder`, by column name.
    static func accuracyRows(_ folder: URL) throws -> [[String: String]] {
        let rows = try String(contentsOf: folder.appendingPathComponent("accuracy.csv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(rows[0], $0)) }
    }

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-cli-\(UUID().uuidString)")
    }
}

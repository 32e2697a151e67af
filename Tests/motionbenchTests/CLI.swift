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
    static func run(_ arguments: [String], in directory: URL? = nil, executable: URL = executable, environment: [String: String] = [:]) throws -> Outcome {
        try Running(arguments, in: directory, executable: executable, environment: environment).wait()
    }

    /// Runs `motionbench` as user `nobody` when the tests run as root, whom file permissions do not
    /// stop, so that unreadable and unwritable files are so.
    static func runAsUnprivilegedUser(_ arguments: [String]) throws -> Outcome {
        guard getuid() == 0 else { return try run(arguments) }
        return try run(["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
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

    /// Starts `motionbench` with `arguments` without waiting for it.
    static func start(_ arguments: [String], in directory: URL? = nil) throws -> Running {
        try Running(arguments, in: directory, executable: executable)
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

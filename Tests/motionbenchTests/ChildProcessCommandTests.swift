import Foundation
import SystemView
import Testing

@testable import MotionResults

#if os(Linux)
    private let findsDescendants = true
#else
    private let findsDescendants = false
#endif

/// What `ab` and `run --counter instructions` start goes with them, however they end: a build that
/// leaves a detached grandchild (`setsid`) neither hangs a round nor outlives it, and a valgrind that
/// ignores SIGINT and SIGTERM, and starts a detached child of its own, is stopped by one signal or two,
/// leaving no process and nothing in the temporary folder.
@Suite(.serialized, .enabled(if: findsDescendants, "a detached descendant is found through Linux's /proc"))
struct ChildProcessCommandTests {
    /// A folder for a test's scripts and its own temporary folder (`tmp`), which the caller removes.
    static func sandbox() throws -> (folder: URL, temporary: URL, pids: URL) {
        let folder = CLI.temporaryFolder()
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        return (folder, temporary, folder.appendingPathComponent("pids"))
    }

    /// Writes an executable script `name` into `folder`.
    static func script(_ name: String, in folder: URL, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(("#!/bin/sh\n" + text).utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    /// The process ids listed in `file`, one a line, once at least `least` are.
    static func pids(in file: URL, least: Int) throws -> [pid_t] {
        for _ in 0..<3000 {
            let pids = ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
            if pids.count >= least { return pids }
            usleep(20_000)
        }
        Issue.record("fewer than \(least) processes started")
        return []
    }

    /// Whether every process in `pids` is gone (waiting up to 5 s), and `temporary` is empty.
    static func expectNothingLeft(_ pids: [pid_t], _ temporary: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for pid in pids {
            for _ in 0..<250 where kill(pid, 0) == 0 || errno != ESRCH { usleep(20_000) }
            #expect(kill(pid, 0) != 0 && errno == ESRCH, "process \(pid) outlived the command", sourceLocation: sourceLocation)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(left.isEmpty, "left in the temporary folder: \(left)", sourceLocation: sourceLocation)
    }

    @Test func aBuildThatLeavesADetachedGrandchildNeitherHangsARoundNorOutlivesIt() throws {
        let sandbox = try Self.sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.folder) }
        let candidate = try Self.script(
            "candidate", in: sandbox.folder, "setsid sleep 1000 &\necho $! >> '\(sandbox.pids.path)'\nexec '\(CLI.fixture.path)' \"$@\"\n")
        let ab = try CLI.start(
            ["ab", CLI.fixture.path, candidate.path, "burner", "--mode", "virtual", "--samples", "2000", "--rounds", "6", "--round-timeout", "30"],
            executable: CLI.fixture, environment: ["TMPDIR": sandbox.temporary.path])
        let outcome = try #require(try ab.wait(upTo: 120), "ab hangs on the detached grandchild's open files")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains("warning: the candidate executable left 1 process running after its run in round 0; stopped"), "\(outcome.stderr)"
        )
        try Self.expectNothingLeft(try Self.pids(in: sandbox.pids, least: 6), sandbox.temporary)
    }

    @Test(arguments: [[SIGTERM], [SIGINT, SIGINT], []])
    func aHungBuildWithADetachedGrandchildIsStoppedWhole(signals: [Int32]) throws {
        let sandbox = try Self.sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.folder) }
        let hung = try Self.script(
            "hung", in: sandbox.folder, "setsid sleep 1000 &\necho $! >> '\(sandbox.pids.path)'\necho $$ >> '\(sandbox.pids.path)'\nwait\n")
        let ab = try CLI.start(
            ["ab", hung.path, CLI.fixture.path, "burner", "--mode", "virtual", "--samples", "2000", "--rounds", "6", "--round-timeout", "3"],
            executable: CLI.fixture, environment: ["TMPDIR": sandbox.temporary.path])
        let pids = try Self.pids(in: sandbox.pids, least: 2)
        for signal in signals {
            ab.send(signal)
            usleep(10_000)
        }
        let outcome = try #require(try ab.wait(upTo: 30), "ab hangs with its round")
        switch signals.count {
        case 0: #expect(outcome.status == 1 && outcome.stderr.contains("ran past --round-timeout 3 s in round 0"), "\(outcome.stderr)")
        case 1: #expect(outcome.status == 143 && outcome.stderr.contains("stopped by SIGTERM in round 0"), "\(outcome.stderr)")
        // The second signal stops ab at once, unless the first had it done already.
        default:
            #expect(
                outcome.status == 130 && (outcome.stderr.contains("stopped at once") || outcome.stderr.contains("stopped by SIGINT in round 0")),
                "\(outcome.stderr)")
        }
        try Self.expectNothingLeft(pids, sandbox.temporary)
    }

    /// `run --counter instructions` on a valgrind that ignores SIGINT and SIGTERM and never ends,
    /// with a detached child of its own.
    @Test(.enabled(if: LoadedSanitizer.name == nil, "counting refuses a sanitizer's build"), arguments: [[SIGINT], [SIGTERM, SIGTERM]])
    func countingStopsAValgrindThatIgnoresSignals(signals: [Int32]) throws {
        let sandbox = try Self.sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.folder) }
        let tools = sandbox.folder.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        _ = try Self.script(
            "valgrind", in: tools,
            "trap '' INT TERM\necho $$ >> '\(sandbox.pids.path)'\nsetsid sleep 1000 &\necho $! >> '\(sandbox.pids.path)'\nexec sleep 1000\n")
        let out = sandbox.folder.appendingPathComponent("run")
        let path = tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try CLI.start(
            ["run", "barometer", "--filter", "none", "--mode", "virtual", "--samples", "200", "--counter", "instructions", "--out", out.path],
            environment: ["TMPDIR": sandbox.temporary.path, "PATH": path])
        // Two cases to count (the barometer and the harness floor), side by side: two valgrinds.
        let pids = try Self.pids(in: sandbox.pids, least: 4)
        for signal in signals {
            run.send(signal)
            usleep(100_000)
        }
        let outcome = try #require(try run.wait(upTo: 30), "run hangs with its valgrind")
        let code = 128 + signals[0]
        #expect(outcome.status == code, "\(outcome.stderr)")
        if signals.count == 1 {
            #expect(outcome.stderr.contains("instructions: not counted, stopped by SIGINT"), "\(outcome.stderr)")
            let counted = try RunResult.load(from: out.appendingPathComponent("run.json"))
            #expect(counted.cases.count == 1 && counted.cases[0].instructionsPerSample == nil && counted.interruption == nil)
        }
        try Self.expectNothingLeft(pids, sandbox.temporary)
    }
}

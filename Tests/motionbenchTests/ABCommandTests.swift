import Foundation
import Testing

/// `motionbench ab` end to end on the tests' own catalogue (`motionbench-fixture`): the same build
/// against itself passes, a candidate whose environment asks for ten times the burner's work per
/// sample (as a slower build would do) regresses naming the case, a hung build is stopped at the
/// round's time limit and with ab, everything it started and ab's folder gone, and bad input is
/// refused with one message and a documented exit code, before any round runs and with no file written.
@Suite(.serialized) struct ABCommandTests {
    /// A short round: 2000 virtual-time samples of the burner.
    static let burner = ["burner", "--mode", "virtual", "--samples", "2000"]

    @Test func theSameBuildAgainstItselfPasses() throws {
        // Eight rounds and a wide tolerance: a debug build on a shared machine, and no flaky test.
        let outcome = try CLI.run(
            ["ab", CLI.fixture.path, CLI.fixture.path] + Self.burner + ["--rounds", "8", "--tolerance", "cpu_ns_per_sample=25%,20"],
            executable: CLI.fixture)
        #expect(outcome.status == 0, "stdout: \(outcome.stdout) stderr: \(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("## motionbench ab: 0 regressed, "), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("| burner | 100 | raw | virtual | CPU ns/sample |"))
        #expect(outcome.stdout.contains("8 rounds in ABBA order, each running `run burner --mode virtual --samples 2000`"))
    }

    @Test func tenTimesTheWorkRegressesNamingTheCase() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = folder.appendingPathComponent("ab.md"), json = folder.appendingPathComponent("ab.json")
        // The burner does 100 rounds of arithmetic a sample; 900 more make it ten times the work.
        let outcome = try CLI.run(
            ["ab", CLI.fixture.path, CLI.fixture.path, "--rounds", "6", "--candidate-env", "MOTIONBENCH_FIXTURE_EXTRA_WORK=900"] + Self.burner
                + ["--markdown", markdown.path, "--json", json.path],
            executable: CLI.fixture)
        #expect(outcome.status == 2, "stdout: \(outcome.stdout) stderr: \(outcome.stderr)")
        #expect(outcome.stdout.contains("**Regressed:**\n\n- `burner 100 Hz raw virtual` CPU ns/sample: "), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("| Environment | — | `MOTIONBENCH_FIXTURE_EXTRA_WORK=900` |"))
        #expect(try String(contentsOf: markdown, encoding: .utf8) == outcome.stdout)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        #expect(document["outcome"] as? String == "regressed" && document["rounds"] as? Int == 6)
        let rows = try #require(document["rows"] as? [[String: Any]])
        let cpu = try #require(rows.first { $0["metric"] as? String == "cpu_ns_per_sample" })
        #expect(cpu["verdict"] as? String == "regressed")
        #expect((cpu["intervalLower"] as? Double ?? 0) > 0, "the whole interval above 0")
        #expect((cpu["baselineValues"] as? [Double])?.count == 6)
    }

    /// `ab` started with, as the baseline, a build whose run hangs (a script that starts a `sleep`
    /// and waits for it, the `sleep`'s pid written to `pidFile`), `extra` options, and its own
    /// temporary folder (`temporary`, inside `folder`, which the caller removes).
    static func startWithAHungBuild(_ extra: [String]) throws -> (ab: CLI.Running, folder: URL, pidFile: URL, temporary: URL) {
        let folder = CLI.temporaryFolder(), temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("hang.sh"), pidFile = folder.appendingPathComponent("sleep.pid")
        try Data("#!/bin/sh\nsleep 1000 &\necho $! > '\(pidFile.path).tmp' && mv '\(pidFile.path).tmp' '\(pidFile.path)'\nwait\n".utf8).write(
            to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let ab = try CLI.start(
            ["ab", script.path, CLI.fixture.path] + burner + ["--rounds", "6"] + extra, executable: CLI.fixture,
            environment: ["TMPDIR": temporary.path])
        return (ab, folder, pidFile, temporary)
    }

    /// Whether the process `pidFile` names is gone (waiting up to 5 s), and ab left nothing in `temporary`.
    static func expectEverythingGone(_ pidFile: URL, _ temporary: URL) throws {
        let pid = try #require(pid_t(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        for _ in 0..<250 where kill(pid, 0) == 0 || errno != ESRCH { usleep(20_000) }
        #expect(kill(pid, 0) != 0 && errno == ESRCH, "the build's own child was stopped too")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "ab's temporary folder is removed")
    }

    @Test func aHungBuildIsStoppedAtTheRoundTimeoutWithAllItStarted() throws {
        let started = try Self.startWithAHungBuild(["--round-timeout", "2"])
        defer { try? FileManager.default.removeItem(at: started.folder) }
        let outcome = try #require(try started.ab.wait(upTo: 60), "ab still ran after 60 s: it hangs with its build")
        #expect(outcome.status == 1, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("the baseline executable ran past --round-timeout 2 s in round 0 and was stopped"), "\(outcome.stderr)")
        try Self.expectEverythingGone(started.pidFile, started.temporary)
    }

    @Test func stoppingABStopsItsRoundAndRemovesItsFolder() throws {
        let started = try Self.startWithAHungBuild([])
        defer { try? FileManager.default.removeItem(at: started.folder) }
        for _ in 0..<1500 where !FileManager.default.fileExists(atPath: started.pidFile.path) { usleep(20_000) }
        try #require(FileManager.default.fileExists(atPath: started.pidFile.path), "the round started")
        started.ab.send(SIGTERM)
        let outcome = try #require(try started.ab.wait(upTo: 30), "ab still ran 30 s after SIGTERM")
        #expect(outcome.status == 143, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("stopped by SIGTERM in round 0"), "\(outcome.stderr)")
        try Self.expectEverythingGone(started.pidFile, started.temporary)
    }

    @Test func badInputIsRefusedWithOneMessage() throws {
        let folder = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let notExecutable = folder.appendingPathComponent("motionbench-copy")
        try Data("#!/bin/sh\n".utf8).write(to: notExecutable)
        let markdown = folder.appendingPathComponent("out/ab.md")
        let fixture = CLI.fixture.path
        let cases: [([String], Int32, String)] = [
            (
                [folder.appendingPathComponent("missing").path, fixture] + Self.burner, 69,
                "the baseline executable '\(folder.path)/missing' does not exist"
            ),
            ([fixture, notExecutable.path] + Self.burner, 69, "the candidate executable '\(notExecutable.path)' is not executable"),
            ([fixture, "/bin/true"] + Self.burner + ["--rounds", "6"], 69, "the candidate executable '/bin/true' wrote no run.json"),
            ([fixture, fixture], 64, "give run's arguments after the two executables"),
            (
                [fixture, fixture, "no-such-workload", "--rounds", "6"], 64,
                "the baseline executable refused the run: workload: unknown workload 'no-such-workload'"
            ),
            ([fixture, fixture] + Self.burner + ["--out", "x"], 64, "--out: ab sets each round's output itself"),
            ([fixture, fixture] + Self.burner + ["--rounds", "5"], 64, "--rounds: 5 is outside 6…1000"),
            ([fixture, fixture] + Self.burner + ["--round-timeout", "0"], 64, "--round-timeout: 0.0 is not a number of seconds above 0"),
            ([fixture, fixture] + Self.burner + ["--tolerance", "peak_rss_mib=5"], 64, "--tolerance: ab compares timings only"),
            ([fixture, fixture] + Self.burner + ["--candidate-env", "=1"], 64, "--candidate-env: '=1' is not NAME=VALUE"),
        ]
        for (arguments, status, message) in cases {
            let outcome = try CLI.run(["ab"] + arguments + ["--markdown", markdown.path], executable: CLI.fixture)
            #expect(outcome.status == status, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.components(separatedBy: "Error:").count == 2, "one message, not \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: markdown.path), "\(arguments) wrote \(markdown.path)")
        }
    }
}

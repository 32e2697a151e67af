import Foundation
import MotionBench
import MotionResults
import SystemView
import Testing

/// `compare` as a gate a shared runner can trust: instructions counted under callgrind repeat to the
/// instruction and gate tightly, timings beside them or of a single repetition do not gate unless
/// asked, and allocations gate exactly. The tests' own catalogue (`motionbench-fixture`) does a known amount of work per sample,
/// and more when its environment asks, as a changed build would.
@Suite(.serialized) struct CostGateTests {
    static let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].contains { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs the burner in virtual time for 2000 samples into a new folder, with `environment`.
    func run(_ extra: [String] = [], environment: [String: String] = [:]) throws -> URL {
        let folder = CLI.temporaryFolder()
        let outcome = try CLI.run(
            ["run", "burner", "--mode", "virtual", "--samples", "2000", "--out", folder.path, "--quiet"] + extra,
            executable: CLI.fixture, environment: environment)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        return folder
    }

    func instructions(_ folder: URL) throws -> Double? {
        try RunResult.load(from: folder.appendingPathComponent("run.json")).cases.first?.instructionsPerSample
    }

    /// valgrind cannot run a sanitizer's build, and the fixture is built like the tests.
    static let counts = valgrind && LoadedSanitizer.name == nil

    @Test(.enabled(if: counts, "needs valgrind and a build without a sanitizer"))
    func instructionsRepeatAndARaisedCountFailsNamingTheFunction() throws {
        let baseline = try run(["--counter", "instructions"])
        let again = try run(["--counter", "instructions"])
        let candidate = try run(["--counter", "instructions"], environment: ["MOTIONBENCH_FIXTURE_EXTRA_WORK": "20"])
        defer { for folder in [baseline, again, candidate] { try? FileManager.default.removeItem(at: folder) } }
        let count = try #require(try instructions(baseline))
        #expect(try instructions(again) == count, "the same code counts the same, to the instruction")
        #expect(try #require(try instructions(candidate)) > count + 60, "20 more rounds of a few instructions each")
        #expect(FileManager.default.fileExists(atPath: baseline.appendingPathComponent("profiles/burner-100hz-raw.folded").path))
        // The harness's floor, measured beside the case and counted alone, repeats as exactly.
        let floor = try #require(try RunResult.load(from: baseline.appendingPathComponent("run.json")).harnessFloor?.instructionsPerSample)
        #expect(floor > 0 && floor < count)
        #expect(try RunResult.load(from: again.appendingPathComponent("run.json")).harnessFloor?.instructionsPerSample == floor)

        #expect(try CLI.run(["compare", baseline.path, again.path], executable: CLI.fixture).status == 0)
        let report = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: report, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: report) }
        let markdown = report.appendingPathComponent("compare.md")
        let outcome = try CLI.run(["compare", baseline.path, candidate.path, "--markdown", markdown.path], executable: CLI.fixture)
        #expect(outcome.status == 2, "stdout: \(outcome.stdout)")
        #expect(outcome.stdout.contains("**Gated on:** Instructions/sample"))
        let sections = outcome.stdout.components(separatedBy: "### Where it went")
        try #require(sections.count == 2, "stdout: \(outcome.stdout)")
        let changes = sections[1].split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(changes.prefix(3).contains { $0.contains("BurnerWorkload.extraWork") && $0.hasSuffix("| 0 |") == false }, "\(changes)")
        #expect(!changes.contains { $0.contains("VirtualTimeCase.replay") }, "a caller whose change is one callee's is left out")
        let flame = report.appendingPathComponent("compare-flame-burner-100hz-raw.svg")
        #expect(FileManager.default.fileExists(atPath: flame.path))
        #expect(try String(contentsOf: flame, encoding: .utf8).contains("extraWork"))
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("compare-flame-burner-100hz-raw.folded").path))
    }

    @Test func oneMoreAllocationPerSampleFailsTheComparison() throws {
        let baseline = try run()
        let candidate = try run(environment: ["MOTIONBENCH_FIXTURE_EXTRA_ALLOCATIONS": "1"])
        defer { for folder in [baseline, candidate] { try? FileManager.default.removeItem(at: folder) } }
        let result = try RunResult.load(from: candidate.appendingPathComponent("run.json")).cases[0]
        guard result.allocationsPerSample != nil else { return }  // a build that does not count (a sanitizer)
        #expect(result.allocationsPerSample == 1 && result.allocationBytesPerSample == 64)
        let outcome = try CLI.run(["compare", baseline.path, candidate.path], executable: CLI.fixture)
        #expect(outcome.status == 2, "stdout: \(outcome.stdout)")
        #expect(outcome.stdout.contains("- `burner 100 Hz raw virtual` Allocations/sample: 0 → 1"))
    }

    /// Ten times the work a sample, timed once on each side: a rise a single run cannot tell from a
    /// shared machine's noise, so it is shown as not gated and compare passes; `baseline save` says
    /// so of such a run. With five repetitions on each side the test tells it, and it fails.
    @Test func aSingleRunsTimingDoesNotGateAndRepetitionsMakeItGate() throws {
        let baseline = try run(), candidate = try run(environment: ["MOTIONBENCH_FIXTURE_EXTRA_WORK": "900"])
        let repeated = try run(["--repetitions", "5"])
        let slower = try run(["--repetitions", "5"], environment: ["MOTIONBENCH_FIXTURE_EXTRA_WORK": "900"])
        let baselines = CLI.temporaryFolder()
        defer { for folder in [baseline, candidate, repeated, slower, baselines] { try? FileManager.default.removeItem(at: folder) } }

        let once = try CLI.run(["compare", baseline.path, candidate.path], executable: CLI.fixture)
        #expect(once.status == 0, "stdout: \(once.stdout)")
        #expect(once.stdout.hasPrefix("## motionbench compare: 0 regressed, "))
        #expect(
            once.stdout.contains("**Not gated:** CPU ns/sample, CPU % (1 repetition cannot tell these from noise: the test needs 5 on both sides)."))
        #expect(once.stdout.contains("| burner | 100 | raw | virtual | CPU ns/sample |") && once.stdout.contains("| rose (not gated) |"))

        let saved = try CLI.run(["baseline", "save", "ci", baseline.path, "--baselines-dir", baselines.path], executable: CLI.fixture)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(
            saved.stdout.contains("\nAs a baseline it gates ")
                && saved.stdout.contains(
                    "; not CPU ns/sample, CPU % (1 repetition cannot tell these from noise: the test needs 5 on both sides).\n"),
            "\(saved.stdout)")

        let fiveEach = try CLI.run(["compare", repeated.path, slower.path], executable: CLI.fixture)
        #expect(fiveEach.status == 2, "stdout: \(fiveEach.stdout)")
        #expect(fiveEach.stdout.contains("**Regressed:**\n\n- `burner 100 Hz raw virtual` CPU ns/sample: "))
        #expect(fiveEach.stdout.contains("**Gated on:** ") && fiveEach.stdout.contains("CPU ns/sample"))
    }

    /// A run that asks for counts and fails on its plan leaves nothing in the temporary folder (it
    /// once left a copy of the executable there each time).
    @Test func aCountingRunThatFailsOnItsPlanLeavesNoTemporaryFolder() throws {
        let temporary = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let outcome = try CLI.run(
            ["run", "burner", "--filter", "kalman", "--mode", "virtual", "--counter", "instructions"], executable: CLI.fixture,
            environment: ["TMPDIR": temporary.path])
        #expect(outcome.status == (Self.counts ? 64 : 69), "stderr: \(outcome.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test(.enabled(if: !counts, "valgrind can count here"))
    func theCounterSaysWhyItCannotCount() throws {
        let outcome = try CLI.run(["run", "burner", "--mode", "virtual", "--counter", "instructions"], executable: CLI.fixture)
        let reason = LoadedSanitizer.name.map { "built with \($0)" } ?? "valgrind is missing"
        #expect(outcome.status == 69 && outcome.stderr.contains(reason), "stderr: \(outcome.stderr)")
    }
}

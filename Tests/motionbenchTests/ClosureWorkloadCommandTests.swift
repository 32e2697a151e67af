import Foundation
import MotionBench
import MotionResults
import Testing

/// A package's executable whose workload is written as closures, end to end: the tests' catalogue
/// (`motionbench-fixture`) has the same sample counter as a class (`counting`) and as closures
/// (`counting-closure`), and as closures reporting each sample as an event (`counting-events`).
@Suite struct ClosureWorkloadCommandTests {
    @Test func theClosureFormRunsInBothModesAndAllocatesNothingPerSample() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run(
            ["run", "counting-closure", "counting", "counting-events", "--samples", "4000", "--duration", "0.5", "--out", folder.path, "--quiet"],
            executable: CLI.fixture)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let cases = try RunResult.load(from: folder.appendingPathComponent("run.json")).cases
        #expect(
            cases.map { "\($0.spec.workload) \($0.spec.mode.rawValue)" } == [
                "counting-closure virtual", "counting-closure realtime", "counting virtual", "counting realtime",
                "counting-events virtual", "counting-events realtime",
            ])
        for result in cases {
            #expect(result.outputs["samples"] == Double(result.samples), "\(result.spec.identity.name): each sample reached the handler")
        }
        for name in ["counting-closure", "counting-events"] {  // a measured run's event log keeps nothing
            let virtual = try #require(cases.first { $0.spec.workload == name && $0.spec.mode == .virtual })
            #expect(virtual.samples == 4000)
            if virtual.allocationsPerSample != nil {  // nil in a build that does not count (a sanitizer)
                #expect(virtual.allocationsPerSample == 0 && virtual.allocationBytesPerSample == 0, "\(name)")
            }
        }
    }

    /// Events the source knows no truth of cannot be scored, and the run says so rather than leaving
    /// out their accuracy in silence.
    @Test func eventsTheSourceHasNoTruthOfAreNamed() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run(
            ["run", "counting-events", "counting", "--mode", "virtual", "--samples", "1000", "--out", folder.path], executable: CLI.fixture)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "note: counting-events detects sample, which synthetic:tilt-and-shake,seed=1 has no truth of: not scored (a recording with labels=FILE gives them truth)"
            ), "stderr: \(outcome.stderr)")
        #expect(!outcome.stderr.contains("note: counting detects"))
    }

    @Test func theUsageLineNamesTheExecutableRun() throws {
        let own = try CLI.run(["run", "counting-closure", "--no-such-flag"], executable: CLI.fixture)
        #expect(own.status == 64 && own.stderr.hasPrefix("Error: Unknown option '--no-such-flag'"), "stderr: \(own.stderr)")
        #expect(own.stderr.contains("Usage: motionbench-fixture run ") && !own.stderr.contains("motionbench run"), "stderr: \(own.stderr)")
        let help = try CLI.run(["--help"], executable: CLI.fixture)
        #expect(help.stdout.contains("USAGE: motionbench-fixture <subcommand>"), "stdout: \(help.stdout)")
        let builtIn = try CLI.run(["run", "accelerometer", "--no-such-flag"])
        #expect(builtIn.stderr.contains("Usage: motionbench run "), "stderr: \(builtIn.stderr)")
    }
}

import Foundation
import Testing

@testable import MotionResults

/// A case keeps to its bounds whatever its workload does (the tests' burner made to take 90 ms or
/// hours a sample): a real-time case that falls behind ends with its duration and reads as falling
/// behind, a virtual one keeps to its time budget, a stop signal is honoured within a case, and a
/// workload that passes the memory budget or never returns ends the run with its finished cases kept.
@Suite struct CaseBoundsTests {
    /// The burner, made to take about 90 ms a sample in a debug build.
    static let slow = ["MOTIONBENCH_FIXTURE_EXTRA_WORK": "10000000"]
    /// The burner, made to take hours over one sample.
    static let stuck = ["MOTIONBENCH_FIXTURE_EXTRA_WORK": "1000000000000"]

    func folder() -> URL { CLI.temporaryFolder() }

    @Test func aRealTimeCaseThatFallsBehindEndsOnTimeAndSaysSo() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let started = Date()
        let outcome = try CLI.run(
            ["run", "burner", "--mode", "realtime", "--duration", "1", "--out", out.path], executable: CLI.fixture, environment: Self.slow)
        let seconds = Date().timeIntervalSince(started)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let result = try #require(try RunResult.load(from: out.appendingPathComponent("run.json")).cases.first)
        // 100 ticks were due in its second; it handled a tenth of them, and its case ended on time.
        #expect(result.samples < 50 && (result.dropped ?? 0) > 40, "\(result.samples) handled, \(result.dropped ?? -1) dropped")
        #expect(result.samples + (result.dropped ?? 0) + (result.missed ?? 0) == 100, "every tick accounted for")
        #expect((result.achievedHz ?? 100) < 50, "achieved \(result.achievedHz ?? -1) Hz")
        #expect(result.fellBehind)
        #expect(result.wallSeconds < 4, "the case took \(result.wallSeconds) s")
        #expect(seconds < 30, "the run took \(seconds) s")
        #expect(
            outcome.stderr.contains("warning: burner 100 Hz raw realtime #1 fell behind: handled \(result.samples) of 100 ticks"), "\(outcome.stderr)"
        )
        let report = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("**Fell behind:**") && report.contains("`burner 100 Hz raw #1`: handled"), "\(report)")
    }

    @Test func aVirtualCaseKeepsToItsTimeBudgetWhateverItsWarmUp() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let started = Date()
        // --quick: a 1 s budget, which 256 warm-up ticks of 90 ms each would overrun twenty times.
        let outcome = try CLI.run(
            ["run", "burner", "--mode", "virtual", "--quick", "--harness-floor", "off", "--out", out.path], executable: CLI.fixture,
            environment: Self.slow)
        let seconds = Date().timeIntervalSince(started)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let result = try #require(try RunResult.load(from: out.appendingPathComponent("run.json")).cases.first)
        #expect(result.wallSeconds < 3, "the measured replay took \(result.wallSeconds) s of a 1 s budget")
        #expect((1..<40).contains(result.samples), "\(result.samples) samples")
        #expect(seconds < 20, "the run took \(seconds) s")
    }

    @Test func aStopSignalIsHonouredWithinALongCase() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        // 100000 samples of 90 ms: hours, with no time budget.
        let running = try CLI.start(
            ["run", "burner", "--mode", "virtual", "--samples", "100000", "--harness-floor", "off", "--out", out.path], executable: CLI.fixture,
            environment: Self.slow)
        sleep(2)
        running.send(SIGTERM)
        let stopped = Date()
        let outcome = try #require(try running.wait(upTo: 40), "the run went on 40 s after SIGTERM")
        // The case in flight has 10 s to end; it is then stopped between two stretches of about a second.
        #expect(Date().timeIntervalSince(stopped) < 25)
        #expect(outcome.status == 143, "\(outcome.stderr)")
        let run = try RunResult.load(from: out.appendingPathComponent("run.json"))
        #expect(run.cases.isEmpty && run.interruption?.signal == "SIGTERM" && run.interruption?.state == .interrupted)
        #expect(outcome.stderr.contains("interrupted by SIGTERM after 0 of 1 cases"), "\(outcome.stderr)")
    }

    @Test func aWorkloadThatNeverReturnsEndsTheRunKeepingWhatFinished() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let running = try CLI.start(
            ["run", "burner", "--mode", "realtime", "--duration", "1", "--out", out.path], executable: CLI.fixture, environment: Self.stuck)
        let outcome = try #require(try running.wait(upTo: 60), "the run hangs with its workload")
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains("burner 100 Hz raw (realtime #1): the workload did not return within 10 s of the end of its case's time"),
            "\(outcome.stderr)")
        #expect(outcome.stderr.contains("the run stopped there, its 0 finished cases written to \(out.path)"), "\(outcome.stderr)")
        let run = try RunResult.load(from: out.appendingPathComponent("run.json"))
        #expect(run.cases.isEmpty && run.interruption?.state == .interrupted)
    }

    @Test func theMemoryBudgetStopsTheCaseAndTheRun() throws {
        let out = folder()
        defer { try? FileManager.default.removeItem(at: out) }
        // 1 MiB: less than the process holds before any case, so the first case passes it at once.
        let outcome = try CLI.run(
            ["run", "burner", "--mode", "realtime", "--duration", "1", "--memory-budget", "1", "--out", out.path], executable: CLI.fixture)
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("past the memory budget of 1 MiB (--memory-budget); the case was stopped and left out"), "\(outcome.stderr)")
        let run = try RunResult.load(from: out.appendingPathComponent("run.json"))
        #expect(run.cases.isEmpty && run.interruption?.state == .interrupted)
        let refused = try CLI.run(["run", "burner", "--memory-budget", "0", "--out", out.path], executable: CLI.fixture)
        #expect(refused.status == 64 && refused.stderr.contains("--memory-budget: 0.0 MiB is not a size in 1...1099511627776 MiB"))
    }
}

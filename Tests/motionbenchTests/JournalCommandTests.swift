import Foundation
import Testing

@testable import MotionResults

/// A folder left holding a run's journal alone (the run was killed before it wrote run.json) reads
/// as the run, marked in progress, with every command that reads a run; `report` writes its run.json.
@Suite struct JournalCommandTests {
    /// A finished run of two cases and, beside it, the journal a run of the same plan killed after
    /// its first case would have left: folders `whole` and `killed` under a scratch folder.
    func makeRuns() throws -> (scratch: URL, whole: URL, killed: URL) {
        let scratch = CLI.temporaryFolder()
        let whole = scratch.appendingPathComponent("whole")
        let outcome = try CLI.run([
            "run", "accelerometer", "--filter", "raw,low-pass", "--mode", "virtual", "--samples", "500", "--quiet", "--out", whole.path,
        ])
        try #require(outcome.status == 0, "stderr: \(outcome.stderr)")
        var run = try RunResult.load(from: whole.appendingPathComponent(RunFolder.runFile))
        run.cases = [run.cases[0]]
        run.accuracy = []
        run.interruption = RunInterruption(state: .inProgress, plannedCases: 2)
        let killed = scratch.appendingPathComponent("killed")
        try FileManager.default.createDirectory(at: killed, withIntermediateDirectories: true)
        _ = try RunJournal(url: killed.appendingPathComponent(RunFolder.journalFile), run: run)
        return (scratch, whole, killed)
    }

    @Test func aJournalAloneReadsWhereverARunJSONIsRead() throws {
        let (scratch, whole, killed) = try makeRuns()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let journal = killed.appendingPathComponent(RunFolder.journalFile).path

        // Exit 3: nothing regressed, but the killed run lacks a case.
        let compare = try CLI.run(["compare", whole.path, killed.path])
        #expect(compare.status == 3, "stderr: \(compare.stderr)")
        #expect(compare.stdout.contains(journal) && compare.stdout.contains(" missing"), "stdout: \(compare.stdout)")

        let history = try CLI.run(["history", scratch.path])
        #expect(history.status == 0, "stderr: \(history.stderr)")
        #expect(history.stdout.contains(journal) && !history.stdout.contains("## Left out"), "stdout: \(history.stdout)")

        let baselines = scratch.appendingPathComponent("baselines")
        let saved = try CLI.run(["baseline", "save", "killed", killed.path, "--baselines-dir", baselines.path])
        #expect(saved.status == 0 && saved.stdout.contains("from \(journal)"), "stdout: \(saved.stdout) stderr: \(saved.stderr)")
        let baseline = try RunResult.load(from: baselines.appendingPathComponent("killed/run.json"))
        #expect(baseline.cases.count == 1 && baseline.interruption?.state == .inProgress)

        // Written elsewhere, the reports leave the killed run's folder as it was.
        let elsewhere = scratch.appendingPathComponent("elsewhere")
        #expect(try CLI.run(["report", killed.path, "--out", elsewhere.path]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: killed.path) == [RunFolder.journalFile])
        let report = try String(contentsOf: elsewhere.appendingPathComponent(RunFolder.reportFile), encoding: .utf8)
        #expect(report.contains("**Not a complete run: incomplete: the run did not finish; 1 of 2 cases kept.**"))
    }

    /// `report` in the killed run's own folder writes the run.json the journal stands for, and the
    /// journal goes.
    @Test func reportWritesTheRunJSONOfAJournalAndRemovesIt() throws {
        let (scratch, _, killed) = try makeRuns()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let before = try RunResult.load(from: killed.appendingPathComponent(RunFolder.runFile))
        let outcome = try CLI.run(["report", killed.path])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stdout.contains("run.json, summary.csv"))
        let files = try FileManager.default.contentsOfDirectory(atPath: killed.path)
        #expect(files.contains(RunFolder.runFile) && !files.contains(RunFolder.journalFile) && files.contains(RunFolder.reportFile))
        #expect(try RunResult.load(from: killed.appendingPathComponent(RunFolder.runFile)) == before)
    }
}

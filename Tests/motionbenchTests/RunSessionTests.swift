import Foundation
import MotionBench
import MotionBenchCLI
import MotionReports
import MotionResults
import SystemView
import TestSupport
import Testing

/// A program that runs a plan through the library, not the command line, gets the folder and the
/// guarantees `run` gives.
@Suite struct RunSessionTests {
    private static func measure(into folder: URL, formats: Set<ReportFormat>) throws -> (run: RunResult, files: [String]) {
        let input = RunInput(scenario: .still, seed: 1)
        let plan = try BenchmarkPlan.plan(
            PlanRequest(workloads: ["accelerometer"], filters: ["raw"], modes: [.virtual], sampleCount: 300), catalogue: .builtIn, input: input)
        let runner = BenchmarkRunner(probe: try makeProcessProbe(), catalogue: .builtIn, input: input)
        let settings = RunSettings(
            durationSeconds: 1, sampleCount: 300, repetitions: 1, samplerRateHz: 10, source: input.source.description, quick: true)
        var options = RunSession.Options()
        options.formats = formats
        return try RunSession(folder: folder).run(plan.cases, with: runner, settings: settings, options: options)
    }

    @Test func aRunIsWrittenWithItsReportsAndReadsBackAsReturned() throws {
        let folder = try Repository.scratchFolder("motionbench-session").appendingPathComponent("made/here")
        let (run, files) = try Self.measure(into: folder, formats: ReportFormat.runDefault)
        #expect(files.first == RunFolder.runFile)
        #expect(files.contains(RunFolder.summaryFile) && files.contains(RunFolder.reportFile))
        #expect(try RunResult.load(from: folder.appendingPathComponent(RunFolder.runFile)) == run)
        #expect(run.cases.map(\.samples) == [300])
    }

    @Test func aReportThatCannotBeWrittenKeepsTheMeasuredCases() throws {
        let folder = try Repository.scratchFolder("motionbench-session")
        // A folder where report.md goes: the report fails after run.json was written.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(RunFolder.reportFile), withIntermediateDirectories: false)
        #expect {
            try Self.measure(into: folder, formats: [.md])
        } throws: { error in
            "\(error)".contains("the measured cases are kept in \(folder.appendingPathComponent(RunFolder.runFile).path)")
        }
        let kept = try RunResult.load(from: folder.appendingPathComponent(RunFolder.runFile))
        #expect(kept.cases.count == 1)
    }
}

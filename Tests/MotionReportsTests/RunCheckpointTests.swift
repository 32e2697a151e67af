import Foundation
import MotionResults
import Testing

@testable import MotionReports

@Suite struct RunCheckpointTests {
    @Test func aCheckpointReadsBackAsTheRunItWasWrittenFrom() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var run = SampleRun.make()
        run.interruption = RunInterruption(state: .inProgress, plannedCases: run.cases.count + 3)
        // A command line holding the very text the checkpoint splices at must not confuse it.
        run.environment.commandLine += [#""cases":[]"#, "ü"]
        var checkpoint = RunCheckpoint(url: folder.appendingPathComponent("run.json"))
        #expect(!checkpoint.written)
        for count in [0, 1, run.cases.count] {
            var partial = run
            partial.cases = Array(run.cases.prefix(count))
            try checkpoint.write(partial)
            #expect(try RunResult.load(from: checkpoint.url) == partial)
        }
        #expect(checkpoint.written)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["run.json"])
    }
}

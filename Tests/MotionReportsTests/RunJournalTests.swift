import Foundation
import MotionResults
import Testing

@testable import MotionReports

/// The journal a run keeps while it goes on: a case a line, read as the run wherever run.json is.
@Suite struct RunJournalTests {
    /// A folder of its own, removed by the caller.
    func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The sample run marked in progress, with a command line holding what JSON Lines must escape.
    func inProgressRun() -> RunResult {
        var run = SampleRun.make()
        run.interruption = RunInterruption(state: .inProgress, plannedCases: run.cases.count + 3)
        run.environment.commandLine += ["two\nlines", #""cases":[]"#, "ü"]
        return run
    }

    /// The wake floors measured so far go with the case each came after, and read back in order.
    @Test func aJournalReadsAsTheRunItKeptWhereverItsRunJSONIsRead() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var run = inProgressRun()
        var floors = run.cases.map { result in
            var floor = result
            floor.spec.workload = "wake floor"
            return floor
        }
        floors[1].spec.rateHz = 20
        run.wakeFloors = floors
        var first = run
        first.cases = [run.cases[0]]
        first.wakeFloors = [floors[0]]
        let journal = try RunJournal(url: folder.appendingPathComponent(RunFolder.journalFile), run: first)
        let runFile = folder.appendingPathComponent(RunFolder.runFile)
        var read = try RunResult.load(from: runFile)
        #expect(read.cases == first.cases && read.wakeFloors == first.wakeFloors)
        #expect(read.environment == run.environment && read.interruption == run.interruption)
        try journal.append(run.cases[1], of: run)
        read = try RunResult.load(from: runFile)
        #expect(RunResult.epochSeconds(read.finishedAt) != nil)
        read.finishedAt = run.finishedAt
        #expect(read == run)
        #expect(try RunResult.load(from: journal.url) == RunResult.load(from: runFile), "the journal named itself reads the same")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [RunFolder.journalFile], "no temporary is left")
        // Once run.json is written, it is what is read.
        var finished = run
        finished.interruption = nil
        _ = try RunReport.write(finished, to: folder, formats: [.json])
        #expect(try RunResult.load(from: runFile) == finished)
        journal.remove()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [RunFolder.runFile])
    }

    /// A kill in the middle of an append leaves a line without its newline: the case being kept,
    /// left out; every case before it is read.
    @Test func aLineCutShortIsTheCaseInProgressAndIsLeftOut() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = inProgressRun()
        let url = folder.appendingPathComponent(RunFolder.journalFile)
        let whole: Data
        do {
            _ = try RunJournal(url: url, run: run)
            whole = try Data(contentsOf: url)
        }
        let lines = whole.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == 1 + run.cases.count)
        for cut in [whole.count - 1, whole.count - lines.last!.count / 2, whole.count - lines.last!.count - 1] {
            try whole.prefix(cut).write(to: url)
            #expect(try RunResult.load(from: url).cases == Array(run.cases.dropLast()), "cut at byte \(cut) of \(whole.count)")
        }
    }

    @Test func aDamagedJournalIsRefusedNamingTheFileAndLine() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(RunFolder.journalFile)
        do { _ = try RunJournal(url: url, run: inProgressRun()) }
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = #"{"finishedAt":"2026-11-22T17:00:05Z","result":{"samples":1}}"#
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        #expect { try RunResult.load(from: url) } throws: { error in
            let error = error as? RunFileError
            return error?.path == url.path && error?.line == 3 && error?.reason.contains("missing field") == true
        }
        try Data((#"{"schemaVersion":99}"# + "\n").utf8).write(to: url)
        #expect { try RunResult.load(from: url) } throws: { ($0 as? RunFileError)?.reason.contains("schema version 99") == true }
        try Data(#"{"schemaVersion":2,"#.utf8).write(to: url)
        #expect { try RunResult.load(from: url) } throws: { ($0 as? RunFileError)?.reason.contains("first line") == true }
    }

    /// The writer's lock tells a run still going from one that died: the kernel drops it with the writer.
    @Test func aLiveWriterIsToldFromOneThatIsGone() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(RunFolder.journalFile)
        var journal: RunJournal? = try RunJournal(url: url, run: inProgressRun())
        #expect(RunJournal.isBeingWritten(url))
        journal = nil
        #expect(journal == nil && !RunJournal.isBeingWritten(url))
    }
}

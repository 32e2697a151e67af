import Foundation
import Testing

@testable import MotionBench
@testable import MotionResults

/// Signals in the middle of `motionbench run`: what is finished is kept, whole, and the exit code says
/// what stopped the run.
@Suite struct InterruptionTests {
    /// Eight one-second real-time cases: long enough to signal in the middle, short enough for a test.
    let realTimeRun = ["run", "accelerometer", "--rate", "10,20,50,100", "--mode", "realtime", "--duration", "1"]

    /// Waits (up to a minute) until `file` exists: the run's journal, started when its first case finished.
    func waitFor(_ file: URL) throws {
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: file.path) {
            try #require(Date() < deadline, "\(file.lastPathComponent) never appeared")
            usleep(20_000)
        }
    }

    /// The visible files of `folder`, and proof that each is whole: run.json and the journal load, the
    /// CSV files have rows and end with a newline, the SVG and Markdown end as they should.
    func expectEveryFileComplete(_ folder: URL) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        for name in names {
            let url = folder.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            switch url.pathExtension {
            case "json", "journal": _ = try RunResult.load(from: url)
            case "csv":
                #expect(text.hasSuffix("\n"), "\(name) ends mid-line")
                #expect(text.split(separator: "\n").count > 1, "\(name) has no rows")
            case "svg": #expect(text.hasSuffix("</svg>\n"), "\(name) is cut short")
            default: #expect(text.hasSuffix("\n"), "\(name) is cut short")
            }
        }
        return names
    }

    @Test(arguments: [(SIGINT, "SIGINT", Int32(130)), (SIGTERM, "SIGTERM", Int32(143))])
    func aSignalStopsAfterTheCaseInFlightAndWritesEveryFinishedCase(signal: Int32, name: String, exitCode: Int32) throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let running = try CLI.start(realTimeRun + ["--out", folder.path])
        try waitFor(folder.appendingPathComponent(RunFolder.journalFile))
        running.send(signal)
        let outcome = try running.wait()

        #expect(outcome.status == exitCode, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("stopping after the case in flight"))
        let run = try RunResult.load(from: folder.appendingPathComponent("run.json"))
        let interruption = try #require(run.interruption)
        #expect(interruption.state == .interrupted && interruption.signal == name && interruption.plannedCases == 8)
        #expect((1..<8).contains(run.cases.count))
        // The case in flight ran to its end: each finished case accounts for its whole second of ticks
        // (a loaded machine may miss some, which are counted, not lost).
        for result in run.cases {
            let ticks = result.samples + (result.missed ?? 0) + (result.dropped ?? 0)
            #expect(abs(Double(ticks) - result.spec.rateHz) <= 1, "\(result.spec.rateHz) Hz case accounts for \(ticks) ticks")
        }
        #expect(outcome.stderr.contains("interrupted by \(name) after \(run.cases.count) of 8 cases"))
        let files = try expectEveryFileComplete(folder)
        // The finished cases' shakes are scored too.
        #expect(
            files == [
                "accuracy-accelerometer.svg", "accuracy.csv", "cpu.svg", "features.csv", "memory.svg", "report.md", "run.json", "summary.csv",
                "threads.csv", "timeseries.csv",
            ])
        let accuracy = try String(contentsOf: folder.appendingPathComponent("accuracy.csv"), encoding: .utf8)
        #expect(accuracy.split(separator: "\n").count == run.cases.count + 1, "a row per finished case")
        let summary = try String(contentsOf: folder.appendingPathComponent("summary.csv"), encoding: .utf8)
        #expect(summary.split(separator: "\n").count == run.cases.count + 1)
        let report = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("Not a complete run: interrupted by \(name) after \(run.cases.count) of 8 cases"))
    }

    @Test func aSignalDuringTheLastCaseKeepsTheRunWholeAndStillExitsWithItsCode() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two 3-second cases: the journal is started just before the second, and last, case starts; half a second later that case is surely in flight, and far from its end.
        let running = try CLI.start([
            "run", "accelerometer", "--rate", "10", "--filter", "raw,low-pass", "--mode", "realtime", "--duration", "3", "--out", folder.path,
        ])
        try waitFor(folder.appendingPathComponent(RunFolder.journalFile))
        usleep(500_000)
        running.send(SIGINT)
        let outcome = try running.wait()

        #expect(outcome.status == 130, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("SIGINT arrived during the last case or after it: every case finished and was written"))
        let run = try RunResult.load(from: folder.appendingPathComponent("run.json"))
        #expect(run.interruption == nil && run.cases.count == 2)
        #expect(try expectEveryFileComplete(folder).contains("report.md"))
    }

    /// Run by another name, as a package's own executable is: both messages name it.
    @Test func aSecondSignalStopsAtOnceLeavingTheJournalWhole() throws {
        let folder = CLI.temporaryFolder()
        let ownExecutable = CLI.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: ownExecutable)
        }
        try FileManager.default.createDirectory(at: ownExecutable, withIntermediateDirectories: true)
        let joltBench = ownExecutable.appendingPathComponent("jolt-bench")
        try FileManager.default.createSymbolicLink(at: joltBench, withDestinationURL: CLI.executable)
        let running = try CLI.start(realTimeRun + ["--out", folder.path], executable: joltBench)
        try waitFor(folder.appendingPathComponent(RunFolder.journalFile))
        // Both signals inside the second one-second case: a first one that landed before that case began
        // would let the run finish its reports before the second arrived.
        usleep(200_000)
        running.send(SIGINT)
        usleep(100_000)
        running.send(SIGINT)
        let outcome = try running.wait()

        #expect(outcome.status == 130)
        #expect(outcome.stderr.contains("\njolt-bench: stopping after the case in flight"))
        #expect(outcome.stderr.contains("\njolt-bench: stopped at once"))
        #expect(!outcome.stderr.contains("motionbench:"), "stderr: \(outcome.stderr)")
        // Stopped before the case in flight finished: what is on disk is the journal of the cases before
        // it, which reads as the run.
        #expect(try expectEveryFileComplete(folder) == [RunFolder.journalFile])
        let run = try RunResult.load(from: folder.appendingPathComponent("run.json"))
        #expect(run.interruption?.state == .inProgress && run.interruption?.plannedCases == 8)
        #expect((1..<8).contains(run.cases.count))
    }

    /// Two signals while the first case runs, into a folder the run made and has written nothing
    /// into yet: no empty folder is left behind.
    @Test func twoSignalsBeforeAnythingIsWrittenLeaveNoFolder() throws {
        let parent = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("run")
        let running = try CLI.start(["run", "accelerometer", "--rate", "10", "--mode", "realtime", "--duration", "5", "--out", folder.path])
        for _ in 0..<3000 where !FileManager.default.fileExists(atPath: folder.path) { usleep(10_000) }
        usleep(300_000)
        running.send(SIGINT)
        usleep(100_000)
        running.send(SIGINT)
        let outcome = try running.wait()
        #expect(outcome.status == 130 && outcome.stderr.contains("stopped at once"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path), "the empty run folder is left")
    }

    /// A run killed in a folder that held a finished run of another plan: what is left is the new
    /// run's journal alone, none of the old run's report, CSV files or charts beside it. Other
    /// files in the folder stay.
    @Test func aRunInAFinishedRunsFolderNeverLeavesTheOldFilesBesideItsOwn() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try CLI.run([
            "run", "barometer", "--filter", "none", "--mode", "virtual", "--samples", "200", "--emit", "--out", folder.path, "--quiet",
        ])
        #expect(old.status == 0, "stderr: \(old.stderr)")
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("mine\n".utf8).write(to: notes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains("emitted"), "an emitting run's folder")

        let running = try CLI.start(realTimeRun + ["--out", folder.path])
        // The new run's journal, read as its run.json is: accelerometer in it.
        let deadline = Date().addingTimeInterval(60)
        while (try? RunResult.load(from: folder.appendingPathComponent("run.json")))?.cases.first?.spec.workload != "accelerometer" {
            try #require(Date() < deadline, "the new run's journal never appeared")
            usleep(20_000)
        }
        running.send(SIGKILL)
        _ = try running.wait()
        #expect(try expectEveryFileComplete(folder) == ["notes.txt", RunFolder.journalFile])
        #expect(try RunResult.load(from: folder.appendingPathComponent("run.json")).interruption?.plannedCases == 8)
    }

    @Test func killMinusNineAtAnyMomentLeavesOnlyWholeFiles() throws {
        // 240 short virtual-time cases, each kept in the journal as it finishes: kills land while cases
        // are being appended, whatever the machine's speed, since each waits for the run's journal.
        let arguments = ["run", "accelerometer", "heading", "--mode", "virtual", "--samples", "500", "--rate", "10,20,50,100", "--repetitions", "10"]
        var folders: [URL] = []
        defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
        for attempt in 0..<12 {
            let folder = CLI.temporaryFolder()
            folders.append(folder)
            let running = try CLI.start(arguments + ["--out", folder.path])
            try waitFor(folder.appendingPathComponent(RunFolder.journalFile))
            usleep(useconds_t(attempt * 3_000))
            running.send(SIGKILL)
            _ = try running.wait()
            #expect(running.process.terminationReason == .uncaughtSignal && running.process.terminationStatus == SIGKILL)
            #expect(try expectEveryFileComplete(folder) == [RunFolder.journalFile])
            #expect(try RunResult.load(from: folder.appendingPathComponent("run.json")).interruption?.state == .inProgress)
        }
        // A run into a killed run's folder clears the temporaries the killed writer left behind, and its
        // files are all there and whole.
        let folder = try #require(folders.last)
        let outcome = try CLI.run(["run", "accelerometer", "--mode", "virtual", "--samples", "500", "--out", folder.path])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let all = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(all.filter { $0.hasPrefix(".") }.isEmpty, "left behind: \(all)")
        #expect(try RunResult.load(from: folder.appendingPathComponent("run.json")).interruption == nil)
    }

    /// A sweep of 1,000 cases of the cheapest workload, killed at random moments (when a random number
    /// of its cases have finished, then up to a case's length later): every finished case is kept, in
    /// the plan's order, and only the case in flight may be lost. The fixture marks each case as the
    /// harness takes its outputs, the case's last step before the run keeps it, so all the marked cases
    /// but the last are kept, whatever the moment.
    @Test func killMinusNineAtRandomMomentsKeepsEveryFinishedCaseOfAThousand() throws {
        let cases = 1000
        let arguments = ["run", "marking", "--mode", "virtual", "--samples", "20", "--repetitions", String(cases), "--quiet"]
        var generator = SystemRandomNumberGenerator()
        // The first target is the first case, while it may still be being kept; the last is the end of
        // the run: a kill while its files are written.
        let targets = [1] + (0..<3).map { _ in Int.random(in: 2..<cases, using: &generator) } + [cases]
        for target in targets {
            let folder = CLI.temporaryFolder()
            let marks = folder.appendingPathExtension("marks")
            defer {
                try? FileManager.default.removeItem(at: folder)
                try? FileManager.default.removeItem(at: marks)
            }
            let running = try CLI.start(
                arguments + ["--out", folder.path], executable: CLI.fixture, environment: ["MOTIONBENCH_FIXTURE_MARKS": marks.path])
            let deadline = Date().addingTimeInterval(120)
            while Self.count(marks) < target, running.process.isRunning {
                try #require(Date() < deadline, "the run marked \(Self.count(marks)) of \(target) cases in two minutes")
                usleep(200)
            }
            let lag = UInt32.random(in: 0..<3_000, using: &generator)
            usleep(lag)
            running.send(SIGKILL)
            _ = try running.wait()
            let marked = Self.count(marks)
            // Killed while the first case was being kept: the case in flight is the one a kill may lose.
            guard FileManager.default.fileExists(atPath: RunFolder.fileToRead(folder.appendingPathComponent(RunFolder.runFile)).path) else {
                #expect(marked <= 1, "killed \(marked) cases in with no run.json or journal")
                #expect(try expectEveryFileComplete(folder).isEmpty)
                continue
            }
            let run = try RunResult.load(from: folder.appendingPathComponent(RunFolder.runFile))
            let moment = "killed \(lag) µs after case \(target) was marked; \(marked) marked, \(run.cases.count) kept"
            #expect(run.cases.count == marked || run.cases.count == marked - 1, "\(moment)")
            #expect(run.cases.map(\.spec.repetition) == Array(1...run.cases.count), "\(moment)")
            #expect(run.interruption?.plannedCases ?? cases == cases)
            #expect(try expectEveryFileComplete(folder).contains { $0 == RunFolder.runFile || $0 == RunFolder.journalFile })
        }
    }

    /// The bytes of `file`, 0 when it is not there yet.
    private static func count(_ file: URL) -> Int {
        var status = stat()
        return stat(file.path, &status) == 0 ? Int(status.st_size) : 0
    }
}

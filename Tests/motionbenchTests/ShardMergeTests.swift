import Foundation
import MotionBench
import MotionResults
import TestSupport
import Testing

/// `run --shard I/N` and `merge` end to end: three shards merged are the unsharded plan's cases, and
/// runs that do not make one plan are refused, naming the file, with nothing written.
@Suite(.serialized) struct ShardMergeTests {
    /// The plan: three workloads, nine filters, both modes, two repetitions (36 cases), short.
    static let plan = ["run", "accelerometer", "barometer", "heading", "--duration", "0.2", "--samples", "500", "--repetitions", "2", "--quiet"]

    /// The unsharded run and its three shards, run once for the suite and kept in memory (their
    /// folder removed); each test writes what it needs into a folder of its own and removes it.
    static let made: (whole: RunResult, shards: [RunResult]) = {
        let folder = try! Repository.scratchFolder("motionbench-shards")
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole")
        _ = try! CLI.run(plan + ["--out", whole.path])
        let shards = (1...3).map { index -> RunResult in
            let shard = folder.appendingPathComponent("shard-\(index)")
            let outcome = try! CLI.run(plan + ["--shard", "\(index)/3", "--out", shard.path])
            precondition(outcome.status == 0, outcome.stderr)
            return try! load(shard)
        }
        return (try! load(whole), shards)
    }()

    /// A new folder holding the unsharded run (`whole/`) and the shards (`shard-1/` …); the caller removes it.
    static func folders() throws -> (folder: URL, whole: URL, shards: [URL]) {
        let folder = try Repository.scratchFolder("motionbench-shards")
        let whole = folder.appendingPathComponent("whole")
        try write(made.whole, to: whole)
        let shards = try made.shards.enumerated().map { index, run -> URL in
            let shard = folder.appendingPathComponent("shard-\(index + 1)")
            try write(run, to: shard)
            return shard
        }
        return (folder, whole, shards)
    }

    static func write(_ run: RunResult, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try run.encoded().write(to: folder.appendingPathComponent("run.json"))
    }

    static func load(_ folder: URL) throws -> RunResult {
        try RunResult.load(from: folder.appendingPathComponent("run.json"))
    }

    @Test func threeShardsMergedAreTheUnshardedPlansCases() throws {
        let runs = try Self.folders()
        defer { try? FileManager.default.removeItem(at: runs.folder) }
        let (whole, shards) = Self.made
        #expect(whole.cases.count == 40)
        #expect(shards.allSatisfy { !$0.cases.isEmpty }, "every shard has work: \(shards.map(\.cases.count))")
        // Each case's modes and repetitions stay in one shard.
        let owners = Dictionary(grouping: shards.enumerated().flatMap { index, run in run.cases.map { ($0.spec.identity, index) } }, by: \.0)
        #expect(owners.values.allSatisfy { Set($0.map(\.1)).count == 1 })

        let merged = runs.folder.appendingPathComponent("merged")
        let outcome = try CLI.run(["merge"] + runs.shards.map(\.path) + ["--out", merged.path])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("Merged 3 shards (40 cases, 1 host)"), "\(outcome.stdout)")
        let run = try Self.load(merged)
        #expect(run.cases.map(\.spec) == whole.cases.map(\.spec), "the plan's cases, in its order")
        #expect(run.accuracy.map { ComparisonSubject(accuracyOf: $0) } == whole.accuracy.map { ComparisonSubject(accuracyOf: $0) })
        #expect(run.accuracy.map(\.measures) == whole.accuracy.map(\.measures), "a seeded source scores the same anywhere")
        #expect(run.shard == nil && run.interruption == nil)
        #expect(run.mergedShards?.map(\.shard.index) == [1, 2, 3])
        #expect(run.mergedShards?.map { $0.environment.commandLine.contains("--shard") } == [true, true, true])
        #expect(try String(contentsOf: merged.appendingPathComponent("report.md"), encoding: .utf8).contains("Shards"))

        // What reads a run reads the merged one.
        let report = try CLI.run(["report", merged.path, "--format", "gbench-json", "--out", runs.folder.appendingPathComponent("report").path])
        #expect(report.status == 0, "stderr: \(report.stderr)")
        let compare = try CLI.run(["compare", runs.whole.path, merged.path])
        #expect([0, 2].contains(compare.status), "every case on both sides; timings may move. stderr: \(compare.stderr)")
        #expect(!compare.stdout.contains("Only in the"))
        let history = try CLI.run(["history", runs.whole.path, merged.path])
        #expect(history.status == 0, "stderr: \(history.stderr)")
    }

    @Test func aShardOutsideItsCountOrMalformedIsRefused() throws {
        for (shard, message) in [
            ("4/3", "--shard: shard 4 of 3 is not one of 1...3"), ("0/3", "--shard: shard 0 of 3"), ("x", "--shard: 'x' is not I/N"),
            ("1/2000", "--shard: 2000 shards is not a count in 1...1000"),
        ] {
            let out = CLI.temporaryFolder()
            let outcome = try CLI.run(["run", "accelerometer", "--shard", shard, "--out", out.path])
            #expect(outcome.status == 64)
            #expect(outcome.stderr.contains(message), "\(shard): \(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test func anEmptyShardIsARunWithNoCase() throws {
        let out = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let outcome = try CLI.run([
            "run", "barometer", "--filter", "none", "--mode", "virtual", "--samples", "100", "--shard", "2/2", "--quiet", "--out", out.path,
        ])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let run = try Self.load(out)
        #expect(run.cases.isEmpty && run.shard?.plannedCases == 1 && run.shard?.planPositions == [])
    }

    /// A copy of shard `index`'s run.json with `change` applied, in a folder of its own inside `folder`.
    static func altered(_ index: Int, in folder: URL, _ change: (inout RunResult) -> Void) throws -> URL {
        var run = made.shards[index - 1]
        change(&run)
        let altered = folder.appendingPathComponent("altered-\(UUID().uuidString)")
        try write(run, to: altered)
        return altered
    }

    /// Shard 3 with its first case turned into another filter's: the shard's own record tells it;
    /// without that record (a shard made before it was kept) the plan's fingerprint does.
    static func changedCase(_ run: inout RunResult) {
        run.cases[0].spec.filter = run.cases[0].spec.filter == "mahony" ? "madgwick" : "mahony"
    }

    @Test func runsThatDoNotMakeOnePlanAreRefused() throws {
        let runs = try Self.folders()
        defer { try? FileManager.default.removeItem(at: runs.folder) }
        let (s1, s2, s3) = (runs.shards[0].path, runs.shards[1].path, runs.shards[2].path)
        let interrupted = try Self.altered(3, in: runs.folder) {
            $0.interruption = RunInterruption(state: .interrupted, signal: "SIGINT", plannedCases: 20)
        }
        let otherPlan = try Self.altered(3, in: runs.folder) { $0.shard?.plan = "0123456789abcdef" }
        let otherCommit = try Self.altered(3, in: runs.folder) { $0.environment.gitCommit = String(repeating: "a", count: 40) }
        let otherSettings = try Self.altered(3, in: runs.folder) { $0.settings.sampleCount += 1 }
        let strayPlace = try Self.altered(3, in: runs.folder) { $0.shard?.planPositions[0] = 1000 }
        let changed = try Self.altered(3, in: runs.folder, Self.changedCase)
        let changedUnrecorded = try Self.altered(3, in: runs.folder) { run in
            Self.changedCase(&run)
            run.shard?.cases = nil
        }
        let cases: [([String], String)] = [
            ([s1, s2, s1, s3], "\(s1)/run.json: shard 1/3 again (also \(s1)/run.json): give each shard once"),
            ([s1, s2], "shard 3/3 is missing: the merged run would lack"),
            ([s1, s2, runs.whole.path], "\(runs.whole.path)/run.json: not a shard"),
            ([s1, s2, interrupted.path], "shard 3/3 is interrupted by SIGINT after"),
            ([s1, s2, otherPlan.path], "shard 3/3 of another plan than \(s1)/run.json"),
            ([s1, s2, otherCommit.path], "its commit is 'aaaa"),
            (
                [s1, s2, otherSettings.path],
                "its virtual-time sample count is '\(Self.made.shards[2].settings.sampleCount + 1)', \(s1)/run.json's '\(Self.made.shards[2].settings.sampleCount)'"
            ),
            ([s1, s2, strayPlace.path], "its shard record places a case at 1000, outside the plan's"),
            ([s1, s2, changed.path], "\(changed.path)/run.json: shard 3/3's cases are not those its plan gave it"),
            ([s1, s2, changedUnrecorded.path], "the shards' cases are not those of plan \(Self.made.shards[0].shard!.plan)"),
        ]
        for (runs, message) in cases {
            let out = CLI.temporaryFolder()
            let outcome = try CLI.run(["merge"] + runs + ["--out", out.path])
            #expect(outcome.status == 64, "\(runs): \(outcome.stderr)")
            #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path), "nothing written")
        }
    }

    /// `--out` naming a shard's own folder (however spelled) would replace that shard's run.json:
    /// refused, the shard untouched. A folder holding another run gets the merged run alone.
    @Test func mergingIntoAShardsFolderIsRefusedAndAnOldRunIsReplacedWhole() throws {
        let runs = try Self.folders()
        defer { try? FileManager.default.removeItem(at: runs.folder) }
        let shard2 = runs.shards[1].appendingPathComponent("run.json")
        let before = try Data(contentsOf: shard2)
        for out in [runs.shards[1].path, runs.shards[1].path + "/../shard-2/"] {
            let outcome = try CLI.run(["merge"] + runs.shards.map(\.path) + ["--out", out])
            #expect(outcome.status == 64, "\(out): \(outcome.stderr)")
            #expect(outcome.stderr.contains("--out: \(out) is the folder of shard 2/3 (\(shard2.path)), whose run.json the merged run would replace"))
            #expect(try Data(contentsOf: shard2) == before && FileManager.default.contentsOfDirectory(atPath: runs.shards[1].path) == ["run.json"])
        }

        let out = runs.folder.appendingPathComponent("merged")
        #expect(
            try CLI.run(["run", "barometer", "--filter", "none", "--mode", "virtual", "--samples", "100", "--emit", "--quiet", "--out", out.path])
                .status == 0)
        let outcome = try CLI.run(["merge"] + runs.shards.map(\.path) + ["--out", out.path, "--format", "json,md"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(!files.contains("summary.csv") && !files.contains("emitted") && !files.contains("plots"), "the old run's files are gone: \(files)")
        #expect(try Self.load(out).cases.count == 40)
    }

    @Test func aRunOfAnotherSchemaIsExit65() throws {
        let runs = try Self.folders()
        defer { try? FileManager.default.removeItem(at: runs.folder) }
        let folder = try Self.altered(2, in: runs.folder) { _ in }
        let file = folder.appendingPathComponent("run.json")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 9")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let out = CLI.temporaryFolder()
        let outcome = try CLI.run(["merge", runs.shards[0].path, folder.path, runs.shards[2].path, "--out", out.path])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("\(file.path): schema version 9; this motionbench reads 2"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}

import Foundation
import MotionBench
import MotionResults
import Testing

/// `motionbench compare` and `motionbench baseline` end to end: real runs, hand-edited copies of
/// their run.json, exit codes, and the files written (or not).
@Suite(.serialized) struct CompareCommandTests {
    let folder = CLI.temporaryFolder()

    /// A real run: accelerometer, raw and low-pass, 5 repetitions of 2000 virtual-time samples.
    func realRun(_ name: String) throws -> URL {
        let out = folder.appendingPathComponent(name)
        let outcome = try CLI.run([
            "run", "accelerometer", "--mode", "virtual", "--samples", "2000", "--repetitions", "5", "--quiet", "--out", out.path,
        ])
        try #require(outcome.status == 0, "\(outcome.stderr)")
        return out
    }

    /// A copy of `run`'s run.json in the folder `name`, its JSON changed by `edit`.
    func edited(_ run: URL, _ name: String, _ edit: (inout [String: Any]) -> Void) throws -> URL {
        var json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: run.appendingPathComponent("run.json"))) as? [String: Any])
        edit(&json)
        let out = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: json).write(to: out.appendingPathComponent("run.json"))
        return out
    }

    /// Multiplies the CPU figures of `filter`'s cases by `factor`.
    func scaleCost(of filter: String, by factor: Double) -> (inout [String: Any]) -> Void {
        { json in
            json["cases"] = (json["cases"] as! [[String: Any]]).map { result in
                guard (result["spec"] as! [String: Any])["filter"] as? String == filter else { return result }
                var slower = result
                for key in ["cpuNsPerSample", "projectedCpuPct"] { slower[key] = (result[key] as! Double) * factor }
                return slower
            }
        }
    }

    /// Leaves out `filter`'s cases.
    func dropCases(of filter: String) -> (inout [String: Any]) -> Void {
        { json in
            json["cases"] = (json["cases"] as! [[String: Any]]).filter { ($0["spec"] as! [String: Any])["filter"] as? String != filter }
        }
    }

    @Test func twoRealRunsOfTheSameCodePass() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try realRun("first"), second = try realRun("second")
        let csv = folder.appendingPathComponent("compare.csv"), markdown = folder.appendingPathComponent("compare.md")
        // Generous CPU tolerances: two debug-build runs on a shared machine may differ by far more than a release gate allows.
        let outcome = try CLI.run([
            "compare", first.path, second.appendingPathComponent("run.json").path, "--tolerance", "cpu_ns_per_sample=200%,1000",
            "--tolerance", "cpu_pct=200%,1", "--csv", csv.path, "--markdown", markdown.path,
        ])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("## motionbench compare: 0 regressed, "))
        #expect(outcome.stdout.contains("| accelerometer | 10 | low-pass | virtual | CPU ns/sample |"))
        #expect(outcome.stdout.contains("`cpu_ns_per_sample=200%,1000`"))
        #expect(try String(contentsOf: markdown, encoding: .utf8) == outcome.stdout)
        let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n")
        // Allocations and the heap are counted unless the build cannot (a sanitizer).
        let counted = try RunResult.load(from: first.appendingPathComponent("run.json")).cases[0].allocationsPerSample != nil
        let metrics = counted ? 8 : 3, scores = 2
        #expect(
            rows.count == 1 + 2 * (metrics + scores),
            """
            raw and low-pass: CPU ns/sample, CPU %, peak RSS, allocations and their bytes, heap held, peak and leaked; \
            the F1 and recall of their shakes
            """)
        let (cases, accuracy) = (rows.dropFirst().filter { !$0.contains(",event_") }, rows.filter { $0.contains(",event_") })
        #expect(cases.count == 2 * metrics && cases.allSatisfy { $0.contains(",5,5,") }, "five repetitions a side")
        #expect(accuracy.count == 2 * scores && accuracy.allSatisfy { $0.contains(",1,1,") }, "scored once a side")
        #expect(outcome.stderr.isEmpty)

        let same = try CLI.run(["compare", first.path, first.path])
        #expect(same.status == 0)
        // The timings of a run against itself are unchanged, or unresolved where their repetitions
        // spread beyond the 10 % tolerance: never a verdict either way.
        let heading = try #require(same.stdout.split(separator: "\n").first?.split(separator: ": ").last)
        let counts = Dictionary(
            uniqueKeysWithValues: heading.split(separator: ", ").map { ($0.split(separator: " ")[1], Int($0.split(separator: " ")[0])!) })
        #expect(counts["regressed"] == 0 && counts["improved"] == 0 && counts["missing"] == 0, "\(heading)")
        #expect(counts["unchanged"]! + counts["unresolved"]! == 2 * (metrics + scores) && counts["unresolved"]! <= 4, "\(heading)")
    }

    @Test func aSlowerCandidateRegressesAndAFasterOneImproves() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try realRun("baseline")
        let slower = try edited(baseline, "slower", scaleCost(of: "low-pass", by: 3))
        let csv = folder.appendingPathComponent("compare.csv")
        let regressed = try CLI.run(["compare", baseline.path, slower.path, "--csv", csv.path])
        #expect(regressed.status == 2, "\(regressed.stderr)")
        #expect(regressed.stdout.contains("**Regressed:**\n\n- `accelerometer 10 Hz low-pass virtual` CPU ns/sample: "))
        #expect(regressed.stdout.contains("p = 0.0079"), "five against five, apart: the exact test's smallest p")
        let csvText = try String(contentsOf: csv, encoding: .utf8)
        #expect(csvText.contains(",virtual,cpu_ns_per_sample,ns,") && csvText.contains(",exact,regressed,true,,"))

        let faster = try edited(baseline, "faster", scaleCost(of: "low-pass", by: 1.0 / 3))
        let improved = try CLI.run(["compare", baseline.path, faster.path])
        #expect(improved.status == 0, "improvements never fail")
        #expect(improved.stdout.contains("| improved |"))
    }

    @Test func missingCasesExit3UnlessSomethingRegressed() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try realRun("baseline")
        let partial = try edited(baseline, "partial", dropCases(of: "low-pass"))
        let missing = try CLI.run(["compare", baseline.path, partial.path])
        #expect(missing.status == 3, "\(missing.stderr)")
        #expect(missing.stdout.contains("Only in the baseline: `accelerometer 10 Hz low-pass virtual`."))
        #expect(missing.stdout.contains("| missing |"))
        let added = try CLI.run(["compare", partial.path, baseline.path])
        #expect(added.status == 3)
        #expect(added.stdout.contains("Only in the candidate: `accelerometer 10 Hz low-pass virtual`."))

        let partialAndSlower = try edited(partial, "partial-slower", scaleCost(of: "raw", by: 3))
        #expect(try CLI.run(["compare", baseline.path, partialAndSlower.path]).status == 2, "a regression wins over a missing case")
    }

    @Test func differentEnvironmentsAreWarnedAbout() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try realRun("baseline")
        let elsewhere = try edited(baseline, "elsewhere") { json in
            var environment = json["environment"] as! [String: Any]
            environment["cpuModel"] = "Another CPU"
            environment["cores"] = 64
            json["environment"] = environment
        }
        let outcome = try CLI.run(["compare", baseline.path, elsewhere.path])
        #expect(outcome.status == 0, "a warning, not a failure")
        #expect(outcome.stdout.contains("> **Warning:** the runs' environments differ"))
        #expect(outcome.stdout.contains("; cores `") && outcome.stdout.contains("` → `64`."))
        #expect(outcome.stderr.contains("Warning: the runs' CPU model differs: ") && outcome.stderr.contains("'Another CPU' (candidate)"))
        #expect(outcome.stderr.contains("Warning: the runs' cores differs"))
    }

    @Test func badCommandLinesExit64NamingTheFlagAndWriteNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try realRun("run")
        let csv = folder.appendingPathComponent("compare.csv")
        let notAFolder = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: notAFolder)
        let cases: [([String], String)] = [
            ([run.path], "give BASELINE and CANDIDATE"),
            ([run.path, run.path, run.path], "give BASELINE and CANDIDATE"),
            ([run.path, run.path, "--tolerance", "cpu=5%"], "--tolerance: unknown metric 'cpu'"),
            ([run.path, run.path, "--tolerance", "cpu_ns_per_sample=-1"], "--tolerance: cpu_ns_per_sample: '-1' is not a number"),
            ([run.path, run.path, "--tolerance", "peak_rss_mib"], "--tolerance: 'peak_rss_mib' is not METRIC=RELATIVE%,ABSOLUTE"),
            ([run.path, run.path, "--alpha", "1.5"], "--alpha: 1.5 is outside (0, 1)"),
            (["--baseline", "../up", run.path], "--baseline: '../up' is not a baseline name"),
            (["--baseline", "main", run.path, run.path], "with --baseline, give only CANDIDATE"),
            (["--baseline", "nope", run.path, "--baselines-dir", folder.path], "--baseline: no baseline 'nope'"),
            ([run.path, run.path, "--markdown", notAFolder.appendingPathComponent("x.md").path], "--markdown: "),
        ]
        for (arguments, message) in cases {
            let outcome = try CLI.run(["compare"] + arguments + ["--csv", csv.path])
            #expect(outcome.status == 64, "\(arguments)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: csv.path), "\(arguments) wrote the CSV")
        }
    }

    @Test func aMalformedRunJSONExits65AndLeavesTheOutputsAlone() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try realRun("run")
        let broken = folder.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("{\"schemaVersion\": 2, \"cases\": [".utf8).write(to: broken.appendingPathComponent("run.json"))
        let outputs = folder.appendingPathComponent("outputs")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        let csv = outputs.appendingPathComponent("compare.csv")
        try Data("an earlier comparison\n".utf8).write(to: csv)

        let absent = folder.appendingPathComponent("absent")
        for (arguments, named) in [([run, broken], broken), ([broken, run], broken), ([run, absent], absent)] {
            let outcome = try CLI.run(
                ["compare"] + arguments.map(\.path) + ["--csv", csv.path, "--markdown", outputs.appendingPathComponent("compare.md").path])
            #expect(outcome.status == 65, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix("Error: \(named.path)"), "\(outcome.stderr)")
            let why =
                named == broken ? "run.json:1: not a motionbench run.json (malformed JSON: the text ends in the middle)" : ": no such file or folder"
            #expect(outcome.stderr.contains(why), "\(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
        #expect(try String(contentsOf: csv, encoding: .utf8) == "an earlier comparison\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outputs.path) == ["compare.csv"])

        #expect(try CLI.run(["compare", run.path, run.path, "--csv", csv.path]).status == 0)
        #expect(try String(contentsOf: csv, encoding: .utf8).hasPrefix("workload,rate_hz,filter,params,mode,metric,"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outputs.path) == ["compare.csv"], "replaced, no temporary left")
    }

    @Test func baselinesAreSavedListedAndComparedByName() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // A working folder laid out as the repository is: runs under results/, baselines in results/baselines/.
        let older = try realRun("results/older"), newest = try realRun("results/newest")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: older.appendingPathComponent("run.json").path)
        let saved = try CLI.run(["baseline", "save", "main"], in: folder)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout.contains("Saved baseline main") && saved.stdout.contains(newest.path))
        let copy = folder.appendingPathComponent("results/baselines/main/run.json")
        #expect(try Data(contentsOf: copy) == Data(contentsOf: newest.appendingPathComponent("run.json")))

        let replaced = try CLI.run(["baseline", "save", "main", older.path], in: folder)
        #expect(replaced.status == 0 && replaced.stdout.contains("replacing the previous one"))
        #expect(try Data(contentsOf: copy) == Data(contentsOf: older.appendingPathComponent("run.json")))
        #expect(try CLI.run(["baseline", "save", "ci_2", older.appendingPathComponent("run.json").path], in: folder).status == 0)

        let listed = try CLI.run(["baseline", "list"], in: folder)
        #expect(listed.status == 0)
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("name") == true && lines.count == 4)
        #expect(lines[2].hasPrefix("ci_2") && lines[3].hasPrefix("main") && lines[3].contains(ProcessInfo.processInfo.hostName))

        let compared = try CLI.run(["compare", "--baseline", "main", newest.path], in: folder)
        #expect(compared.status == 0 || compared.status == 2, "\(compared.stderr)")
        #expect(compared.stdout.contains("| Run | `baseline main` |"))
        let elsewhere = try CLI.run([
            "compare", "--baseline", "main", "--baselines-dir", folder.appendingPathComponent("results/baselines").path, older.path,
        ])
        #expect(elsewhere.status == 0)

        let bad = try CLI.run(["baseline", "save", "no good", older.path], in: folder)
        #expect(bad.status == 64 && bad.stderr.contains("'no good' is not a baseline name"))
        try Data("{".utf8).write(to: folder.appendingPathComponent("broken.json"))
        let malformed = try CLI.run(["baseline", "save", "broken", "broken.json"], in: folder)
        #expect(malformed.status == 65 && malformed.stderr.contains("broken.json"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("results/baselines/broken").path))
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let nothing = try CLI.run(["baseline", "save", "main"], in: empty)
        #expect(nothing.status == 64 && nothing.stderr.contains("no folder under results/ has a run.json"))
        #expect(try CLI.run(["baseline", "list"], in: empty).stdout.hasPrefix("No baselines in results/baselines"))
    }
}

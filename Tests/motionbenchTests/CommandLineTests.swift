import Foundation
import MotionBench
import MotionResults
import Testing

/// The command line end to end: the real executable, real runs, real files.
@Suite(.serialized) struct CommandLineTests {
    @Test func listShowsEveryWorkloadWithRatesAndFilters() throws {
        let outcome = try CLI.run(["list"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("accelerometer") && outcome.stdout.contains("low-pass*"))
        #expect(outcome.stdout.contains("gyro-translation") && outcome.stdout.contains("gyroscope"))
        // A filter's gain names the filter it tunes; a parameter for every filter says "all".
        let rows = outcome.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains { $0.starts(with: ["heading", "beta", "madgwick", "0.03"]) })
        #expect(rows.contains { $0.starts(with: ["motion-cube", "shapes", "all", "10", "1,10,100,1000"]) })
    }

    @Test func runAllWritesEveryFileWithRealFiguresForBothModes() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // One motion-cube size: its default sweep up to 1000 shapes would make this test minutes long.
        let outcome = try CLI.run(["run", "--all", "--duration", "0.6", "--samples", "3000", "--param", "shapes=10", "--out", folder.path])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            files == [
                "accuracy-accelerometer.svg", "accuracy-barometer.svg", "accuracy-heading.svg", "accuracy-tilt-ball.svg", "accuracy.csv", "cost.svg",
                "cpu.svg", "features.csv", "memory.svg", "report.md", "run.json", "summary.csv", "threads.csv", "timeseries.csv",
            ])
        // The virtual device knows the truth: the workloads that estimate something, or detect events,
        // are scored, once a case; not the pedometer, since nobody walks in the default scenario: no
        // step to count or detect.
        let scored = try CLI.accuracyRows(folder)
        #expect(
            scored.map { "\($0["workload"]!) \($0["filter"]!)" }.sorted() == [
                "accelerometer low-pass", "accelerometer raw", "barometer median-5", "barometer moving-average", "barometer none",
                "heading complementary", "heading ecompass", "heading laidig-seel", "heading madgwick", "heading mahony", "tilt-ball raw",
            ])
        // The scenario's three shakes, each recognized once by both screens' detector.
        for shakes in scored where shakes["event_labels"] == "shake" {
            #expect(shakes["events_true"] == "3" && shakes["event_recall"] == "1.0000" && shakes["event_precision"] == "1.0000")
            #expect(Double(shakes["event_latency_p95_s"]!)! < 0.5)
        }
        #expect(scored.filter { $0["event_labels"] == "shake" }.count == 3)

        let rows = try String(contentsOf: folder.appendingPathComponent("summary.csv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = rows[0]
        let records = rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
        // Every workload `list` shows runs, in both modes.
        let listed = try CLI.run(["list"]).stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
            .prefix { !$0.hasPrefix("*") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(listed.count >= 2)
        for workload in listed {
            let modes = Set(records.filter { $0["workload"] == workload }.map { $0["mode"]! })
            #expect(modes == ["virtual", "realtime"], "\(workload) ran in \(modes)")
        }
        #expect(records.filter { $0["workload"] == "accelerometer" }.count == 4, "raw and low-pass, each in both modes")
        for record in records {
            #expect(Double(record["cpu_ns_per_sample"]!)! > 0)
            #expect(Double(record["rss_mib"]!)! > 1)
            if record["mode"] == "virtual" {
                #expect(record["samples"] == "3000")
                #expect(Double(record["projected_cpu_pct"]!)! > 0)
                #expect(record["achieved_hz"] == "")
            } else {
                // An achieved rate needs two ticks (a 1 Hz workload has one in 0.6 s).
                let rate = Double(record["rate_hz"]!)!
                if Int(record["samples"]!)! >= 2 {
                    #expect(abs(Double(record["achieved_hz"]!)! - rate) < rate * 0.2)
                } else {
                    #expect(record["achieved_hz"] == "")
                }
                #expect(Double(record["lateness_p99_us"]!) != nil)
                #expect(Double(record["cpu_pct"]!)! > 0)
                #expect(Double(record["sampler_cpu_pct"]!)! > 0)
                // Every frame due in the 0.6 s is rendered or counted missed, the ones after the last tick too.
                if let display = Double(record["display_rate_hz"]!) {
                    let due = DeadlineSchedule(startNs: 0, rateHz: display).tickCount(inSeconds: 0.6)
                    #expect(Int(record["frames"]!)! + Int(record["missed_frames"]!)! == due, "\(record["workload"]!): frames")
                } else {
                    #expect(record["missed_frames"] == "")
                }
            }
        }
        let gyroFrames = records.filter { $0["workload"] == "gyro-translation" && $0["mode"] == "virtual" }.map { Int($0["frames"]!)! }
        #expect(gyroFrames == [12_000], "3000 ticks at 15 Hz span 200 s: 12000 frames at 60 Hz")

        let threads = try String(contentsOf: folder.appendingPathComponent("threads.csv"), encoding: .utf8)
        for role in [",main,", ",hub,", ",workload,", ",sampler,"] { #expect(threads.contains(role)) }
        #expect(outcome.stdout.contains("gyro-translation") && outcome.stdout.contains("Wrote \(folder.path)"))
    }

    @Test func reportRegeneratesTheCSVAndMarkdownFromRunJSON() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CLI.run(["run", "accelerometer", "--mode", "virtual", "--samples", "500", "--quiet", "--out", folder.path]).status == 0)
        let summary = folder.appendingPathComponent("summary.csv"), report = folder.appendingPathComponent("report.md")
        let original = try Data(contentsOf: summary), originalReport = try Data(contentsOf: report)
        try FileManager.default.removeItem(at: summary)
        try FileManager.default.removeItem(at: report)
        let outcome = try CLI.run(["report", folder.appendingPathComponent("run.json").path])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(try Data(contentsOf: summary) == original)
        #expect(try Data(contentsOf: report) == originalReport)
    }

    @Test(arguments: [
        (["run", "pogo"], "unknown workload 'pogo'"),
        (["run"], "--all"),
        (["run", "--all", "accelerometer"], "--all"),
        (["run", "--all", "--rate", "0"], "--rate"),
        (["run", "--all", "--rate", "20000"], "--rate"),
        (["run", "--all", "--rate", "10,abc"], "--rate: 'abc' is not a number"),
        (["run", "--all", "--rate", "10,,20"], "--rate"),
        (["run", "--all", "--duration", "0"], "--duration"),
        (["run", "--all", "--duration", "-3"], "--duration"),
        (["run", "--all", "--samples", "0"], "--samples"),
        (["run", "--all", "--repetitions", "0"], "--repetitions"),
        (["run", "--all", "--filter", "kalman"], "--filter"),
        (["run", "gyro-translation", "--filter", "low-pass"], "--filter"),
        (["run", "--all", "--mode", "sometimes"], "--mode"),
        (["run", "--all", "--sampler-rate", "0"], "--sampler-rate"),
    ])
    func badArgumentsExit64NamingTheFlagAndWriteNothing(arguments: [String], message: String) throws {
        let folder = CLI.temporaryFolder()
        let outcome = try CLI.run(arguments + ["--out", folder.path])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains(message), "stderr: \(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// Filters asked for of several workloads: each runs those it has.
    @Test func eachWorkloadRunsTheFiltersItHas() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run([
            "run", "accelerometer", "heading", "--filter", "low-pass,mahony", "--mode", "virtual", "--samples", "100", "--format", "json", "--quiet",
            "--out", folder.path,
        ])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let run = try RunResult.load(from: folder.appendingPathComponent("run.json"))
        #expect(run.cases.map { "\($0.spec.workload) \($0.spec.filter)" } == ["accelerometer low-pass", "heading mahony"])
    }

    @Test func anUnwritableOutFolderExits64BeforeRunning() throws {
        let file = CLI.temporaryFolder()
        try Data("not a folder".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try CLI.run(["run", "--all", "--out", file.appendingPathComponent("run").path])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--out") && outcome.stderr.contains(file.path))
    }

    @Test func aMalformedRunJSONExits65NamingTheFile() throws {
        let file = CLI.temporaryFolder().appendingPathExtension("json")
        try Data("{\"schemaVersion\": 1, \"cases\": [".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try CLI.run(["report", file.path])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains(file.path))
        #expect(try CLI.run(["report", "/nonexistent/run.json"]).stderr.contains("/nonexistent/run.json"))
    }
}

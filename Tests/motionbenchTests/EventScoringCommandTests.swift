import Foundation
import MotionSensors
import TestSupport
import Testing

/// A user's own detector scored end to end through a user's executable (the tests' catalogue, whose
/// `shake-spotter` reports `shake` events): against the virtual device's own shakes, against a labels
/// file beside a recording, and `compare` failing on a worsened build's recall; bad labels refused.
@Suite(.serialized) struct EventScoringCommandTests {
    /// Runs the fixture's `arguments` into a new folder, with `environment`, expecting success.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> URL {
        let folder = CLI.temporaryFolder()
        let outcome = try CLI.run(
            ["run", "shake-spotter", "--mode", "virtual", "--samples", "500", "--out", folder.path, "--quiet"] + arguments,
            executable: CLI.fixture, environment: environment)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        return folder
    }

    @Test func theVirtualDevicesShakesScoreAUsersDetector() throws {
        let folder = try run([])
        defer { try? FileManager.default.removeItem(at: folder) }
        let row = try #require(try CLI.accuracyRows(folder).first)
        #expect(row["workload"] == "shake-spotter" && row["event_labels"] == "shake")
        #expect(row["events_true"] == "3" && row["events_detected"] == "3" && row["events_missed"] == "0" && row["events_false"] == "0")
        #expect(row["event_precision"] == "1.0000" && row["event_recall"] == "1.0000" && row["event_f1"] == "1.0000")
        #expect(row["event_latency_median_s"] == "0.0000", "a burst's first sample is already 3 g")
        let report = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("| shake | 3 | 3 | 0 | 0 | 1.000 | 1.000 | 1.000 | 0 | 0 | −0.25 / +0.5 | — | ★ |"), "\(report)")
        #expect(report.contains("![shake-spotter: F1 against cost](accuracy-shake-spotter.svg)"))
    }

    /// The tilt-and-shake scenario's accelerometer for 50 s (shakes at 5, 25 and 45 s), as a recording on a
    /// clock that starts at 1000 s, and labels on that clock: the shakes at 5 and 25 s, and one at 35 s
    /// that did not happen; the one at 45 s left out.
    func labelledRecording(in folder: URL) throws -> (trace: URL, labels: URL) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var device = VirtualDevice(scenario: .tiltAndShake, seed: 7)
        let samples = (0..<5000).map { tick in
            let sample = device.reading(of: .accelerometer, at: Double(tick) / 100)
            return SensorSample(sensor: .accelerometer, time: 1000 + sample.time, value: sample.value)
        }
        let trace = folder.appendingPathComponent("shakes.csv")
        try TraceWriter.write(
            Trace(metadata: TraceMetadata(name: "shakes", clock: "seconds from 1000"), samples: [.accelerometer: samples]), to: trace)
        let labels = folder.appendingPathComponent("shakes-labels.csv")
        try Data("start,end,label\n1005,1006,shake\n1025,1026,shake\n1035,1035.5,shake\n".utf8).write(to: labels)
        return (trace, labels)
    }

    @Test func aLabelsFileBesideARecordingScoresTheDetectionsOnItsClock() throws {
        let scratch = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let files = try labelledRecording(in: scratch)
        let folder = try run(["--source", "trace:\(files.trace.path),labels=\(files.labels.path)"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let row = try #require(try CLI.accuracyRows(folder).first)
        #expect(row["events_true"] == "3" && row["events_detected"] == "3" && row["events_missed"] == "1" && row["events_false"] == "1")
        #expect(row["event_precision"] == "0.6667" && row["event_recall"] == "0.6667" && row["event_f1"] == "0.6667")
        let source = try String(contentsOf: folder.appendingPathComponent("run.json"), encoding: .utf8)
        #expect(source.contains("labels=\(files.labels.path)"), "the source as given, labels included")
    }

    @Test(arguments: [
        ("time,label\n500,shake\n525,shake\n", ""),
        ("time,label\n5,shake\n25,shake\n", ",from=clock"),
    ])
    func labelsOffTheRecordingsClockAreWarnedAbout(labels: String, option: String) throws {
        let scratch = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let files = try labelledRecording(in: scratch)
        try Data(labels.utf8).write(to: files.labels)
        let out = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let outcome = try CLI.run(
            [
                "run", "shake-spotter", "--mode", "virtual", "--samples", "500", "--source",
                "trace:\(files.trace.path),labels=\(files.labels.path)\(option)", "--out", out.path,
            ], executable: CLI.fixture)
        #expect(outcome.status == 0)
        #expect(
            outcome.stderr.contains("\(files.labels.path): warning: none of its 2 labels falls within the recording (1000.0 to 1049.9"),
            "\(outcome.stderr)")
        #expect(outcome.stderr.contains("(from=start reads them as seconds from its start)"), "\(outcome.stderr)")
    }

    /// A Sensor Logger recording (`traces/own-recordings/sensor-logger/ios-walk`, 8 s from Unix time
    /// 1700000000) labelled at 5.5 and 6.5 s (in the scored stretch, its last 3 s) as a person notes
    /// them from its start (its `seconds_elapsed`), and again on its clock: scored the same, each label
    /// matched by the sample the tests' `counting-events` detects at that instant. From the start is detected (and said) when no label falls on the clock,
    /// or given with from=start; from=clock keeps them on the clock, before the recording, where none
    /// is scored, with a warning.
    @Test func aSensorLoggerRecordingLabelledInSecondsFromItsStartIsScoredOnItsClock() throws {
        let scratch = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let recording = Repository.trace("own-recordings/sensor-logger/ios-walk").path
        let fromStart = scratch.appendingPathComponent("from-start.csv")
        try Data("time,label\n5.5,sample\n6.5,sample\n".utf8).write(to: fromStart)
        let onClock = scratch.appendingPathComponent("on-clock.csv")
        try Data("time,label\n1700000005.5,sample\n1700000006.5,sample\n".utf8).write(to: onClock)

        func scores(_ source: String) throws -> (row: [String: String], stderr: String) {
            let out = scratch.appendingPathComponent(UUID().uuidString)
            let outcome = try CLI.run(
                ["run", "counting-events", "--mode", "virtual", "--rate", "50", "--source", source, "--out", out.path, "--quiet"],
                executable: CLI.fixture)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let row = try #require(try CLI.accuracyRows(out).first { $0["event_labels"] == "sample" })
            return (row.filter { $0.key.hasPrefix("event") }, outcome.stderr)
        }
        let clock = try scores("trace:\(recording),labels=\(onClock.path)")
        #expect(clock.row["events_true"] == "2" && clock.row["events_missed"] == "0", "\(clock.row)")
        #expect(!clock.stderr.contains(onClock.path), "labels on the clock need no word: \(clock.stderr)")

        let detected = try scores("trace:\(recording),labels=\(fromStart.path)")
        #expect(detected.row == clock.row)
        #expect(
            detected.stderr.contains(
                "\(fromStart.path): warning: read as seconds from the recording's start: none of its 2 labels falls on its clock (1700000000.0 to 1700000007.98 s, Unix time in seconds"
            ), "\(detected.stderr)")
        #expect(detected.stderr.contains("and all fall within its 7.98 s (from=start says so; from=clock keeps them on its clock)"))

        let given = try scores("trace:\(recording),labels=\(fromStart.path),from=start")
        #expect(given.row == clock.row)
        #expect(!given.stderr.contains(fromStart.path), "from=start needs no word: \(given.stderr)")

        let kept = try scores("trace:\(recording),labels=\(fromStart.path),from=clock")
        #expect(kept.row["events_true"] == "0" && kept.row["event_recall"] == "", "none in the scored stretch: \(kept.row)")
        #expect(kept.stderr.contains("\(fromStart.path): warning: none of its 2 labels falls within the recording"), "\(kept.stderr)")
    }

    @Test func compareFailsOnAWorsenedDetectorsRecallAndPassesOnItself() throws {
        let baseline = try run([])
        let again = try run([])
        let worse = try run([], environment: ["MOTIONBENCH_FIXTURE_MISS_EVERY": "2"])
        defer { for folder in [baseline, again, worse] { try? FileManager.default.removeItem(at: folder) } }
        #expect(try CLI.accuracyRows(worse).first?["event_recall"] == "0.6667", "the second of three shakes dropped")

        // The scores repeat exactly from run to run (the timings beside them do not, on a shared machine).
        let scores = { (folder: URL) in try CLI.accuracyRows(folder).map { $0.filter { $0.key.hasPrefix("event") } } }
        #expect(try scores(again) == scores(baseline) && scores(baseline).first?.count == 11)
        let same = try CLI.run(["compare", baseline.path, baseline.path], executable: CLI.fixture)
        #expect(same.status == 0, "stdout: \(same.stdout)")
        let outcome = try CLI.run(["compare", baseline.path, worse.path], executable: CLI.fixture)
        #expect(outcome.status == 2, "stdout: \(outcome.stdout)")
        #expect(outcome.stdout.contains("- `shake-spotter 50 Hz raw accuracy` Event recall: 1.000 → 0.6667 (-0.3333, -33.3 %)"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("- `shake-spotter 50 Hz raw accuracy` Event F1: 1.000 → 0.8000 (-0.2000, -20.0 %)"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("the other way round for the event scores"))
    }

    @Test(arguments: [
        ("labels-end-before-start.csv", 3, "end 11.5 comes before start 12.0"),
        ("labels-bad-label.csv", 3, "label 'Shake' is not lower-case letters and digits in words joined by hyphens"),
    ])
    func aBadLabelsFileExits65NamingFileAndLine(name: String, line: Int, reason: String) throws {
        let out = CLI.temporaryFolder()
        let labels = Repository.badInput(name).path
        let outcome = try CLI.run(
            ["run", "shake-spotter", "--source", "trace:\(Repository.oxford.path),labels=\(labels)", "--out", out.path], executable: CLI.fixture)
        #expect(outcome.status == 65, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("\(labels):\(line): \(reason)"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing written")
    }

    @Test(arguments: [
        (["--source", "synthetic:still,labels=x.csv"], "--source: labels= goes with a recording"),
        (["--source", "trace:a.csv,labels="], "--source: labels= needs a file"),
        (["--source", "synthetic:still,from=start"], "--source: from= goes with a recording"),
        (["--source", "trace:a.csv,from=start"], "--source: from= goes with labels=FILE"),
        (["--source", "trace:a.csv,labels=b.csv,from=end"], "--source: from=end is neither from=start"),
        (["--source", "trace:a.csv,labels=b.csv,from=start,from=clock"], "--source: from= is given twice"),
        (["--event-tolerance", "shake=soon"], "--event-tolerance shake: 'soon' is not seconds or before:after"),
        (["--event-tolerance", "shake=-1"], "--event-tolerance shake: '-1' is not seconds or before:after"),
        (["--event-tolerance", "tap=0.5"], "--event-tolerance: no workload detects 'tap' (detected: sample, shake)"),
    ])
    func badEventArgumentsExit64(arguments: [String], message: String) throws {
        let out = CLI.temporaryFolder()
        let outcome = try CLI.run(["run", "shake-spotter", "--out", out.path] + arguments, executable: CLI.fixture)
        #expect(outcome.status == 64 && outcome.stderr.contains(message), "stderr: \(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aToleranceGivenOnTheCommandLineIsUsedAndRecorded() throws {
        let folder = try run(["--event-tolerance", "shake=0:0"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("| shake | 3 | 3 | 0 | 0 | 1.000 | 1.000 | 1.000 | 0 | 0 | −0 / +0 |"), "\(report)")
    }
}

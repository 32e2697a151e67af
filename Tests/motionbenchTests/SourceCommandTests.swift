import Foundation
import TestSupport
import Testing

/// `--source`, `--rate native` and `motionbench trace` end to end, on the committed recordings.
@Suite(.serialized) struct SourceCommandTests {
    let traces = Repository.trace("")
    var tyrex: String { traces.appendingPathComponent("tyrex-attitude-iphone/Thibaud_iPhone5_NoDist_Texting").path }
    var oxford: String { traces.appendingPathComponent("oxford-step-counter/user1_hand_1506421989895.csv").path }

    func summary(_ folder: URL) throws -> [[String: String]] {
        let rows = try String(contentsOf: folder.appendingPathComponent("summary.csv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(rows[0], $0)) }
    }

    @Test func traceInfoDescribesARecording() throws {
        let outcome = try CLI.run(["trace", "info", tyrex])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        for text in ["accelerometer", "gyroscope", "magnetometer", "truth", "apple-cmattitude", "duration"] {
            #expect(outcome.stdout.contains(text), "missing \(text)")
        }
    }

    @Test func convertedTraceReadsBackAndFeedsARun() throws {
        let folder = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let converted = folder.appendingPathComponent("walk.csv").path
        #expect(try CLI.run(["trace", "convert", oxford, converted]).status == 0)
        let info = try CLI.run(["trace", "info", converted])
        #expect(info.status == 0 && info.stdout.contains("accelerometer") && info.stdout.contains("truth"))
        let run = try CLI.run([
            "run", "accelerometer", "--source", "trace:\(converted)", "--mode", "virtual", "--samples", "500", "--out",
            folder.appendingPathComponent("run").path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let records = try summary(folder.appendingPathComponent("run"))
        #expect(records.count == 2 && records.allSatisfy { $0["samples"] == "500" })
    }

    @Test func nativeTimingReplaysTheRecordingsOwnSamplesInRealTime() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run([
            "run", "accelerometer", "--filter", "raw", "--source", "trace:\(tyrex)", "--rate", "native", "--mode", "realtime", "--duration", "1",
            "--out", folder.path,
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let record = try #require(try summary(folder).first)
        // The iPhone recorded its accelerometer at about 101 Hz: a second of it is about 101 samples,
        // every one delivered or counted missed, none invented.
        let rate = try #require(Double(record["rate_hz"]!))
        #expect(abs(rate - 101) < 2)
        let delivered = Int(record["samples"]!)! + Int(record["missed"]!)!
        #expect(abs(delivered - 101) <= 2)
    }

    /// `field=calibrated` feeds the phone's calibrated field as the magnetometer: the run records it
    /// in its source, and the heading differs from the raw field's; a recording without one, or
    /// another field name, is refused with one message and nothing written.
    @Test func thePhonesCalibratedFieldFeedsTheMagnetometerWhenAsked() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var headings: [String] = []
        for source in ["trace:\(tyrex)", "trace:\(tyrex),field=calibrated"] {
            let out = folder.appendingPathComponent(headings.isEmpty ? "raw" : "calibrated")
            let outcome = try CLI.run([
                "run", "heading", "--filter", "ecompass", "--source", source, "--mode", "virtual", "--samples", "300", "--emit", "--out", out.path,
            ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let run = try String(contentsOf: out.appendingPathComponent("run.json"), encoding: .utf8)
            #expect(run.contains(source.hasSuffix("calibrated") ? "field=calibrated" : "NoDist_Texting\""), "source as given")
            headings.append(try String(contentsOf: out.appendingPathComponent("emitted/heading-50hz-ecompass.csv"), encoding: .utf8))
        }
        #expect(headings[0] != headings[1])
        let refused = folder.appendingPathComponent("refused")
        let none = try CLI.run(["run", "heading", "--source", "trace:\(oxford),field=calibrated", "--out", refused.path])
        #expect(none.status == 65 && none.stderr.contains("\(oxford): no magnetometer-calibrated stream"), "\(none.stderr)")
        let unknown = try CLI.run(["run", "heading", "--source", "trace:\(tyrex),field=phone", "--out", refused.path])
        #expect(
            unknown.status == 64 && unknown.stderr.contains("--source: field=phone is neither field=raw nor field=calibrated"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: refused.path))
    }

    @Test func aWorkloadWithoutSensorsKeepsItsOwnClockUnderNativeTiming() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run([
            "run", "haptic-collision", "--source", "trace:\(oxford)", "--rate", "native", "--mode", "virtual", "--samples", "120", "--out",
            folder.path,
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let record = try #require(try summary(folder).first)
        #expect(record["rate_hz"] == "60" && record["frames"] == "120")
    }

    @Test(arguments: [
        (["--source", "trace:TRACE_OXFORD", "gyro-translation"], "has no gyroscope"),
        (["--source", "synthetic:moon", "accelerometer"], "no scenario 'moon'"),
        (["--source", "synthetic:tilt-and-shak", "accelerometer"], "--source: no scenario 'tilt-and-shak'; did you mean 'tilt-and-shake'? (known: "),
        (["--param", "shape=10", "motion-cube"], "--param: workload 'motion-cube' has no parameter 'shape'; did you mean 'shapes'? (known: shapes)"),
        (["--source", "synthetic:walking,seed=x", "accelerometer"], "seed=N"),
        (["--source", "radio:1", "accelerometer"], "--source"),
        (["--rate", "native", "accelerometer"], "native needs a recording"),
        (["--source", "trace:TRACE_OXFORD", "--duration", "999", "accelerometer"], "longer than the trace"),
        (["--param", "shapes", "accelerometer"], "--param"),
        (["--param", "flux=1", "accelerometer"], "has no parameter 'flux'"),
        (["--source", "trace:/nonexistent/recording.csv", "accelerometer"], "--source: /nonexistent/recording.csv: no such file or folder"),
    ])
    func badSourcesAndParametersExit64(arguments: [String], message: String) throws {
        let folder = CLI.temporaryFolder()
        let outcome = try CLI.run(["run"] + arguments.map { $0.replacingOccurrences(of: "TRACE_OXFORD", with: oxford) } + ["--out", folder.path])
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(message), "stderr: \(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func aMalformedRecordingExits65NamingFileAndLine() throws {
        let bad = traces.appendingPathComponent("bad-input/time-backwards.csv").path
        let info = try CLI.run(["trace", "info", bad])
        #expect(info.status == 65)
        #expect(info.stderr.contains("\(bad):"), "stderr: \(info.stderr)")
        let folder = CLI.temporaryFolder()
        let run = try CLI.run(["run", "accelerometer", "--source", "trace:\(bad)", "--out", folder.path])
        #expect(run.status == 65 && !FileManager.default.fileExists(atPath: folder.path))
        #expect(try CLI.run(["trace", "convert", bad, folder.path]).status == 65)
        let onto = try CLI.run(["trace", "convert", oxford, traces.path])
        #expect(onto.status == 64 && onto.stderr.contains("is a folder"))
    }
}

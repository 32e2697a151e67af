import Foundation
import TestSupport
import Testing

/// The phone apps' exports (traces/own-recordings) through the command line: `trace info`, `trace
/// convert` and `run --source trace:`, and a broken zip refused with exit code 65.
@Suite(.serialized) struct OwnRecordingsCommandTests {
    static let recordings = Repository.trace("own-recordings")

    @Test(arguments: [
        ("sensor-logger/ios-walk", ["sensor-logger", "accelerometer", "barometer", "magnetometer-calibrated", "estimate:sensorlogger-orientation"]),
        ("sensor-logger/android-walk.zip", ["sensor-logger", "Pixel 7", "-(Accelerometer.csv + Gravity.csv) / 9.80665"]),
        ("phyphox/acceleration-with-g", ["phyphox", "Google Pixel 7, phyphox 1.1.16", "START at experiment time 0.0 s"]),
        ("phyphox/gyroscope.zip", ["phyphox", "gyroscope"]),
        ("phyphox/magnetometer", ["phyphox", "magnetometer"]),
        ("phyphox/pressure/Raw Data.csv", ["phyphox", "barometer"]),
        ("sensorlog/walk.csv", ["sensorlog", "estimate:apple-cmattitude", "estimate:apple-true-heading", "XTrueNorthZVertical"]),
    ])
    func traceInfoDescribesEachExport(path: String, texts: [String]) throws {
        let outcome = try CLI.run(["trace", "info", Self.recordings.appendingPathComponent(path).path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "warnings: \(outcome.stderr)")
        for text in texts {
            #expect(outcome.stdout.contains(text), "missing \(text) in \(outcome.stdout)")
        }
    }

    @Test func exportsFeedRunsAndConvert() throws {
        let folder = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let walk = Self.recordings.appendingPathComponent("sensor-logger/ios-walk").path
        let pedometer = try CLI.run([
            "run", "pedometer", "--source", "trace:\(walk)", "--mode", "virtual", "--samples", "200", "--out",
            folder.appendingPathComponent("pedometer").path,
        ])
        #expect(pedometer.status == 0, "\(pedometer.stderr)")
        let log = Self.recordings.appendingPathComponent("sensorlog/walk.csv").path
        let accelerometer = try CLI.run([
            "run", "accelerometer", "--source", "trace:\(log)", "--mode", "virtual", "--samples", "100", "--out",
            folder.appendingPathComponent("accelerometer").path,
        ])
        #expect(accelerometer.status == 0, "\(accelerometer.stderr)")
        let converted = folder.appendingPathComponent("android.csv").path
        let android = Self.recordings.appendingPathComponent("sensor-logger/android-walk.zip").path
        #expect(try CLI.run(["trace", "convert", android, converted]).status == 0)
        let info = try CLI.run(["trace", "info", converted])
        #expect(info.status == 0 && info.stdout.contains("android-walk (sensor-logger)"), "\(info.stdout)")
    }

    /// A Sensor Logger recording with one accelerometer reading of 1e40 once crashed the motion
    /// cube (exit 132) and left an empty run folder, while `trace info` took it: now both refuse it.
    @Test func aReadingNoSensorGivesIsRefusedBeforeAnythingRuns() throws {
        let folder = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = folder.appendingPathComponent("ios-walk")
        try FileManager.default.copyItem(at: Self.recordings.appendingPathComponent("sensor-logger/ios-walk"), to: recording)
        let file = recording.appendingPathComponent("AccelerometerUncalibrated.csv")
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        lines[40] = lines[40].components(separatedBy: ",").prefix(4).joined(separator: ",") + ",1e40"
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let message = "\(file.path):41: accelerometer x is 1e+40 g, outside the accepted ±1000 g"
        let info = try CLI.run(["trace", "info", recording.path])
        #expect(info.status == 65 && info.stderr.contains(message), "\(info.stderr)")
        let out = folder.appendingPathComponent("run")
        let run = try CLI.run([
            "run", "motion-cube", "--source", "trace:\(recording.path)", "--mode", "virtual", "--samples", "200", "--out", out.path,
        ])
        #expect(run.status == 65 && run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "the run left \(out.path)")
    }

    @Test func aBrokenZipIsOneErrorAndExit65() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = Repository.badInput("zip-crc-mismatch.zip").path
        let outcome = try CLI.run(["run", "accelerometer", "--source", "trace:\(zip)", "--out", folder.path])
        #expect(outcome.status == 65, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("\(zip)/Metadata.csv: corrupt zip entry: CRC-32 mismatch"), "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.components(separatedBy: "Error:").count == 2, "one message, not \(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path), "the run left \(folder.path)")
    }
}

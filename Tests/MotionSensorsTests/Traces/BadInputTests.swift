import Foundation
import TestSupport
import Testing

@testable import MotionSensors

@Suite struct BadInputTests {
    /// The error importing `url` throws; the test fails if it throws something else or nothing.
    func failure(_ url: URL) -> TraceError? {
        do {
            _ = try importTrace(at: url)
            Issue.record("\(url.lastPathComponent) was accepted")
        } catch let error as TraceError {
            return error
        } catch {
            Issue.record("\(url.lastPathComponent) threw \(error), not a TraceError")
        }
        return nil
    }

    @Test(arguments: [
        ("missing-column.csv", 6, "expected 5 fields, found 4"),
        ("extra-column.csv", 6, "expected 5 fields, found 6"),
        ("text-in-number.csv", 6, "y is not a number: 'abc'"),
        ("nan.csv", 6, "x is NaN"),
        ("infinity.csv", 6, "y is infinite or out of range: '-inf'"),
        ("overflow.csv", 6, "y is infinite or out of range: '1e999'"),
        ("time-backwards.csv", 7, "accelerometer timestamp 0.01 goes back from 0.02"),
        ("time-repeats.csv", 7, "accelerometer timestamp 0.01 repeats the previous sample's"),
        ("sensor-without-samples.csv", 4, "gyroscope is declared here but has no samples"),
        ("empty.csv", 1, "empty file"),
        ("header-only.csv", 4, "no samples after the header"),
        ("binary.csv", 1, "binary data (a NUL byte): not a CSV text file"),
        ("truncated-last-line.csv", 6, "truncated last line: no newline at the end of the file and 3 of 5 fields"),
        ("unknown-format.csv", 1, "unrecognised trace format (known: canonical, tyrex, oxford, broad, xio, sensor-logger, phyphox, sensorlog)"),
        ("oxford-text-in-number.csv", 2, "accz is not a number: 'x'"),
        ("oxford-steps-decrease.csv", 2, "ground-truth step count goes down from 2 to 1"),
        ("xio-missing-column.csv", 3, "expected 10 fields, found 9"),
        ("broad-partial-quaternion.csv", 2, "the optical quaternion needs all four of opt_qw … opt_qz, or none"),
    ])
    func badFileGivesOneErrorNamingFileAndLine(name: String, line: Int, reason: String) throws {
        let url = Repository.badInput(name)
        let error = try #require(failure(url))
        #expect(error.path == url.path)
        #expect(error.line == line)
        #expect(error.reason == reason)
        #expect(error.description == "\(url.path):\(line): \(reason)")
    }

    /// One reading of 1e40 put into a real file of each format (the path from the repository, the
    /// file in it, the line and the field): every importer refuses it at that line, naming the
    /// sensor, the value in Core Motion's units and the range accepted.
    @Test(arguments: [
        ("oxford-step-counter/user1_hand_1506421989895.csv", "", 2, 1, "accelerometer x is -1.01972e+39 g, outside the accepted ±1000 g"),
        (
            "broad-imu-orientation/07_undisturbed_fast_rotation_B_first100s.csv", "", 2, 1,
            "gyroscope x is 1e+40 rad/s, outside the accepted ±1000 rad/s"
        ),
        ("xio-fusion/sensor_data.csv", "", 2, 7, "magnetometer x is 1e+40 µT, outside the accepted ±10000 µT"),
        (
            "tyrex-attitude-iphone/Thibaud_iPhone5_NoDist_Texting", "magnetometer.csv", 3, 2,
            "magnetometer y is 1e+40 µT, outside the accepted ±10000 µT"
        ),
        ("own-recordings/sensor-logger/ios-walk", "AccelerometerUncalibrated.csv", 2, 4, "accelerometer x is 1e+40 g, outside the accepted ±1000 g"),
        ("own-recordings/phyphox/pressure", "Raw Data.csv", 2, 1, "barometer pressure is 1e+39 kPa, outside the accepted 0 to 2000 kPa"),
        ("own-recordings/sensorlog/walk.csv", "", 2, 5, "accelerometer x is 1e+40 g, outside the accepted ±1000 g"),
    ])
    func aReadingNoSensorGivesIsRefusedAtItsLine(recording: String, file: String, line: Int, field: Int, reason: String) throws {
        let folder = try Repository.scratchFolder("motionbench-traces")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent(URL(fileURLWithPath: recording).lastPathComponent)
        try FileManager.default.copyItem(at: Repository.trace(recording), to: copy)
        let edited = file.isEmpty ? copy : copy.appendingPathComponent(file)
        var lines = try String(contentsOf: edited, encoding: .utf8).components(separatedBy: "\n")
        var fields = lines[line - 1].components(separatedBy: ",")
        fields[field] = "1e40"
        lines[line - 1] = fields.joined(separator: ",")
        try lines.joined(separator: "\n").write(to: edited, atomically: true, encoding: .utf8)
        let error = try #require(failure(copy))
        #expect(error.path == edited.path && error.line == line)
        #expect(error.reason == reason)
    }

    @Test func aCanonicalTracesReadingsAndCalibrationAreRangeChecked() throws {
        let folder = try Repository.scratchFolder("motionbench-traces")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("trace.csv")
        let header = "motionbench-trace,1\nname,t\n"
        try Data((header + "time,stream,values\n0,barometer,101.3,0,0\n1,barometer,-0.5,0,0\n").utf8).write(to: file)
        #expect(failure(file)?.description == "\(file.path):5: barometer pressure is -0.5 kPa, outside the accepted 0 to 2000 kPa")
        try Data((header + "calibration,origin,x\ncalibration,gyroscope-bias,0,2e3,0\ntime,stream,values\n0,gyroscope,0,0,0\n").utf8).write(to: file)
        #expect(
            failure(file)?.description == "\(file.path):4: calibration gyroscope-bias: gyroscope y is 2000 rad/s, outside the accepted ±1000 rad/s")
        // The edges themselves are readings.
        try Data((header + "time,stream,values\n0,accelerometer,-1000,1000,0\n0,magnetometer,1e4,-1e4,0\n0,barometer,0,0,0\n").utf8).write(to: file)
        #expect(try importTrace(at: file).trace.sensors == [.accelerometer, .magnetometer, .barometer])
        // Just past an edge, with the digits that show it past.
        try Data((header + "time,stream,values\n0,accelerometer,-1000.0000001,0,0\n").utf8).write(to: file)
        #expect(failure(file)?.description == "\(file.path):4: accelerometer x is -1000.0000001 g, outside the accepted ±1000 g")
    }

    /// A UTF-8 byte-order mark, as spreadsheets save CSV, is read as if it were not there.
    @Test func aByteOrderMarkIsSkipped() throws {
        let folder = try Repository.scratchFolder("motionbench-traces")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("trace.csv")
        try Data(([0xEF, 0xBB, 0xBF] + Array("motionbench-trace,1\nname,t\ntime,stream,values\n0,barometer,101.3,0,0\n".utf8))).write(to: file)
        #expect(try importTrace(at: file).trace.sensors == [.barometer])
        let labels = folder.appendingPathComponent("labels.csv")
        try Data(([0xEF, 0xBB, 0xBF] + Array("time,label\n1.5,tap\n".utf8))).write(to: labels)
        #expect(try EventLabelsFile.read(at: labels) == [LabelledEvent("tap", at: 1.5)])
    }

    @Test func completeLastLineWithoutNewlineIsAccepted() throws {
        let trace = try importTrace(at: Repository.badInput("unterminated-complete-line.csv")).trace
        #expect(trace[.accelerometer].last?.value.z == -1.0001)
    }

    @Test func accelerometerInMetresPerSecondSquaredIsAWarning() throws {
        let imported = try importTrace(at: Repository.badInput("accelerometer-in-m-s2.csv"))
        #expect(imported.trace[.accelerometer].count == 3)
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings.first?.probableUnit == "m/s²")
        #expect(imported.warnings.first?.description.contains("warning: accelerometer: the median |a| is 9.8") == true)
    }

    @Test func overlongLineIsRefusedWithoutReadingItAll() throws {
        let file = try Repository.scratchFolder("motionbench-traces").appendingPathComponent("long.csv")
        // 4 MiB without a newline stands in for the 1 GB line: the scanner stops after 64 KiB + a chunk.
        var bytes = Array("motionbench-trace,1\ntime,stream,values\n0,accelerometer,0,0,".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "1"), count: 4 << 20)
        try Data(bytes).write(to: file)
        let error = try #require(failure(file))
        #expect(error.line == 3)
        #expect(error.reason == "line longer than 65536 bytes")
    }

    @Test func foldersAndMissingFilesAreRefused() throws {
        let folder = try Repository.scratchFolder("motionbench-traces")
        #expect(
            failure(folder)?.reason
                == "a folder, but not a recording (no trial.json for tyrex, Raw Data.csv for phyphox, Metadata.csv for Sensor Logger)")
        #expect(failure(folder.appendingPathComponent("nothing.csv"))?.reason == "no such file or folder")
        #expect(throws: TraceError.self) { try TraceReader.read(at: folder) }
    }

    @Test func tyrexFolderWithAMissingOrBrokenFileNamesIt() throws {
        let folder = try Repository.scratchFolder("motionbench-traces")
        for name in ["trial.json", "accelerometer.csv", "gyroscope.csv"] {
            try FileManager.default.copyItem(at: Repository.tyrexTrial.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let missing = try #require(failure(folder))
        #expect(missing.path.hasSuffix("magnetometer.csv") && missing.line == 0)
        try Data("timestamp_s,x_uT,y_uT,z_uT\n".utf8).write(to: folder.appendingPathComponent("magnetometer.csv"))
        let empty = try #require(failure(folder))
        #expect(empty.path.hasSuffix("magnetometer.csv") && empty.line == 2 && empty.reason == "no samples after the header")
        try Data("{\"boot_time_s\": \"soon\"}".utf8).write(to: folder.appendingPathComponent("trial.json"))
        let json = try #require(failure(folder))
        #expect(json.path.hasSuffix("trial.json") && json.reason == "not the expected trial.json: 'boot_time_s' has the wrong type")
    }

    @Test func oxfordDuplicateRowIsDroppedWithAWarning() throws {
        let file = try Repository.scratchFolder("motionbench-traces").appendingPathComponent("dup.csv")
        try Data("1000000000,0,9.8,0,0,0,0\n1010000000,0,9.8,0,0,0,0\n1010000000,0,9.8,0,0,0,0\n1020000000,0,9.8,0,0,1,0\n".utf8).write(to: file)
        let imported = try importTrace(at: file)
        #expect(imported.trace[.accelerometer].count == 3)
        #expect(imported.warnings.contains { $0.line == 3 && $0.reason.contains("repeats the previous row") })
    }
}

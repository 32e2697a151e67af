import Foundation
import MotionMath
import TestSupport
import Testing

@testable import MotionSensors

/// The phone apps' exports (traces/own-recordings, hand-made from the apps' published formats): the
/// first rows exactly as converted, and the same motion read through every app's units and signs
/// agreeing with Core Motion's raw reading of it.
@Suite struct OwnRecordingsTests {
    static let iosWalk = Repository.trace("own-recordings/sensor-logger/ios-walk")
    static let androidWalk = Repository.trace("own-recordings/sensor-logger/android-walk.zip")
    static let phyphoxAcceleration = Repository.trace("own-recordings/phyphox/acceleration-with-g")
    static let phyphoxGyroscope = Repository.trace("own-recordings/phyphox/gyroscope.zip")
    static let phyphoxMagnetometer = Repository.trace("own-recordings/phyphox/magnetometer")
    static let phyphoxPressure = Repository.trace("own-recordings/phyphox/pressure/Raw Data.csv")
    static let sensorLog = Repository.trace("own-recordings/sensorlog/walk.csv")

    /// Core Motion's raw accelerometer at the fixtures' first instant, as the iOS export has it.
    static let firstRawReading = Vector3(0, -0.085057, -0.995004)

    /// True when `a` and `b` differ by at most `tolerance` on every axis.
    func close(_ a: Vector3, _ b: Vector3, _ tolerance: Double) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.z - b.z) <= tolerance
    }

    /// A copy of the iOS Sensor Logger export in a scratch folder, to change.
    func iosCopy() throws -> URL {
        let copy = try Repository.scratchFolder("motionbench-sensor-logger").appendingPathComponent("ios-walk")
        try FileManager.default.copyItem(at: Self.iosWalk, to: copy)
        return copy
    }

    @Test func sensorLoggerIOSReadsZYXColumnsAndPrefersTheRawStreams() throws {
        let imported = try importTrace(at: Self.iosWalk)
        let trace = imported.trace
        #expect(imported.warnings.isEmpty)
        #expect(trace.metadata.dataset == "sensor-logger" && trace.metadata.device == "iPhone14-2, Sensor Logger 1.31.0")
        #expect(trace.sensors == [.accelerometer, .gyroscope, .magnetometer, .barometer])
        #expect(trace[.accelerometer].count == 400 && trace[.barometer].count == 8)
        // Files are z, y, x: the first row `-0.995004,-0.085057,0.000000` is x 0, y −0.085, z −0.995.
        #expect(trace[.accelerometer][0] == SensorSample(sensor: .accelerometer, time: 1_700_000_000, value: Self.firstRawReading))
        #expect(trace[.accelerometer][1].time == Double(1_700_000_000_020_000_000 as Int) / 1e9)
        // The uncalibrated (raw) gyroscope and magnetometer; the calibrated field apart.
        #expect(trace[.gyroscope][0].value == Vector3(0.072832, -0.02, 0.015))
        #expect(trace[.magnetometer][0].value == Vector3(70, -29, -30))
        #expect(trace.calibratedMagnetometer[0].value == Vector3(20, 1, -40))
        // mbar → kPa; the relative altitude and the orientation are estimates, never truth.
        #expect(trace[.barometer][1].value == Vector3(1013.2488 / 10, 0, 0))
        #expect(trace.truth.isEmpty)
        let altitude = try #require(trace.estimates.first { $0.id == "sensorlogger-relative-altitude" })
        #expect(altitude.samples[1].altitude == 0.01)
        let orientation = try #require(trace.estimates.first { $0.id == "sensorlogger-orientation" })
        #expect(orientation.samples[0].attitude == Quaternion(w: 0.99875, x: 0.049979, y: 0, z: 0))
        #expect(orientation.label.contains("true north"))
    }

    @Test func sensorLoggerIOSWithoutTheRawAccelerometerAddsGravityBack() throws {
        let copy = try iosCopy()
        try FileManager.default.removeItem(at: copy.appendingPathComponent("AccelerometerUncalibrated.csv"))
        let trace = try importTrace(at: copy).trace
        // Row 3 of Accelerometer.csv (0.022135, 0.246268, −0.549836) and of Gravity.csv
        // (0, −0.991284, −9.75642), in m/s²: userAcceleration + gravity, in g, no sign change.
        #expect(trace[.accelerometer][1].value == Vector3(0.022135, 0.246268 + -0.991284, -0.549836 + -9.75642) / 9.80665)
        #expect(trace.metadata.notes.contains { $0.hasPrefix("accelerometer: (Accelerometer.csv + Gravity.csv) / 9.80665") })
        // The same reading as the raw file's, to the files' six decimals.
        let raw = try importTrace(at: Self.iosWalk).trace[.accelerometer]
        #expect(zip(trace[.accelerometer], raw).allSatisfy { close($0.value, $1.value, 2e-6) })
    }

    @Test func sensorLoggerAndroidZipFlipsTheSignAndPairsTheNearestGravity() throws {
        let trace = try importTrace(at: Self.androidWalk).trace
        #expect(trace.metadata.name == "android-walk" && trace.metadata.device == "Pixel 7, Sensor Logger 1.31.0")
        #expect(trace.sensors == [.accelerometer, .gyroscope])
        // Accelerometer.csv row 2 (−0, −0.144903, 0) plus Gravity.csv row 2 (5 ms later; −0, 0.982097,
        // 9.75735), specific force in m/s², so negated.
        #expect(trace[.accelerometer][0].value == Vector3(-(-0.0 + -0.0), -(-0.144903 + 0.982097), -(0 + 9.75735)) / 9.80665)
        #expect(close(trace[.accelerometer][0].value, Self.firstRawReading, 1e-3))
        #expect(trace[.gyroscope][0].value == Vector3(0.062832, 0, 0.01))
        #expect(trace.calibratedMagnetometer.count == 400)
    }

    @Test(arguments: ["TotalAcceleration.csv", "AccelerometerUncalibrated.csv"])
    func sensorLoggerAndroidTotalAccelerationIsSpecificForce(file: String) throws {
        let folder = try Repository.scratchFolder("motionbench-sensor-logger")
        try Data("platform\nandroid\n".utf8).write(to: folder.appendingPathComponent("Metadata.csv"))
        try Data("time,seconds_elapsed,z,y,x\n1000000000,0,9.7,0.9,0.1\n".utf8).write(to: folder.appendingPathComponent(file))
        let trace = try importTrace(at: folder).trace
        #expect(
            trace[.accelerometer] == [SensorSample(sensor: .accelerometer, time: 1, value: Vector3(-0.1 / 9.80665, -0.9 / 9.80665, -9.7 / 9.80665))])
        #expect(trace.metadata.device == "Android phone")
        #expect(trace.metadata.notes.contains("accelerometer: \(file), Android's specific force in m/s², as -a / 9.80665"))
    }

    @Test func phyphoxExportsInEveryForm() throws {
        let acceleration = try importTrace(at: Self.phyphoxAcceleration)
        #expect(acceleration.warnings.isEmpty)
        #expect(acceleration.trace.metadata.device == "Google Pixel 7, phyphox 1.1.16")
        #expect(acceleration.trace.metadata.notes.contains("START at experiment time 0.0 s, Unix time 1700000000.0 s"))
        // Specific force in m/s² (+9.76 on z, face up) to Core Motion's g and sign.
        let first = acceleration.trace[.accelerometer][0]
        #expect(first.time == 0 && first.value == Vector3(0.0, -0.8341282136 / 9.80665, -9.757657597 / 9.80665))
        #expect(close(first.value, Self.firstRawReading, 1e-6))
        let gyroscope = try importTrace(at: Self.phyphoxGyroscope).trace
        #expect(gyroscope.sensors == [.gyroscope] && gyroscope[.gyroscope].count == 200)
        #expect(gyroscope[.gyroscope][0].value == Vector3(0.06283185307, 0, 0.01))
        let magnetometer = try importTrace(at: Self.phyphoxMagnetometer).trace
        #expect(magnetometer[.magnetometer][0].value == Vector3(20, 1, -40))
        // Raw Data.csv alone: no meta, named after its folder.
        let pressure = try importTrace(at: Self.phyphoxPressure).trace
        #expect(pressure.metadata.name == "pressure" && pressure[.barometer][0].value == Vector3(101.325, 0, 0))
    }

    @Test func sensorLogKeepsEachSampleOnceAndCoreMotionValuesAsTheyAre() throws {
        let imported = try importTrace(at: Self.sensorLog)
        let trace = imported.trace
        #expect(imported.warnings.isEmpty)
        // 400 logging ticks at 100 Hz: the 50 Hz sensors' samples once each, the 25 Hz magnetometer's too.
        #expect(trace[.accelerometer].count == 200 && trace[.gyroscope].count == 200 && trace[.magnetometer].count == 100)
        #expect(trace[.accelerometer][0] == SensorSample(sensor: .accelerometer, time: 1000, value: Self.firstRawReading))
        #expect(trace[.gyroscope][0].value == Vector3(0.072832, -0.02, 0.015))
        #expect(trace[.magnetometer][1] == SensorSample(sensor: .magnetometer, time: 1000.04, value: Vector3(70.039989, -29, -30)))
        // Motion starts on the third tick: calibrated field and Apple's attitude from there.
        #expect(trace.calibratedMagnetometer[0] == SensorSample(sensor: .magnetometer, time: 1000.02, value: Vector3(20.019999, 1, -40)))
        let attitude = try #require(trace.estimates.first { $0.id == "apple-cmattitude" })
        #expect(attitude.samples.count == 199)
        #expect(attitude.samples[0].attitude == Quaternion(w: 0.998719, x: 0.050606, y: 0, z: 0))
        #expect(attitude.label.contains("XTrueNorthZVertical"))
        // A heading a second, from tick 30, at the motion time of the tick that first carries it.
        let heading = try #require(trace.estimates.first { $0.id == "apple-true-heading" })
        #expect(heading.samples.map(\.trueHeading) == [10, 11, 12, 13])
        #expect(heading.samples[0].time == 1000.3)
        #expect(trace.truth.isEmpty)
    }

    @Test func sensorLogWithoutRawColumnsAddsUserAccelerationAndGravity() throws {
        let folder = try Repository.scratchFolder("motionbench-sensorlog")
        let file = folder.appendingPathComponent("motion-only.csv")
        try Data(
            """
            loggingTime(txt),motionTimestamp_sinceReboot(s),motionUserAccelerationX(G),motionUserAccelerationY(G),motionUserAccelerationZ(G),motionGravityX(G),motionGravityY(G),motionGravityZ(G),motionRotationRateX(rad/s),motionRotationRateY(rad/s),motionRotationRateZ(rad/s)
            t0,5.0,0.1,0.2,0.3,0,0,-1,0.01,0.02,0.03
            t1,5.0,0.1,0.2,0.3,0,0,-1,0.01,0.02,0.03
            t2,5.01,0,0,0,0,0,-1,0,0,0

            """.utf8
        ).write(to: file)
        let trace = try importTrace(at: file).trace
        #expect(trace[.accelerometer].map(\.value) == [Vector3(0.1, 0.2, 0.3 + -1), Vector3(0, 0, -1)])
        #expect(trace[.gyroscope][0].value == Vector3(0.01, 0.02, 0.03))
        #expect(trace.metadata.notes.contains { $0.hasPrefix("gyroscope: motionRotationRate") })
    }

    @Test func ownRecordingsAreDetected() throws {
        #expect(try TraceFormat.detect(at: Self.iosWalk) == .sensorLogger)
        #expect(try TraceFormat.detect(at: Self.androidWalk) == .sensorLogger)
        #expect(try TraceFormat.detect(at: Self.phyphoxAcceleration) == .phyphox)
        #expect(try TraceFormat.detect(at: Self.phyphoxGyroscope) == .phyphox)
        #expect(try TraceFormat.detect(at: Self.phyphoxPressure) == .phyphox)
        #expect(try TraceFormat.detect(at: Self.sensorLog) == .sensorLog)
    }

    @Test func everyConvertedRecordingSurvivesTheCanonicalRoundTrip() throws {
        let folder = try Repository.scratchFolder("motionbench-own")
        for url in [
            Self.iosWalk, Self.androidWalk, Self.phyphoxAcceleration, Self.phyphoxGyroscope, Self.phyphoxMagnetometer, Self.phyphoxPressure,
            Self.sensorLog,
        ] {
            let trace = try importTrace(at: url).trace
            let file = folder.appendingPathComponent("\(url.lastPathComponent).csv")
            try Data(try TraceWriter.encode(trace)).write(to: file)
            #expect(try TraceReader.read(at: file).trace == trace, "\(url.lastPathComponent)")
        }
    }

    /// Where a bad-input case is written: into a copy of the iOS Sensor Logger export, or alone as a
    /// phyphox `Raw Data.csv` or a SensorLog CSV.
    enum Place: String, CustomStringConvertible {
        case sensorLogger, phyphox, sensorLog
        var description: String { rawValue }
    }

    @Test(arguments: [
        (
            Place.sensorLogger, "GyroscopeUncalibrated.csv", "time,seconds_elapsed,z,y\n1700000000000000000,0,0.1,0.2\n", 1,
            "missing column 'x': GyroscopeUncalibrated.csv has x, y and z"
        ),
        (
            .sensorLogger, "AccelerometerUncalibrated.csv",
            "time,seconds_elapsed,z,y,x\n1700000000000000000,0,-1,0,0\n1700000000020000000,0.02,-1,0,nan\n", 3,
            "x is NaN"
        ),
        (
            .sensorLogger, "MagnetometerUncalibrated.csv",
            "time,seconds_elapsed,z,y,x\n1700000000020000000,0.02,1,2,3\n1700000000000000000,0,1,2,3\n", 3,
            "MagnetometerUncalibrated.csv timestamp 1700000000.0 goes back from 1700000000.02"
        ),
        (.sensorLogger, "Metadata.csv", "platform,device name\nwindows,PC\n", 2, "platform is 'windows', not ios or android"),
        (
            .sensorLogger, "Metadata.csv", "platform,standardisation\nios,true\n", 2,
            "recorded with Standardise Units & Frames on, whose frames the app does not document: record with it off (the default)"
        ),
        (.sensorLogger, "Metadata.csv", "", 0, "missing: a Sensor Logger recording has Metadata.csv, whose platform decides units and signs"),
        (
            .phyphox, "Raw Data.csv", "\"Time (s)\";\"Acceleration x (m/s^2)\"\n0;1,5\n", 1,
            "separated by semicolons or tabs (phyphox's other CSV formats, some with decimal commas): export again as CSV (Comma, decimal point)"
        ),
        (
            .phyphox, "Raw Data.csv", "\"Time (s)\"\t\"Pressure (hPa)\"\n0\t1013.2\n", 1,
            "separated by semicolons or tabs (phyphox's other CSV formats, some with decimal commas): export again as CSV (Comma, decimal point)"
        ),
        (
            .phyphox, "Raw Data.csv",
            "\"Time (s)\",\"Linear Acceleration x (m/s^2)\",\"Linear Acceleration y (m/s^2)\",\"Linear Acceleration z (m/s^2)\"\n0,0,0,0\n", 1,
            "'Linear Acceleration x (m/s^2)' excludes gravity, and phyphox records none to add back: record the experiment Acceleration (with g)"
        ),
        (
            .phyphox, "Raw Data.csv", "\"Time (s)\",\"Gyroscope x (rad/s)\",\"Gyroscope y (rad/s)\",\"Gyroscope z (rad/s)\"\n0,0,0,0\n0.01,0,NaN,0\n",
            3,
            "Gyroscope y (rad/s) is NaN"
        ),
        (.phyphox, "Raw Data.csv", "\"Time (s)\",\"Pressure (hPa)\"\n1,1013\n0.5,1013\n", 3, "Time (s) timestamp 0.5 goes back from 1.0"),
        (
            .phyphox, "Raw Data.csv", "\"Time (s)\",\"Gyroscope x (rad/s)\",\"Gyroscope y (rad/s)\"\n0,0,0\n", 1,
            "missing column 'Gyroscope z (rad/s)': phyphox writes all three axes"
        ),
        (
            .sensorLog, "log.csv",
            "loggingTime(txt),accelerometerAccelerationX(G),accelerometerAccelerationY(G),accelerometerAccelerationZ(G)\nt,0,0,-1\n", 1,
            "missing column 'accelerometerTimestamp_sinceReboot(s)': the accelerometerAcceleration… columns need their timestamp"
        ),
        (
            .sensorLog, "log.csv",
            "loggingTime(txt),gyroTimestamp_sinceReboot(s),gyroRotationX(rad/s),gyroRotationY(rad/s),gyroRotationZ(rad/s)\nt,2.0,0,0,0\nt,1.0,0,0,0\n",
            3,
            "gyroTimestamp_sinceReboot(s) timestamp 1.0 goes back from 2.0"
        ),
        (
            .sensorLog, "log.csv",
            "loggingTime(txt),magnetometerTimestamp_sinceReboot(s),magnetometerX(µT),magnetometerY(µT),magnetometerZ(µT)\nt,2.0,nan,0,0\n", 2,
            "magnetometerX(µT) is NaN"
        ),
        (
            .sensorLog, "log.csv", "loggingTime(txt);gyroTimestamp_sinceReboot(s)\nt;1\n", 1,
            "one column only: the file is not separated by commas; set SensorLog's CSV separator to a comma"
        ),
    ])
    func badRecordingGivesOneErrorNamingFileAndLine(place: Place, file: String, content: String, line: Int, reason: String) throws {
        let folder: URL
        let input: URL
        switch place {
        case .sensorLogger:
            folder = try iosCopy()
            input = folder
        case .phyphox, .sensorLog:
            folder = try Repository.scratchFolder("motionbench-own")
            input = folder.appendingPathComponent(file)
        }
        if content.isEmpty {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        } else {
            try Data(content.utf8).write(to: folder.appendingPathComponent(file))
        }
        let error = try #require(throws: TraceError.self) { try importTrace(at: input) }
        #expect(error.path == folder.appendingPathComponent(file).path)
        #expect(error.line == line)
        #expect(error.reason == reason)
    }

    @Test func sensorLoggerDropsAnExactlyRepeatedRowWithAWarning() throws {
        let copy = try iosCopy()
        try Data("time,seconds_elapsed,z,y,x\n1700000000000000000,0,-1,0,0\n1700000000000000000,0,-1,0,0\n1700000000020000000,0.02,-1,0,0\n".utf8)
            .write(to: copy.appendingPathComponent("AccelerometerUncalibrated.csv"))
        let imported = try importTrace(at: copy)
        #expect(imported.trace[.accelerometer].count == 2)
        #expect(imported.warnings.map(\.line) == [3])
    }

    @Test(arguments: [
        ("zip-truncated.zip", "", 0, "not a usable zip: no end of central directory record"),
        ("zip-path-traversal.zip", "", 0, "not a usable zip: entry '../AccelerometerUncalibrated.csv' names a place outside the archive's folder"),
        ("zip-crc-mismatch.zip", "/Metadata.csv", 0, "corrupt zip entry: CRC-32 mismatch"),
        ("zip-size-lie.zip", "/Metadata.csv", 0, "corrupt zip entry: the deflate data is corrupt or not 10 bytes"),
        ("zip-size-claim.zip", "/Metadata.csv", 0, "corrupt zip entry: the deflate data is corrupt or not 536870912 bytes"),
        ("zip-nan.zip", "/AccelerometerUncalibrated.csv", 3, "z is NaN"),
        ("zip-absolute-path.zip", "", 0, "not a usable zip: entry '/etc/AccelerometerUncalibrated.csv' names a place outside the archive's folder"),
        ("zip-duplicate-entry.zip", "", 0, "not a usable zip: entry 'Metadata.csv' appears twice"),
        ("zip-encrypted.zip", "", 0, "not a usable zip: entry 'Metadata.csv' is encrypted"),
        ("zip-bzip2.zip", "", 0, "not a usable zip: entry 'Metadata.csv' is compressed with method 12; only stored (0) and deflate (8) are read"),
    ])
    func badZipGivesOneErrorNamingArchiveOrEntry(name: String, entry: String, line: Int, reason: String) throws {
        let url = Repository.badInput(name)
        let error = try #require(throws: TraceError.self) { try importTrace(at: url) }
        #expect(error.path == url.path + entry)
        #expect(error.line == line)
        #expect(error.reason == reason)
    }

    @Test func zipOfEveryLengthIsRefusedCleanlyOrRead() throws {
        // Every prefix of a real zip: each a TraceError or, whole, the recording; never a crash.
        let bytes = try Data(contentsOf: Self.androidWalk)
        let file = try Repository.scratchFolder("motionbench-zip").appendingPathComponent("cut.zip")
        for length in stride(from: 0, to: bytes.count, by: 97) {
            try bytes.prefix(length).write(to: file)
            #expect(throws: TraceError.self) { try SensorLoggerImporter.importRecording(at: file) }
        }
    }
}

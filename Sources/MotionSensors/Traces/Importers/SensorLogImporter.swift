import Foundation
import MotionMath

/// Imports a CSV of SensorLog (the iOS app by Bernd Thomas) (traces/own-recordings/sensorlog).
///
/// What the file has: one wide row per logging tick, `loggingTime(txt)` first, then each sensor's
/// latest sample with its own timestamp, units in the column names: `accelerometer…(G)`,
/// `gyroRotation…(rad/s)`, `magnetometer…(µT)`, the `motion…` columns of `CMDeviceMotion`, the
/// heading of `CLHeading`. The values are Core Motion's own, so they are kept as they are: g with Core
/// Motion's sign (face up, z ≈ −1), rad/s, µT, on the phone's clock (seconds since reboot).
///
/// What becomes of it:
/// - `accelerometerTimestamp_sinceReboot(s)`, `accelerometerAcceleration{X,Y,Z}(G)`: the accelerometer.
///   Without them, `motionUserAcceleration…(G) + motionGravity…(G)` at the motion timestamp, which
///   is the raw reading as Core Motion splits it.
/// - `gyroTimestamp_sinceReboot(s)`, `gyroRotation{X,Y,Z}(rad/s)`: the gyroscope. Without them,
///   `motionRotationRate…(rad/s)` (bias-corrected by Core Motion).
/// - `magnetometerTimestamp_sinceReboot(s)`, `magnetometer{X,Y,Z}(µT)`: the raw magnetometer;
///   `motionMagneticField{X,Y,Z}(µT)`: the calibrated one.
/// - `motionQuaternion{X,Y,Z,W}(R)`: the estimate `apple-cmattitude`, Core Motion's attitude in the
///   reference frame `motionAttitudeReferenceFrame(txt)` names (the label says which); a
///   competitor, never the truth.
/// - `locationHeadingTrue(°)`: the estimate `apple-true-heading`, at the row's motion (else
///   accelerometer, gyroscope, magnetometer) time, since its own timestamp counts from 1970 and
///   so is on another clock: within one logging tick of the real time. Negative (invalid) headings
///   and ones whose `locationHeadingTimestamp_since1970(s)` repeats are skipped.
/// - A sensor whose timestamp repeats the previous row's is the same sample logged again on the next
///   tick: skipped. One that goes back is an error. Empty fields mean the sensor had no sample yet.
/// - other columns (location, activity, battery…) are ignored; a file separated by anything but
///   commas is refused with a message saying to set SensorLog's separator to a comma.
public enum SensorLogImporter {
    /// The first column, by which the format is known.
    public static let firstColumn = "loggingTime(txt)"

    /// A sensor's timestamp column, and the last sample it dated.
    private struct SampleClock {
        let column: Int
        let name: String
        var last: Double?

        /// The time of a new sample of the sensor on the current row, or nil when the row has none
        /// (empty) or logs the last one again.
        mutating func newSample(_ scanner: CSVScanner) throws -> Double? {
            guard let time = try scanner.optionalDouble(column, name) else { return nil }
            if time == last { return nil }
            try scanner.expectIncreasing(time, after: last, stream: name)
            last = time
            return time
        }
    }

    /// The raw sensors' columns: timestamp, then the x, y, z names' prefix and unit.
    static let rawSensors: [(SensorKind, String, String, String)] = [
        (.accelerometer, "accelerometerTimestamp_sinceReboot(s)", "accelerometerAcceleration", "G"),
        (.gyroscope, "gyroTimestamp_sinceReboot(s)", "gyroRotation", "rad/s"),
        (.magnetometer, "magnetometerTimestamp_sinceReboot(s)", "magnetometer", "µT"),
    ]

    /// Imports the SensorLog CSV file at `url`.
    public static func importFile(at url: URL) throws -> ImportedTrace {
        let path = url.path
        let scanner = try CSVScanner(path: path)
        let header = try CSVHeader(scanner)
        if header.names.count == 1, header.names[0].hasPrefix(firstColumn) {
            throw TraceError(
                path: path, line: header.line,
                reason: "one column only: the file is not separated by commas; set SensorLog's CSV separator to a comma")
        }
        guard header.names.first == firstColumn else {
            throw TraceError(path: path, line: header.line, reason: "expected the first column '\(firstColumn)'")
        }
        func axes(_ prefix: String, _ unit: String) throws -> CSVHeader.Vector? {
            try header.vector(["X", "Y", "Z"].map { "\(prefix)\($0)(\(unit))" }, "SensorLog writes all three axes")
        }
        var raw: [(sensor: SensorKind, clock: SampleClock, xyz: CSVHeader.Vector)] = try rawSensors.compactMap { sensor, time, prefix, unit in
            guard let xyz = try axes(prefix, unit) else { return nil }
            return (sensor, SampleClock(column: try header.require(time, "the \(prefix)… columns need their timestamp"), name: time), xyz)
        }
        let recorded = Set(raw.map(\.sensor))
        let motionTime = "motionTimestamp_sinceReboot(s)"
        var motion = header.index(of: motionTime).map { SampleClock(column: $0, name: motionTime) }
        let rotationRate = try axes("motionRotationRate", "rad/s")
        let userAcceleration = try axes("motionUserAcceleration", "G")
        let gravity = try axes("motionGravity", "G")
        let field = try axes("motionMagneticField", "µT")
        let quaternionNames = ["W", "X", "Y", "Z"].map { "motionQuaternion\($0)(R)" }
        let quaternion = try header.quaternion(quaternionNames, "SensorLog writes all four parts")
        let frame = header.index(of: "motionAttitudeReferenceFrame(txt)")
        if motion == nil, [rotationRate, userAcceleration, gravity, field].contains(where: { $0 != nil }) || quaternion != nil {
            throw TraceError(path: path, line: header.line, reason: "missing column '\(motionTime)': the motion… columns need their timestamp")
        }
        if (userAcceleration == nil) != (gravity == nil) {
            throw TraceError(
                path: path, line: header.line,
                reason: "motionUserAcceleration… and motionGravity… come together: their sum is the accelerometer's reading")
        }
        let heading = header.index(of: "locationHeadingTrue(°)")
        let headingTime = header.index(of: "locationHeadingTimestamp_since1970(s)")
        guard !raw.isEmpty || motion != nil else {
            throw TraceError(
                path: path, line: header.line, reason: "no sensor columns: SensorLog names them accelerometer…, gyro…, magnetometer…, motion…")
        }

        var samples: [SensorKind: [SensorSample]] = [:]
        var calibrated: [SensorSample] = []
        var attitude: [GroundTruth] = []
        var headings: [GroundTruth] = []
        var referenceFrame = ""
        var lastHeadingTime: Double?
        var firstLoggingTime = ""
        func append(_ sensor: SensorKind, _ time: Double, _ value: Vector3) throws {
            samples[sensor, default: []].append(try scanner.sample(sensor, time: time, value))
        }
        while try scanner.next() {
            try scanner.expectFields(header.names.count)
            if firstLoggingTime.isEmpty { firstLoggingTime = try scanner.string(0) }
            var rowTime: Double?
            if let time = try motion?.newSample(scanner) {
                rowTime = time
                if !recorded.contains(.accelerometer), let userAcceleration, let gravity, try !userAcceleration.isAbsent(scanner) {
                    try append(.accelerometer, time, try userAcceleration.read(scanner) + gravity.read(scanner))
                }
                if !recorded.contains(.gyroscope), let rotationRate, try !rotationRate.isAbsent(scanner) {
                    try append(.gyroscope, time, try rotationRate.read(scanner))
                }
                if let field, try !field.isAbsent(scanner) {
                    calibrated.append(try scanner.sample(.magnetometer, time: time, try field.read(scanner)))
                }
                if let quaternion, !scanner.isEmpty(quaternion.w) {
                    attitude.append(GroundTruth(time: time, attitude: try scanner.unitQuaternion(columns: quaternion, quaternionNames)))
                    if referenceFrame.isEmpty, let frame { referenceFrame = try scanner.string(frame) }
                }
            }
            for index in raw.indices {
                guard let time = try raw[index].clock.newSample(scanner) else { continue }
                try append(raw[index].sensor, time, try raw[index].xyz.read(scanner))
                rowTime = rowTime ?? time
            }
            if let heading, let degrees = try scanner.optionalDouble(heading, "locationHeadingTrue(°)"), degrees >= 0 {
                let stamp = try headingTime.flatMap { try scanner.optionalDouble($0, "locationHeadingTimestamp_since1970(s)") }
                if stamp == nil || stamp != lastHeadingTime, let time = rowTime, time > headings.last?.time ?? -.infinity {
                    guard degrees < 360 else { throw scanner.error("locationHeadingTrue(°) is \(degrees), not 0 ..< 360") }
                    headings.append(GroundTruth(time: time, trueHeading: degrees))
                    lastHeadingTime = stamp
                }
            }
        }
        guard samples.values.contains(where: { !$0.isEmpty }) || !calibrated.isEmpty || !attitude.isEmpty else {
            throw TraceError(path: path, line: scanner.line + 1, reason: "no sensor samples after the header")
        }
        var estimates: [RecordedEstimate] = []
        if !attitude.isEmpty {
            let named =
                referenceFrame.isEmpty
                ? "the reference frame chosen in the app (the file does not say which)" : "reference frame \(referenceFrame.prefix(60))"
            estimates.append(
                RecordedEstimate(
                    id: "apple-cmattitude", label: "Core Motion CMAttitude recorded by SensorLog: device to \(named); a competitor, not truth",
                    samples: attitude
                ))
        }
        if !headings.isEmpty {
            estimates.append(
                RecordedEstimate(
                    id: "apple-true-heading",
                    label: "Core Location's true heading recorded by SensorLog, placed at the logging tick; a competitor, not truth",
                    samples: headings
                ))
        }
        var notes = ["logging started \(firstLoggingTime.prefix(60)) (loggingTime of the first row)"]
        if !recorded.contains(.accelerometer), samples[.accelerometer] != nil {
            notes.append("accelerometer: motionUserAcceleration + motionGravity (no raw accelerometer columns)")
        }
        if !recorded.contains(.gyroscope), samples[.gyroscope] != nil {
            notes.append("gyroscope: motionRotationRate, bias-corrected by Core Motion (no raw gyroscope columns)")
        }
        let metadata = TraceMetadata(
            name: url.deletingPathExtension().lastPathComponent, dataset: "sensorlog", device: "iPhone (SensorLog)",
            clock: "seconds since phone reboot (CMLogItem.timestamp)", notes: notes
        )
        let trace = Trace(metadata: metadata, samples: samples, calibratedMagnetometer: calibrated, estimates: estimates)
        return ImportedTrace(trace: trace, warnings: UnitCheck.warnings(for: trace, path: path))
    }
}

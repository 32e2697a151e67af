import Foundation
import MotionMath

/// Imports x-io Technologies Fusion's example recording, `sensor_data.csv`
/// (`traces/xio-fusion`: an x-io IMU at about 100 Hz; no ground truth).
///
/// What the file has: a header, then time in seconds from the start, gyroscope in °/s, accelerometer
/// in g as specific force (+1 g on the axis pointing up: flat, it reads z ≈ +0.997), and the
/// magnetometer in µT, sample-and-hold (a new reading on about one row in thirteen).
///
/// The conversion, and why:
/// - axes: the IMU's right-handed sensor frame, taken as the device axes one for one.
/// - gyroscope: `ω × (π / 180)`, to rad/s.
/// - acceleration: `−a`, Core Motion's sign (face up reads z ≈ −1).
/// - magnetometer: kept in µT, but only the rows where the reading changes (and the first), because
///   a held value is not a new measurement: replaying it at 100 Hz would fake a rate the sensor never
///   had (about 7.6 Hz), and Core Motion delivers a magnetometer sample only when there is one.
public enum XioImporter {
    /// The header the importer expects, exactly.
    public static let header = [
        "Time (s)", "Gyroscope X (deg/s)", "Gyroscope Y (deg/s)", "Gyroscope Z (deg/s)",
        "Accelerometer X (g)", "Accelerometer Y (g)", "Accelerometer Z (g)",
        "Magnetometer X (uT)", "Magnetometer Y (uT)", "Magnetometer Z (uT)",
    ]

    /// Imports the x-io sensor CSV file at `url`.
    public static func importFile(at url: URL) throws -> ImportedTrace {
        let path = url.path
        let scanner = try CSVScanner(path: path)
        try scanner.expectHeader(header)
        var gyroscope: [SensorSample] = [], accelerometer: [SensorSample] = [], magnetometer: [SensorSample] = []
        gyroscope.reserveCapacity(16_384)
        accelerometer.reserveCapacity(16_384)
        let radiansPerDegree = Double.pi / 180
        while try scanner.next() {
            try scanner.expectFields(header.count)
            let time = try scanner.double(0, header[0])
            try scanner.expectIncreasing(time, after: gyroscope.last?.time, stream: "IMU")
            func vector(_ first: Int) throws -> Vector3 {
                Vector3(
                    try scanner.double(first, header[first]), try scanner.double(first + 1, header[first + 1]),
                    try scanner.double(first + 2, header[first + 2]))
            }
            gyroscope.append(try scanner.sample(.gyroscope, time: time, try vector(1) * radiansPerDegree))
            accelerometer.append(
                try scanner.sample(
                    .accelerometer, time: time, FrameAlignment.coreMotionAcceleration(fromSpecificForce: try vector(4), unitsPerG: 1)
                ))
            let field = try vector(7)
            if magnetometer.last?.value != field {
                magnetometer.append(try scanner.sample(.magnetometer, time: time, field))
            }
        }
        guard !gyroscope.isEmpty else { throw TraceError(path: path, line: scanner.line + 1, reason: "no samples after the header") }
        let metadata = TraceMetadata(
            name: url.deletingPathExtension().lastPathComponent, dataset: "xio-fusion", device: "x-io Technologies IMU",
            licence: "MIT", clock: "seconds from the start of the recording",
            nominalRates: [.sensor(.accelerometer): 100, .sensor(.gyroscope): 100, .sensor(.magnetometer): 7.6],
            notes: ["magnetometer: sample-and-hold in the file; only rows with a new reading kept"]
        )
        let trace = Trace(
            metadata: metadata, samples: [.accelerometer: accelerometer, .gyroscope: gyroscope, .magnetometer: magnetometer]
        )
        return ImportedTrace(trace: trace, warnings: UnitCheck.warnings(for: trace, path: path))
    }
}

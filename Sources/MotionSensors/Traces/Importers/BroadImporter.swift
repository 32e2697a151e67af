import Foundation
import MotionMath

/// Imports a BROAD benchmark trial CSV (`traces/broad-imu-orientation`: a research IMU, myon
/// aktos-t, at 285.7 Hz, with OptiTrack optical orientation as ground truth).
///
/// What the file has: a header, then `t_s` (seconds from the trial's first sample), gyroscope in
/// rad/s, accelerometer in m/s² (specific force: +9.81 on the axis pointing up), magnetometer in µT,
/// the optical quaternion (scalar first, IMU → East-North-Up; empty during marker dropouts), optical
/// position in metres, and `movement` (1 in the phase the paper scores).
///
/// The conversion, and why:
/// - the IMU's axes are taken as the device axes one for one (the IMU has no screen; the file gives
///   no other mapping); gyroscope and magnetometer are kept as they are.
/// - acceleration: `−a / 9.80665`, Core Motion's g and sign (a device face up reads z ≈ −1).
/// - truth: `Rz(−90°) ⊗ q`, East-North-Up turned into North-West-Up, at the same timestamp (the
///   source says the optical data is synchronised). Rows without optical data give no truth; a row
///   with some quaternion fields empty is an error. Position is not kept (`GroundTruth` has no place
///   for it). The ENU "north" is the lab's, within a constant heading offset of true north, which the
///   BROAD paper removes before scoring and so must the scorer; the notes say where `movement` starts.
public enum BroadImporter {
    /// The header the importer expects, exactly.
    public static let header = [
        "t_s", "gyr_x_rad_s", "gyr_y_rad_s", "gyr_z_rad_s", "acc_x_m_s2", "acc_y_m_s2", "acc_z_m_s2",
        "mag_x_uT", "mag_y_uT", "mag_z_uT", "opt_qw", "opt_qx", "opt_qy", "opt_qz",
        "opt_px_m", "opt_py_m", "opt_pz_m", "movement",
    ]

    /// Imports the BROAD CSV file at `url`.
    public static func importFile(at url: URL) throws -> ImportedTrace {
        let path = url.path
        let scanner = try CSVScanner(path: path)
        try scanner.expectHeader(header)
        var gyroscope: [SensorSample] = [], accelerometer: [SensorSample] = [], magnetometer: [SensorSample] = []
        gyroscope.reserveCapacity(32_768)
        accelerometer.reserveCapacity(32_768)
        magnetometer.reserveCapacity(32_768)
        var truth: [GroundTruth] = []
        truth.reserveCapacity(32_768)
        var movementStart: Double?
        while try scanner.next() {
            try scanner.expectFields(header.count)
            let time = try scanner.double(0, "t_s")
            try scanner.expectIncreasing(time, after: gyroscope.last?.time, stream: "IMU")
            func vector(_ first: Int) throws -> Vector3 {
                Vector3(
                    try scanner.double(first, header[first]), try scanner.double(first + 1, header[first + 1]),
                    try scanner.double(first + 2, header[first + 2]))
            }
            gyroscope.append(try scanner.sample(.gyroscope, time: time, try vector(1)))
            accelerometer.append(
                try scanner.sample(
                    .accelerometer, time: time,
                    FrameAlignment.coreMotionAcceleration(fromSpecificForce: try vector(4), unitsPerG: FrameAlignment.standardGravity)
                ))
            magnetometer.append(try scanner.sample(.magnetometer, time: time, try vector(7)))
            let emptyParts = (10...13).filter { scanner.isEmpty($0) }.count
            if emptyParts == 0 {
                let enu = try scanner.unitQuaternion(from: 10, Array(header[10...13]))
                truth.append(GroundTruth(time: time, attitude: FrameAlignment.eastNorthUpToNorthWestUp * enu))
            } else if emptyParts < 4 {
                throw scanner.error("the optical quaternion needs all four of opt_qw … opt_qz, or none")
            }
            for index in 14...16 { _ = try scanner.optionalDouble(index, header[index]) }
            switch try scanner.integer(17, "movement") {
            case 0: break
            case 1: if movementStart == nil { movementStart = time }
            case let other: throw scanner.error("movement is \(other), not 0 or 1")
            }
        }
        guard !gyroscope.isEmpty else { throw TraceError(path: path, line: scanner.line + 1, reason: "no samples after the header") }
        var notes = [
            "truth: OptiTrack attitude, East-North-Up turned to North-West-Up (Rz(-90°) ⊗ q); a constant heading offset to true north is left to the scorer"
        ]
        if let movementStart {
            notes.append("movement phase (the BROAD paper scores only this) from t = \(movementStart) s; before it the IMU rests")
        }
        let rate = 2000.0 / 7  // Δt = 3.5 ms.
        let metadata = TraceMetadata(
            name: url.deletingPathExtension().lastPathComponent, dataset: "broad-imu-orientation", device: "myon aktos-t IMU",
            licence: "CC-BY-4.0", clock: "seconds from the first sample of the original trial",
            nominalRates: [.sensor(.accelerometer): rate, .sensor(.gyroscope): rate, .sensor(.magnetometer): rate]
                .merging(truth.isEmpty ? [:] : [.truth: rate]) { $1 },
            notes: notes
        )
        let trace = Trace(
            metadata: metadata, samples: [.accelerometer: accelerometer, .gyroscope: gyroscope, .magnetometer: magnetometer], truth: truth
        )
        return ImportedTrace(trace: trace, warnings: UnitCheck.warnings(for: trace, path: path))
    }
}

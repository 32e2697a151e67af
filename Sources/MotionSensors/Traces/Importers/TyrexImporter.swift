import Foundation
import MotionMath

/// Imports a trial folder of the tyrex "benchmarks-attitude-smartphones" iPhone recordings
/// (`traces/tyrex-attitude-iphone`: an iPhone 5 carried around a lab, with Qualisys optical
/// ground truth).
///
/// What the folder has, and what becomes of it:
/// - `accelerometer.csv` (`timestamp_s,x_g,y_g,z_g`): raw `CMAccelerometerData`, already g with
///   Core Motion's sign; kept as is.
/// - `gyroscope.csv` (rad/s, not bias-corrected), `magnetometer.csv` (raw µT, with the phone's own
///   hard-iron field): kept as is; the bias is the data, filters must cope with it.
/// - `magnetometer_calibrated.csv` (iOS-calibrated µT, plus an `accuracy` column, 2 in every trial):
///   the calibrated magnetometer stream; `accuracy` is checked to be −1…2 and not kept.
/// - `attitude.csv` (`CMAttitude` quaternion, scalar first, device → `xMagneticNorthZVertical`, which
///   is North-West-Up with magnetic north): the estimate `apple-cmattitude`, kept as is. A competitor,
///   never the truth (its yaw drifts −1.4 °/s in the running trial).
/// - `groundtruth_qualisys.csv` (`t_s`, handle → lab quaternion, position in mm, `valid`), optional:
///   the truth. Its clock becomes the phone's, `t_phone = t_s + boot_time_s − time_alignment_s` (the
///   README's `t_gt = timestamp_s − boot_time_s + time_alignment_s`, inverted; both constants from
///   `trial.json`). The lab frame is East-North-Up, so each quaternion is turned into North-West-Up
///   as `Rz(−90°) ⊗ q`. Rows with `valid` 0 (marker loss, empty fields) give no truth sample; the
///   position is not kept (`GroundTruth` has no place for it).
/// - `trial.json`: name, device, boot time, time alignment, whether the field was disturbed, and
///   the calibration set (see `calibrate`).
///
/// Times stay on the phone's clock, seconds since boot (`CMLogItem.timestamp`). Alignment left to
/// the scorer, recorded in the trace's notes: a constant yaw offset (the lab's "north" is magnetic
/// north to about 1°, true north a further ~1° declination away, and the handle's axes sit about 1°
/// off the phone's), and the ±10 ms uncertainty of `time_alignment_s`.
public enum TyrexImporter {
    /// The files a trial folder must have; the calibrated magnetometer, attitude and ground truth
    /// are read when present.
    public static let requiredFiles = ["trial.json", "accelerometer.csv", "gyroscope.csv", "magnetometer.csv"]

    /// What `trial.json` holds that the import uses.
    private struct Trial: Decodable {
        var trial: String?
        var recording: String?
        var device: String?
        var bootTime: Double
        var timeAlignment: Double?
        var magneticDisturbance: Bool?
        var calibrationSet: String?

        enum CodingKeys: String, CodingKey {
            case trial, recording, device
            case bootTime = "boot_time_s"
            case timeAlignment = "time_alignment_s"
            case magneticDisturbance = "magnetic_disturbance"
            case calibrationSet = "calibration_set"
        }
    }

    /// Imports the trial folder at `url`.
    public static func importTrial(at url: URL) throws -> ImportedTrace {
        let folder = url.standardizedFileURL
        for name in requiredFiles where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            throw TraceError(
                path: folder.appendingPathComponent(name).path, line: 0,
                reason: "missing: a tyrex trial folder has \(requiredFiles.joined(separator: ", "))")
        }
        let trial = try readTrial(folder.appendingPathComponent("trial.json"))
        func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

        var samples: [SensorKind: [SensorSample]] = [:]
        samples[.accelerometer] = try readVectors(file("accelerometer.csv"), ["timestamp_s", "x_g", "y_g", "z_g"], .accelerometer)
        samples[.gyroscope] = try readVectors(file("gyroscope.csv"), ["timestamp_s", "x_rad_s", "y_rad_s", "z_rad_s"], .gyroscope)
        samples[.magnetometer] = try readVectors(file("magnetometer.csv"), ["timestamp_s", "x_uT", "y_uT", "z_uT"], .magnetometer)
        let calibrated =
            exists("magnetometer_calibrated.csv")
            ? try readVectors(file("magnetometer_calibrated.csv"), ["timestamp_s", "x_uT", "y_uT", "z_uT", "accuracy"], .magnetometer)
            : []
        var estimates: [RecordedEstimate] = []
        var rates: [TraceStream: Double] = [
            .sensor(.accelerometer): 100.7, .sensor(.gyroscope): 94.8, .sensor(.magnetometer): 24.7,
        ]
        if !calibrated.isEmpty { rates[.calibratedMagnetometer] = 94.7 }
        if exists("attitude.csv") {
            let label =
                "Core Motion CMAttitude recorded on the phone: device to xMagneticNorthZVertical (magnetic north, west, up); a competitor, not truth"
            estimates.append(RecordedEstimate(id: "apple-cmattitude", label: label, samples: try readAttitude(file("attitude.csv"))))
            rates[.estimate("apple-cmattitude")] = 94.8
        }
        var truth: [GroundTruth] = []
        var notes: [String] = []
        if exists("groundtruth_qualisys.csv") {
            guard let alignment = trial.timeAlignment else {
                throw TraceError(path: file("trial.json"), line: 0, reason: "time_alignment_s is missing, and the ground truth needs it")
            }
            truth = try readGroundTruth(file("groundtruth_qualisys.csv"), offset: trial.bootTime - alignment)
            rates[.truth] = 60
            notes.append(
                "truth: Qualisys handle attitude, lab East-North-Up turned to North-West-Up (Rz(-90°) ⊗ q); times mapped to the phone clock as t_s + boot_time_s - time_alignment_s (\(trial.bootTime) - (\(alignment)))"
            )
            notes.append(
                "alignment left to the scorer: a constant yaw offset (lab north ≈ magnetic north to ~1°, declination ~1°E, handle mounting ~1°) and ±10 ms of time alignment"
            )
        }
        if let disturbed = trial.magneticDisturbance {
            notes.append(disturbed ? "magnetic disturbance: yes (building-like perturbations)" : "magnetic disturbance: none")
        }
        var calibration: SensorCalibration?
        if let set = trial.calibrationSet {
            let calibrated = try calibrate(set: set, besides: folder)
            calibration = calibrated.calibration
            notes.append(calibrated.note)
        }
        let metadata = TraceMetadata(
            name: trial.trial ?? trial.recording ?? folder.lastPathComponent, dataset: "tyrex-attitude-iphone",
            device: trial.device ?? "iPhone", licence: "CeCILL-2.1",
            clock: "seconds since phone boot (CMLogItem.timestamp); boot_time_s \(trial.bootTime)",
            nominalRates: rates, notes: notes
        )
        let trace = Trace(
            metadata: metadata, samples: samples, calibratedMagnetometer: calibrated, truth: truth, estimates: estimates,
            calibration: calibration
        )
        return ImportedTrace(trace: trace, warnings: UnitCheck.warnings(for: trace, path: folder.path))
    }

    /// The calibration a trial's set names, fitted from its recordings, and a note saying what was
    /// done. Set "i5d3" is the folders `calib_gyr_iPhone5_d3` (phone static: the gyroscope bias is
    /// the mean rate) and `calib_mag_iPhone5_d3` (phone turned through many orientations: hard and
    /// soft iron from `EllipsoidFit`) next to the trial's folder, as the benchmark lays them out.
    /// Either may be missing; with neither, the calibration is nil and the note says so.
    private static func calibrate(set: String, besides folder: URL) throws -> (calibration: SensorCalibration?, note: String) {
        let parts = set.dropFirst().split(separator: "d", omittingEmptySubsequences: false)
        guard set.first == "i", parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            return (nil, "calibration set '\(set)' is not named like the benchmark's (i5d3 for calib_*_iPhone5_d3): no calibration")
        }
        let parent = folder.deletingLastPathComponent()
        let named = "iPhone\(parts[0])_d\(parts[1])"
        func recordings(_ suffix: String) -> (gyroscope: String, magnetometer: String) {
            (
                parent.appendingPathComponent("calib_gyr_\(suffix)/gyroscope.csv").path,
                parent.appendingPathComponent("calib_mag_\(suffix)/magnetometer.csv").path
            )
        }
        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
        // A set that is missing (FrontPocket names i5d4, which the split lacks) is stood in for by
        // another of the same phone model: its hard iron is the phone's own, and a note says so.
        var suffix = named
        var substitute = ""
        if !exists(recordings(named).gyroscope) && !exists(recordings(named).magnetometer) {
            let siblings = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
            let sameModel = siblings.filter { $0.hasPrefix("calib_mag_iPhone\(parts[0])_d") }.sorted()
            guard let other = sameModel.first.map({ String($0.dropFirst("calib_mag_".count)) }) else {
                return (
                    nil,
                    "calibration set \(set): no calibration recording found (calib_gyr_\(named), calib_mag_\(named) next to the trial folder); calibration left out"
                )
            }
            suffix = other
            substitute = " (set \(set)'s recordings are missing; those of \(other), the same phone model, stand in)"
        }
        let files = recordings(suffix)
        var calibration = SensorCalibration(origin: "")
        var used: [String] = []  // for the origin: each recording and what was taken from it
        var found: [String] = []  // for the note: each part, with its figures
        if exists(files.gyroscope) {
            // At least one reading, each within the gyroscope's range: their mean is one too.
            let rates = try readVectors(files.gyroscope, ["timestamp_s", "x_rad_s", "y_rad_s", "z_rad_s"], .gyroscope).map(\.value)
            calibration.gyroscopeBias = SensorCalibration.gyroscopeBias(still: rates)
            used.append("calib_gyr_\(suffix) (mean rate)")
            found.append("gyroscope bias = mean of calib_gyr_\(suffix)'s \(rates.count) readings (phone static)")
        }
        if exists(files.magnetometer) {
            let readings = try readVectors(files.magnetometer, ["timestamp_s", "x_uT", "y_uT", "z_uT"], .magnetometer)
            if let solved = SensorCalibration.magnetometerFit(turned: readings.map(\.value)) {
                calibration.adoptMagnetometer(solved)
                let what = solved.kind == .ellipsoid ? "hard and soft iron = ellipsoid" : "hard iron = sphere"
                let figures = String(format: "field %.1f µT, residual %.1f %%, coverage %.3f", solved.radius, 100 * solved.residual, solved.coverage)
                used.append("calib_mag_\(suffix) (\(solved.kind == .ellipsoid ? "ellipsoid" : "sphere") fit)")
                found.append("magnetometer \(what) fit of calib_mag_\(suffix)'s \(readings.count) readings (\(figures))")
            } else {
                found.append("magnetometer not calibrated: calib_mag_\(suffix)'s \(readings.count) readings span too few orientations for a fit")
            }
        }
        guard !used.isEmpty else { return (nil, "calibration set \(set)\(substitute): " + found.joined(separator: "; ")) }
        calibration.origin = "tyrex calibration set \(set)\(substitute): " + used.joined(separator: ", ")
        return (calibration, "calibration fitted at import from set \(set)\(substitute): " + found.joined(separator: "; "))
    }

    private static func readTrial(_ url: URL) throws -> Trial {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw TraceError(path: url.path, line: 0, reason: "not a regular file")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= 1 << 20 else { throw TraceError(path: url.path, line: 0, reason: "larger than 1 MiB: not a trial.json") }
        // Refused before reading: Foundation's Data(contentsOf:) leaks a 4 KiB buffer on an empty file.
        guard size > 0 else { throw TraceError(path: url.path, line: 0, reason: "empty file: not a trial.json") }
        do {
            return try JSONDecoder().decode(Trial.self, from: Data(contentsOf: url))
        } catch let error as DecodingError {
            throw TraceError(path: url.path, line: 0, reason: "not the expected trial.json: \(describe(error))")
        } catch {
            throw TraceError(path: url.path, line: 0, reason: "cannot read: \(error.localizedDescription)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "'\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case .dataCorrupted: "not valid JSON"
        @unknown default: "not valid JSON"
        }
    }

    /// A `timestamp_s,x,y,z[,accuracy]` file, values kept as they are.
    private static func readVectors(_ path: String, _ header: [String], _ sensor: SensorKind) throws -> [SensorSample] {
        let scanner = try CSVScanner(path: path)
        try scanner.expectHeader(header)
        var samples: [SensorSample] = []
        samples.reserveCapacity(16_384)
        while try scanner.next() {
            try scanner.expectFields(header.count)
            let time = try scanner.double(0, header[0])
            try scanner.expectIncreasing(time, after: samples.last?.time, stream: sensor.rawValue)
            let value = Vector3(try scanner.double(1, header[1]), try scanner.double(2, header[2]), try scanner.double(3, header[3]))
            if header.count == 5 {
                let accuracy = try scanner.integer(4, header[4])
                guard (-1...2).contains(accuracy) else { throw scanner.error("accuracy \(accuracy) is not −1, 0, 1 or 2") }
            }
            samples.append(try scanner.sample(sensor, time: time, value))
        }
        guard !samples.isEmpty else { throw TraceError(path: path, line: scanner.line + 1, reason: "no samples after the header") }
        return samples
    }

    /// `attitude.csv`: Core Motion's quaternion, scalar first, as recorded.
    private static func readAttitude(_ path: String) throws -> [GroundTruth] {
        let header = ["timestamp_s", "qw", "qx", "qy", "qz"]
        let scanner = try CSVScanner(path: path)
        try scanner.expectHeader(header)
        var samples: [GroundTruth] = []
        samples.reserveCapacity(16_384)
        while try scanner.next() {
            try scanner.expectFields(5)
            let time = try scanner.double(0, "timestamp_s")
            try scanner.expectIncreasing(time, after: samples.last?.time, stream: "attitude")
            samples.append(GroundTruth(time: time, attitude: try scanner.unitQuaternion(from: 1, Array(header[1...4]))))
        }
        guard !samples.isEmpty else { throw TraceError(path: path, line: scanner.line + 1, reason: "no samples after the header") }
        return samples
    }

    /// `groundtruth_qualisys.csv`, valid rows only, on the phone's clock, in North-West-Up.
    private static func readGroundTruth(_ path: String, offset: Double) throws -> [GroundTruth] {
        let header = ["t_s", "qw", "qx", "qy", "qz", "px_mm", "py_mm", "pz_mm", "valid"]
        let scanner = try CSVScanner(path: path)
        try scanner.expectHeader(header)
        var samples: [GroundTruth] = []
        samples.reserveCapacity(8192)
        var previous: Double?
        while try scanner.next() {
            try scanner.expectFields(9)
            let frameTime = try scanner.double(0, "t_s")
            try scanner.expectIncreasing(frameTime, after: previous, stream: "ground truth")
            previous = frameTime
            switch try scanner.integer(8, "valid") {
            case 0: continue
            case 1:
                let enu = try scanner.unitQuaternion(from: 1, Array(header[1...4]))
                for index in 5...7 { _ = try scanner.double(index, header[index]) }
                // On the phone's clock, where a huge offset could overflow, or round two frames to one time.
                let time = frameTime + offset
                guard time.isFinite, time > samples.last?.time ?? -.infinity else {
                    throw scanner.error(
                        "t_s \(frameTime) + boot_time_s - time_alignment_s (\(offset)) is \(time), not a later time on the phone's clock")
                }
                samples.append(GroundTruth(time: time, attitude: FrameAlignment.eastNorthUpToNorthWestUp * enu))
            case let other: throw scanner.error("valid is \(other), not 0 or 1")
            }
        }
        guard !samples.isEmpty else { throw TraceError(path: path, line: scanner.line + 1, reason: "no valid ground-truth rows") }
        return samples
    }
}

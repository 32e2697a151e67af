import Foundation
import MotionMath

/// Imports a recording of Sensor Logger (the free iOS and Android app by Kelvin Choi): its export
/// folder, or the zip of it, of one CSV per sensor (traces/own-recordings/sensor-logger).
///
/// What the recording has (the app's UNITS and COORDINATES pages): every file starts with `time`
/// (Unix time in nanoseconds) and `seconds_elapsed`, then its values, axis sensors as `z, y, x` (found
/// by name, so any order is read); axes are the device's, x right, y up the screen, z out of it, on
/// both platforms; `Metadata.csv` has one row with the `platform` (`ios` or `android`) and the device.
///
/// The conversion, and why:
/// - time: `time / 10⁹`, Unix seconds, the one clock all files share.
/// - accelerometer: what Core Motion's raw accelerometer would read (g, gravity included, face up
///   z ≈ −1), reconstructed as the platform allows, first that applies:
///   - iOS `AccelerometerUncalibrated.csv`: raw `CMAccelerometerData`, already that; kept as is.
///   - Android `TotalAcceleration.csv`, then `AccelerometerUncalibrated.csv`: Android's specific force
///     in m/s² (+9.8 on the axis pointing up), so `−a / 9.80665`.
///   - `Accelerometer.csv` (gravity excluded) plus `Gravity.csv`, both m/s² with g = 9.80665: on iOS
///     they are Core Motion's `userAcceleration` and `gravity` scaled, whose sum is the raw reading,
///     so `(a + g) / 9.80665`; on Android they are the linear-acceleration and gravity sensors, whose
///     sum is the specific force, so `−(a + g) / 9.80665`. Each `a` sample takes the `g` sample
///     nearest in time (the two streams tick separately), which must be within 50 ms.
/// - gyroscope: `GyroscopeUncalibrated.csv` (raw, as Core Motion's `CMGyroData`), else `Gyroscope.csv`
///   (calibrated by the system), in rad/s, kept as is.
/// - magnetometer: `MagnetometerUncalibrated.csv` is the raw stream, `Magnetometer.csv` the
///   calibrated one (`Trace.calibratedMagnetometer`), both µT, kept as is.
/// - `Barometer.csv`: `pressure` in mbar becomes kPa (`/ 10`), `relativeAltitude` (metres since the
///   start) the estimate `sensorlogger-relative-altitude`.
/// - `Orientation.csv`: the quaternion `qw, qx, qy, qz` becomes the estimate `sensorlogger-orientation`,
///   a competitor, never the truth; `roll, pitch, yaw` are checked to be numbers and not kept.
/// - `Annotation.csv` (the app's annotations: `time`, `seconds_elapsed`, `text`,
///   `millisecond_press_duration`, the pencil icon's press in ms): each annotation becomes an instant
///   at its `time`, the truth a workload's detected events are scored against, labelled by its text
///   lower-cased with each run of spaces and ASCII punctuation as one hyphen (`Face down` is
///   `face-down`), `annotation` when the text is blank. Text with commas in it is read whole; a text
///   that does not become a label (other than letters, digits and those separators) is dropped with
///   a warning. The press's duration is not kept: the app documents it as how long the icon was held,
///   not as the length of what was annotated.
/// - A row that repeats the previous one byte for byte is dropped with a warning (the app's own
///   README warns of duplicated entries); a repeated time with other values is an error.
/// - Refused: a recording without `Metadata.csv` or its `platform` (the signs depend on it), and one
///   recorded with "Standardise Units & Frames" on, whose frames the app does not document.
public enum SensorLoggerImporter {
    /// The sensor files read, when present.
    public static let sensorFiles = [
        "AccelerometerUncalibrated.csv", "TotalAcceleration.csv", "Accelerometer.csv", "Gravity.csv",
        "GyroscopeUncalibrated.csv", "Gyroscope.csv", "MagnetometerUncalibrated.csv", "Magnetometer.csv",
        "Barometer.csv", "Orientation.csv",
    ]

    /// Largest gap between an `Accelerometer.csv` sample and the `Gravity.csv` one it is added to.
    static let gravityGap = 0.05

    /// What `Metadata.csv` says.
    private struct Recording {
        var isIOS: Bool
        var device: String
        var appVersion: String
    }

    /// Imports the Sensor Logger folder or zip at `url`.
    public static func importRecording(at url: URL) throws -> ImportedTrace {
        let files = try RecordingFiles(at: url)
        guard files.contains("Metadata.csv") else {
            throw TraceError(
                path: files.path(of: "Metadata.csv"), line: 0,
                reason: "missing: a Sensor Logger recording has Metadata.csv, whose platform decides units and signs")
        }
        let recording = try readMetadata(files)
        var warnings = TraceWarnings()
        func vectors(_ name: String, _ sensor: SensorKind, _ convert: @escaping (Vector3) -> Vector3 = { $0 }) throws -> [SensorSample]? {
            guard files.contains(name) else { return nil }
            var samples: [SensorSample] = []
            try read(files, name, warnings: &warnings) { header in
                let xyz = try axes(header, name)
                return { scanner, time in samples.append(try scanner.sample(sensor, time: time, convert(try xyz.read(scanner)))) }
            }
            return samples
        }
        let toCoreMotion: (Vector3) -> Vector3 = {
            FrameAlignment.coreMotionAcceleration(fromSpecificForce: $0, unitsPerG: FrameAlignment.standardGravity)
        }
        var notes: [String] = []
        var samples: [SensorKind: [SensorSample]] = [:]
        if recording.isIOS, let raw = try vectors("AccelerometerUncalibrated.csv", .accelerometer) {
            samples[.accelerometer] = raw
            notes.append("accelerometer: AccelerometerUncalibrated.csv, Core Motion's raw reading in g, kept as is")
        } else if !recording.isIOS, let name = ["TotalAcceleration.csv", "AccelerometerUncalibrated.csv"].first(where: files.contains) {
            samples[.accelerometer] = try vectors(name, .accelerometer, toCoreMotion)
            notes.append("accelerometer: \(name), Android's specific force in m/s², as -a / 9.80665")
        } else if files.contains("Accelerometer.csv") {
            samples[.accelerometer] = try reconstruct(files, isIOS: recording.isIOS, warnings: &warnings)
            notes.append(
                recording.isIOS
                    ? "accelerometer: (Accelerometer.csv + Gravity.csv) / 9.80665, Core Motion's userAcceleration + gravity"
                    : "accelerometer: -(Accelerometer.csv + Gravity.csv) / 9.80665, Android's linear acceleration + gravity")
        }
        if let raw = try vectors("GyroscopeUncalibrated.csv", .gyroscope) {
            samples[.gyroscope] = raw
        } else if let calibrated = try vectors("Gyroscope.csv", .gyroscope) {
            samples[.gyroscope] = calibrated
            notes.append("gyroscope: Gyroscope.csv, calibrated by the system (the raw one, GyroscopeUncalibrated.csv, was not recorded)")
        }
        samples[.magnetometer] = try vectors("MagnetometerUncalibrated.csv", .magnetometer)
        let calibrated = try vectors("Magnetometer.csv", .magnetometer) ?? []
        var estimates: [RecordedEstimate] = []
        if files.contains("Barometer.csv") {
            let (pressure, altitude) = try readBarometer(files, warnings: &warnings)
            samples[.barometer] = pressure
            if !altitude.isEmpty {
                estimates.append(
                    RecordedEstimate(
                        id: "sensorlogger-relative-altitude",
                        label: "the system's barometric altitude in metres since the start, as Sensor Logger recorded it; a competitor, not truth",
                        samples: altitude
                    ))
            }
        }
        if files.contains("Orientation.csv") {
            let frame =
                recording.isIOS
                ? "device to x true north, z up (North-West-Up with true north), per the app's coordinates page"
                : "device to the app's x-north, z-up frame with magnetic north; the app documents Android's yaw as turning the other way, so this frame is not verified"
            estimates.append(
                RecordedEstimate(
                    id: "sensorlogger-orientation", label: "the system's attitude as Sensor Logger recorded it: \(frame); a competitor, not truth",
                    samples: try readOrientation(files, warnings: &warnings)
                ))
        }
        let events = files.contains("Annotation.csv") ? try readAnnotations(files, warnings: &warnings) : []
        if !events.isEmpty { notes.append("events: Annotation.csv, each annotation an instant labelled by its text (see SensorLoggerImporter)") }
        guard samples.values.contains(where: { !$0.isEmpty }) || !calibrated.isEmpty else {
            throw TraceError(
                path: files.path, line: 0, reason: "no sensor files: a Sensor Logger recording has some of \(sensorFiles.joined(separator: ", "))")
        }
        notes.append(
            "sampling: as fast as the phone delivers (the app's SAMPLING page: about 100 Hz on iPhones, 60-500 Hz on Android, barometer 1 Hz on iPhones); rates are measured, not nominal"
        )
        let metadata = TraceMetadata(
            name: url.deletingPathExtension().lastPathComponent, dataset: "sensor-logger",
            device: recording.device + (recording.appVersion.isEmpty ? "" : ", Sensor Logger \(recording.appVersion)"),
            clock: "Unix time in seconds (Sensor Logger's time column, nanoseconds / 1e9)", notes: notes
        )
        let trace = Trace(metadata: metadata, samples: samples, calibratedMagnetometer: calibrated, estimates: estimates, events: events)
        return ImportedTrace(trace: trace, warnings: warnings.all + UnitCheck.warnings(for: trace, path: files.path))
    }

    /// `Metadata.csv`: a header and one row; `platform` is required.
    private static func readMetadata(_ files: RecordingFiles) throws -> Recording {
        let scanner = try files.scanner("Metadata.csv")
        let header = try CSVHeader(scanner)
        let platform = try header.require("platform", "it says whether the recording is from iOS or Android")
        guard try scanner.next() else { throw scanner.error("no row after the header") }
        try scanner.expectFields(header.names.count)
        func text(_ name: String) throws -> String { try header.index(of: name).map { try scanner.string($0) } ?? "" }
        let isIOS: Bool
        switch try scanner.string(platform).lowercased() {
        case "ios": isIOS = true
        case "android": isIOS = false
        case let other: throw scanner.error("platform is '\(other.prefix(80))', not ios or android")
        }
        if try text("standardisation").lowercased() == "true" {
            throw scanner.error(
                "recorded with Standardise Units & Frames on, whose frames the app does not document: record with it off (the default)")
        }
        let device = try text("device name")
        return Recording(isIOS: isIOS, device: device.isEmpty ? (isIOS ? "iPhone" : "Android phone") : device, appVersion: try text("appVersion"))
    }

    /// Reads file `name` row by row: `columns` looks up the header's columns and returns what to do
    /// with each row, given its time in seconds. Times must increase; exact repeats are dropped.
    private static func read(
        _ files: RecordingFiles, _ name: String, warnings: inout TraceWarnings,
        columns: (CSVHeader) throws -> (CSVScanner, Double) throws -> Void
    ) throws {
        let scanner = try files.scanner(name)
        let header = try CSVHeader(scanner)
        let timeColumn = try header.require("time", "every Sensor Logger file starts with it")
        let row = try columns(header)
        var previous: Double?
        var previousLine: [UInt8] = []
        var rows = 0
        while try scanner.next() {
            try scanner.expectFields(header.names.count)
            let time = Double(try scanner.integer(timeColumn, "time")) / 1e9
            if time == previous, scanner.lineBytes.elementsEqual(previousLine) {
                warnings.add(path: scanner.path, line: scanner.line, reason: "row repeats the previous row exactly; dropped")
                continue
            }
            try scanner.expectIncreasing(time, after: previous, stream: name)
            previous = time
            previousLine.removeAll(keepingCapacity: true)
            previousLine.append(contentsOf: scanner.lineBytes)
            try row(scanner, time)
            rows += 1
        }
        guard rows > 0 else { throw TraceError(path: scanner.path, line: scanner.line + 1, reason: "no samples after the header") }
    }

    /// The `x`, `y`, `z` columns of file `name`.
    private static func axes(_ header: CSVHeader, _ name: String) throws -> CSVHeader.Vector {
        guard let xyz = try header.vector(["x", "y", "z"], "\(name) has x, y and z") else {
            throw TraceError(path: header.path, line: header.line, reason: "missing columns x, y, z: \(name) has them")
        }
        return xyz
    }

    /// `Accelerometer.csv` plus the nearest `Gravity.csv` sample, as Core Motion's raw reading.
    private static func reconstruct(_ files: RecordingFiles, isIOS: Bool, warnings: inout TraceWarnings) throws -> [SensorSample] {
        guard files.contains("Gravity.csv") else {
            throw TraceError(
                path: files.path(of: "Gravity.csv"), line: 0,
                reason: "missing: Accelerometer.csv excludes gravity, and Gravity.csv is needed to add it back")
        }
        var gravity: [SensorSample] = []
        try read(files, "Gravity.csv", warnings: &warnings) { header in
            let xyz = try axes(header, "Gravity.csv")
            return { scanner, time in
                // Kept in the file's m/s², and checked as the accelerometer's reading in g it adds to.
                let value = try xyz.read(scanner)
                if let reason = SensorKind.accelerometer.refusal(of: value / FrameAlignment.standardGravity) { throw scanner.error(reason) }
                gravity.append(SensorSample(sensor: .accelerometer, time: time, value: value))
            }
        }
        var samples: [SensorSample] = []
        var cursor = 0
        try read(files, "Accelerometer.csv", warnings: &warnings) { header in
            let xyz = try axes(header, "Accelerometer.csv")
            return { scanner, time in
                while cursor + 1 < gravity.count, abs(gravity[cursor + 1].time - time) <= abs(gravity[cursor].time - time) { cursor += 1 }
                guard abs(gravity[cursor].time - time) <= gravityGap else {
                    throw scanner.error("no Gravity.csv sample within \(Int(gravityGap * 1000)) ms of time \(time), to add gravity back")
                }
                let sum = try xyz.read(scanner) + gravity[cursor].value
                let value =
                    isIOS
                    ? sum / FrameAlignment.standardGravity
                    : FrameAlignment.coreMotionAcceleration(fromSpecificForce: sum, unitsPerG: FrameAlignment.standardGravity)
                samples.append(try scanner.sample(.accelerometer, time: time, value))
            }
        }
        return samples
    }

    /// `Barometer.csv`: pressure in kPa, and the relative altitude when the file has it.
    private static func readBarometer(_ files: RecordingFiles, warnings: inout TraceWarnings) throws -> ([SensorSample], [GroundTruth]) {
        var pressure: [SensorSample] = []
        var altitude: [GroundTruth] = []
        try read(files, "Barometer.csv", warnings: &warnings) { header in
            let millibars = try header.require("pressure", "Barometer.csv has it, in mbar")
            let relative = header.index(of: "relativeAltitude")
            return { scanner, time in
                pressure.append(try scanner.sample(.barometer, time: time, Vector3(try scanner.double(millibars, "pressure") / 10, 0, 0)))
                if let relative { altitude.append(GroundTruth(time: time, altitude: try scanner.double(relative, "relativeAltitude"))) }
            }
        }
        return (pressure, altitude)
    }

    /// `Annotation.csv`: an instant per annotation, labelled by its text (see the type's notes).
    private static func readAnnotations(_ files: RecordingFiles, warnings: inout TraceWarnings) throws -> [LabelledEvent] {
        let scanner = try files.scanner("Annotation.csv")
        let header = try CSVHeader(scanner)
        let timeColumn = try header.require("time", "every Sensor Logger file starts with it")
        let textColumn = try header.require("text", "Annotation.csv has the annotation's text")
        var events: [LabelledEvent] = []
        while try scanner.next() {
            // A comma in the text splits it: the fields beyond the header's count belong to it, and
            // the columns after it move along by as many.
            let extra = scanner.fieldCount - header.names.count
            guard extra >= 0, scanner.fieldCount <= CSVScanner.maximumFields else {
                try scanner.expectFields(header.names.count)
                continue
            }
            let time = Double(try scanner.integer(timeColumn > textColumn ? timeColumn + extra : timeColumn, "time")) / 1e9
            let text = CSVHeader.unquoted(try scanner.text(fields: textColumn...(textColumn + extra)))
            guard let label = annotationLabel(text) else {
                warnings.add(
                    path: scanner.path, line: scanner.line,
                    reason: "annotation '\(text.prefix(80))' does not make a label (ASCII letters and digits, spaces, punctuation); dropped")
                continue
            }
            events.append(LabelledEvent(label, at: time))
        }
        return events
    }

    /// An annotation's text as a label: lower-cased, each run of white space and ASCII punctuation one
    /// hyphen, none at either end; `annotation` for blank text; nil when anything else (an accented
    /// letter, an emoji) is left.
    static func annotationLabel(_ text: String) -> String? {
        let words = text.lowercased().split { $0.isWhitespace || ($0.isASCII && $0.isPunctuation) || ($0.isASCII && $0.isSymbol) }
        let label = words.isEmpty ? "annotation" : words.joined(separator: "-")
        return LabelledEvent.isValidLabel(label) ? label : nil
    }

    /// `Orientation.csv`: the quaternion, scalar first, as recorded.
    private static func readOrientation(_ files: RecordingFiles, warnings: inout TraceWarnings) throws -> [GroundTruth] {
        var samples: [GroundTruth] = []
        try read(files, "Orientation.csv", warnings: &warnings) { header in
            let names = ["qw", "qx", "qy", "qz"]
            guard let columns = try header.quaternion(names, "Orientation.csv has qx, qy, qz and qw") else {
                throw TraceError(path: header.path, line: header.line, reason: "missing columns qx, qy, qz, qw: Orientation.csv has them")
            }
            let angles = ["roll", "pitch", "yaw"].compactMap { name in header.index(of: name).map { (name, $0) } }
            return { scanner, time in
                let attitude = try scanner.unitQuaternion(columns: columns, names)
                for (name, column) in angles { _ = try scanner.double(column, name) }
                samples.append(GroundTruth(time: time, attitude: attitude))
            }
        }
        return samples
    }
}

import Foundation
import MotionMath

/// Imports a phyphox export (the RWTH Aachen physics app, iOS and Android): the folder or zip that
/// "Export data → CSV (Comma, decimal point)" writes, or its `Raw Data.csv` alone
/// (traces/own-recordings/phyphox).
///
/// What the export has: `Raw Data.csv`, a header of quoted names with units, `"Time (s)"` first
/// (seconds since the experiment started), then the experiment's sensor columns; `meta/device.csv`
/// (`property,value` rows: the phone's model, phyphox's version…) and `meta/time.csv` (`event`,
/// `experiment time`, `system time` in Unix seconds, `system time text`: when it started and paused).
///
/// The conversion, and why (phyphox reports in Android's conventions on both platforms: device axes
/// x right, y up the screen, z out of it, and acceleration as specific force, +9.81 on the axis
/// pointing up):
/// - `Acceleration x/y/z (m/s^2)` (with g): `−a / 9.80665`, Core Motion's g and sign.
/// - `Gyroscope x/y/z (rad/s)`: kept as is.
/// - `Magnetic field x/y/z (µT)`: kept as is, as the magnetometer stream.
/// - `Pressure (hPa)`: `/ 10`, kPa.
/// - the `Absolute …` columns (magnitudes phyphox derives) are checked to be numbers and not kept.
/// - refused, each with a message saying what to do instead: `Linear Acceleration` (gravity
///   excluded, and no gravity recorded to add back), any other column, and the other CSV formats
///   (semicolon or tab separated, some with decimal commas).
/// - a row whose sensor columns are all empty for one sensor has no reading of it; times must increase.
public enum PhyphoxImporter {
    /// The sensor columns read, by sensor: x, y, z names (the barometer's one name).
    static let vectorColumns: [(SensorKind, [String])] = [
        (.accelerometer, ["Acceleration x (m/s^2)", "Acceleration y (m/s^2)", "Acceleration z (m/s^2)"]),
        (.gyroscope, ["Gyroscope x (rad/s)", "Gyroscope y (rad/s)", "Gyroscope z (rad/s)"]),
        (.magnetometer, ["Magnetic field x (µT)", "Magnetic field y (µT)", "Magnetic field z (µT)"]),
    ]

    /// Magnitudes phyphox adds next to a sensor's axes, which the import checks but does not keep.
    static let derivedColumns = ["Absolute acceleration (m/s^2)", "Absolute (rad/s)", "Absolute field (µT)"]

    /// Imports the phyphox folder, zip, or `Raw Data.csv` at `url`.
    public static func importExport(at url: URL) throws -> ImportedTrace {
        let name: String
        let scanner: CSVScanner
        var device = "phone (phyphox)"
        var notes: [String] = []
        if RecordingFiles.isRecording(at: url) {
            let files = try RecordingFiles(at: url)
            guard files.contains("Raw Data.csv") else {
                throw TraceError(path: files.path(of: "Raw Data.csv"), line: 0, reason: "missing: a phyphox export has Raw Data.csv")
            }
            if files.contains("meta/device.csv") { device = try readDevice(files) }
            if files.contains("meta/time.csv") { notes += try readTime(files) }
            name = url.deletingPathExtension().lastPathComponent
            scanner = try files.scanner("Raw Data.csv")
        } else {
            name = url.deletingLastPathComponent().lastPathComponent
            scanner = try CSVScanner(path: url.path)
        }
        let header = try CSVHeader(scanner)
        if header.names.count == 1, header.names[0].contains(";") || header.names[0].contains("\t") {
            throw TraceError(
                path: scanner.path, line: header.line,
                reason:
                    "separated by semicolons or tabs (phyphox's other CSV formats, some with decimal commas): export again as CSV (Comma, decimal point)"
            )
        }
        let time = try header.require("Time (s)", "phyphox's Raw Data.csv starts with it")
        for column in header.names
        where column != "Time (s)" && !derivedColumns.contains(column) && !vectorColumns.contains(where: { $0.1.contains(column) })
            && column != "Pressure (hPa)"
        {
            if column.hasPrefix("Linear Acceleration") {
                throw TraceError(
                    path: scanner.path, line: header.line,
                    reason: "'\(column)' excludes gravity, and phyphox records none to add back: record the experiment Acceleration (with g)")
            }
            throw TraceError(
                path: scanner.path, line: header.line,
                reason: "column '\(column.prefix(80))' is none phyphox's accelerometer, gyroscope, magnetometer or pressure experiments write")
        }
        let vectors = try vectorColumns.compactMap { sensor, names in try header.vector(names, "phyphox writes all three axes").map { (sensor, $0) } }
        let pressure = header.index(of: "Pressure (hPa)")
        let derived = derivedColumns.compactMap { name in header.index(of: name).map { (name, $0) } }
        guard !vectors.isEmpty || pressure != nil else {
            throw TraceError(
                path: scanner.path, line: header.line,
                reason: "no sensor columns: phyphox's Acceleration (with g), Gyroscope, Magnetometer or Pressure experiments write them")
        }
        var samples: [SensorKind: [SensorSample]] = [:]
        var previous: Double?
        while try scanner.next() {
            try scanner.expectFields(header.names.count)
            let seconds = try scanner.double(time, "Time (s)")
            try scanner.expectIncreasing(seconds, after: previous, stream: "Time (s)")
            previous = seconds
            for (sensor, columns) in vectors where try !columns.isAbsent(scanner) {
                let value = try columns.read(scanner)
                samples[sensor, default: []].append(
                    try scanner.sample(
                        sensor, time: seconds,
                        sensor == .accelerometer
                            ? FrameAlignment.coreMotionAcceleration(fromSpecificForce: value, unitsPerG: FrameAlignment.standardGravity) : value
                    ))
            }
            if let pressure, let hectopascals = try scanner.optionalDouble(pressure, "Pressure (hPa)") {
                samples[.barometer, default: []].append(try scanner.sample(.barometer, time: seconds, Vector3(hectopascals / 10, 0, 0)))
            }
            for (name, column) in derived { _ = try scanner.optionalDouble(column, name) }
        }
        guard !samples.isEmpty else {
            throw TraceError(
                path: scanner.path, line: scanner.line + 1,
                reason: previous == nil ? "no samples after the header" : "no sensor readings: the sensor columns of every row are empty"
            )
        }
        let metadata = TraceMetadata(
            name: name, dataset: "phyphox", device: device, clock: "seconds since the phyphox experiment started (Time (s))",
            notes: notes
                + (samples[.accelerometer] == nil
                    ? [] : ["accelerometer: phyphox's specific force (Android's sign on both platforms) as -a / 9.80665"])
        )
        let trace = Trace(metadata: metadata, samples: samples)
        return ImportedTrace(trace: trace, warnings: UnitCheck.warnings(for: trace, path: scanner.path))
    }

    /// `meta/device.csv`: the phone's manufacturer and model and phyphox's version, as far as given.
    private static func readDevice(_ files: RecordingFiles) throws -> String {
        let scanner = try files.scanner("meta/device.csv")
        let header = try CSVHeader(scanner)
        guard header.names.first == "property", header.names.count == 2, header.names[1] == "value" else {
            throw TraceError(path: scanner.path, line: header.line, reason: "expected the header 'property,value'")
        }
        var properties: [String: String] = [:]
        while try scanner.next() {
            guard scanner.fieldCount >= 2 else { throw scanner.error("expected a property and its value") }
            properties[CSVHeader.unquoted(try scanner.string(0))] = CSVHeader.unquoted(try scanner.rest(from: 1))
        }
        let model = [properties["deviceManufacturer"], properties["deviceModel"]].compactMap { $0 }.filter { !$0.isEmpty }
        let version = properties["phyphoxVersion"].map { ", phyphox \($0)" } ?? ""
        return (model.isEmpty ? "phone" : model.joined(separator: " ")) + version
    }

    /// `meta/time.csv`: a note per event (START, PAUSE) saying when it happened on both clocks.
    private static func readTime(_ files: RecordingFiles) throws -> [String] {
        let scanner = try files.scanner("meta/time.csv")
        let header = try CSVHeader(scanner)
        let columns = try ["event", "experiment time", "system time"].map { try header.require($0, "phyphox's meta/time.csv has it") }
        var notes: [String] = []
        while try scanner.next() {
            try scanner.expectFields(header.names.count)
            let event = CSVHeader.unquoted(try scanner.string(columns[0]))
            let experiment = try scanner.double(columns[1], "experiment time")
            let system = try scanner.double(columns[2], "system time")
            notes.append("\(event.prefix(40)) at experiment time \(experiment) s, Unix time \(system) s")
        }
        return notes
    }
}

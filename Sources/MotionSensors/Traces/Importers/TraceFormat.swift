import Foundation

/// The trace formats motionbench reads, and how it tells them apart.
public enum TraceFormat: String, CaseIterable, Sendable {
    /// motionbench's own CSV (`TraceReader`, `TraceWriter`).
    case canonical
    /// A tyrex iPhone trial folder (`TyrexImporter`).
    case tyrex
    /// An Oxford Step Counter CSV (`OxfordImporter`).
    case oxford
    /// A BROAD trial CSV (`BroadImporter`).
    case broad
    /// x-io Fusion's `sensor_data.csv` (`XioImporter`).
    case xio
    /// A Sensor Logger export folder or zip (`SensorLoggerImporter`).
    case sensorLogger = "sensor-logger"
    /// A phyphox export folder or zip, or its `Raw Data.csv` (`PhyphoxImporter`).
    case phyphox
    /// A SensorLog CSV (`SensorLogImporter`).
    case sensorLog = "sensorlog"

    /// The format of the file or folder at `url`: a folder with `trial.json` is a tyrex trial; a
    /// folder or zip with `Raw Data.csv` is phyphox's, one with `Metadata.csv` or a Sensor Logger
    /// sensor file Sensor Logger's; a file is known by its first line (the canonical signature,
    /// BROAD's, x-io's, phyphox's or SensorLog's header, or seven numbers with no header for
    /// Oxford). Anything else is an error naming line 1 (line 0 for a folder or zip).
    public static func detect(at url: URL) throws -> TraceFormat {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw TraceError(path: url.path, line: 0, reason: "no such file or folder")
        }
        if isFolder.boolValue, FileManager.default.fileExists(atPath: url.appendingPathComponent("trial.json").path) { return .tyrex }
        if RecordingFiles.isRecording(at: url) {
            let files = try RecordingFiles(at: url)
            if files.contains("Raw Data.csv") { return .phyphox }
            if (["Metadata.csv"] + SensorLoggerImporter.sensorFiles).contains(where: files.contains) { return .sensorLogger }
            throw TraceError(
                path: url.path, line: 0,
                reason:
                    "a \(isFolder.boolValue ? "folder" : "zip"), but not a recording (no trial.json for tyrex, Raw Data.csv for phyphox, Metadata.csv for Sensor Logger)"
            )
        }
        let scanner = try CSVScanner(path: url.path)
        guard try scanner.next() else { throw scanner.error("empty file") }
        if scanner.fieldEquals(0, "motionbench-trace") { return .canonical }
        if scanner.fieldEquals(0, "Time (s)") { return .xio }
        if scanner.lineBytes.starts(with: "\"Time (s)\"".utf8) { return .phyphox }
        if scanner.lineBytes.starts(with: SensorLogImporter.firstColumn.utf8) { return .sensorLog }
        if scanner.fieldEquals(0, "time"), scanner.fieldCount > 1, scanner.fieldEquals(1, "seconds_elapsed") {
            throw scanner.error("one file of a Sensor Logger recording: import its folder or zip, which has Metadata.csv")
        }
        if scanner.fieldEquals(0, "t_s"), scanner.fieldCount > 1, scanner.fieldEquals(1, "gyr_x_rad_s") { return .broad }
        if scanner.fieldEquals(0, "timestamp_s") {
            throw scanner.error("one file of a tyrex trial: import its folder, which has trial.json")
        }
        if scanner.fieldCount == 7, (try? scanner.integer(0, "timestamp")) != nil { return .oxford }
        throw scanner.error("unrecognised trace format (known: \(allCases.map(\.rawValue).joined(separator: ", ")))")
    }
}

/// Imports the trace at `url` in whichever format it is (or `format`, when given), converted to Core
/// Motion's units and axes, with any warnings about it.
public func importTrace(at url: URL, format: TraceFormat? = nil) throws -> ImportedTrace {
    switch try format ?? TraceFormat.detect(at: url) {
    case .canonical: try TraceReader.read(at: url)
    case .tyrex: try TyrexImporter.importTrial(at: url)
    case .oxford: try OxfordImporter.importFile(at: url)
    case .broad: try BroadImporter.importFile(at: url)
    case .xio: try XioImporter.importFile(at: url)
    case .sensorLogger: try SensorLoggerImporter.importRecording(at: url)
    case .phyphox: try PhyphoxImporter.importExport(at: url)
    case .sensorLog: try SensorLogImporter.importFile(at: url)
    }
}

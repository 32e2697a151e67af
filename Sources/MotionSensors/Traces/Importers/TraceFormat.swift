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

    /// The format of the file or folder at `url`: a folder with `trial.json` is a tyrex trial; a
    /// file is known by its first line (the canonical signature, BROAD's or x-io's header, or seven
    /// numbers with no header for Oxford). Anything else is an error naming line 1.
    public static func detect(at url: URL) throws -> TraceFormat {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw TraceError(path: url.path, line: 0, reason: "no such file or folder")
        }
        if isFolder.boolValue {
            guard FileManager.default.fileExists(atPath: url.appendingPathComponent("trial.json").path) else {
                throw TraceError(path: url.path, line: 0, reason: "a folder, but not a tyrex trial folder (no trial.json)")
            }
            return .tyrex
        }
        let scanner = try CSVScanner(path: url.path)
        guard try scanner.next() else { throw scanner.error("empty file") }
        if scanner.fieldEquals(0, "motionbench-trace") { return .canonical }
        if scanner.fieldEquals(0, "Time (s)") { return .xio }
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
    }
}

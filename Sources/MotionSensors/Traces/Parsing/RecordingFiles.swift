import Foundation

/// The files of a recording that a phone app exports as a folder of CSVs or as a zip of them (Sensor
/// Logger, phyphox), read the same way either way.
///
/// Files are named relative to the folder or the archive's root (`meta/device.csv`). Messages name a
/// folder's file by its path and an archive's by `ARCHIVE/NAME`.
struct RecordingFiles {
    /// The folder or archive as given.
    let path: String
    private let archive: ZipArchive?

    /// The folder at `url`, or the zip file there.
    init(at url: URL) throws {
        path = url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw TraceError(path: path, line: 0, reason: "no such file or folder")
        }
        archive = isFolder.boolValue ? nil : try ZipArchive(path: path)
    }

    /// True when `url` is a folder, or a file that starts like a zip.
    static func isRecording(at url: URL) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return false }
        return isFolder.boolValue || ZipArchive.looksLikeZip(atPath: url.path)
    }

    /// True when the recording has file `name`.
    func contains(_ name: String) -> Bool {
        if let archive { return archive.names.contains(name) }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path(of: name), isDirectory: &isFolder) && !isFolder.boolValue
    }

    /// The path messages use for file `name`.
    func path(of name: String) -> String {
        archive?.path(of: name) ?? URL(fileURLWithPath: path).appendingPathComponent(name).path
    }

    /// A scanner over file `name`, which must exist.
    func scanner(_ name: String) throws -> CSVScanner {
        guard let archive else { return try CSVScanner(path: path(of: name)) }
        return CSVScanner(path: archive.path(of: name), entry: try archive.checkedReader(of: name))
    }
}

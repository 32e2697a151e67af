import Foundation

/// Writes files so a reader never sees half of one: the bytes go to a hidden temporary file in the
/// same folder, which is renamed over the target only once complete. A failure removes the temporary.
public enum AtomicFile {
    /// Writes `data` to `url` atomically.
    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            try data.write(to: temporary, options: [.withoutOverwriting])
            guard rename(temporary.path, url.path) == 0 else {
                throw OutputError(path: url.path, reason: String(cString: strerror(errno)))
            }
        } catch let error as OutputError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw OutputError(path: url.path, reason: Self.reason(error))
        }
    }

    /// Writes `text` as UTF-8 to `url` atomically.
    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    /// Creates `folder` (and its parents) if needed and proves a file can be written there, so a run
    /// fails on an unwritable folder before it spends minutes measuring.
    public static func prepareFolder(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: folder.path, reason: "cannot create folder: \(Self.reason(error))")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw OutputError(path: folder.path, reason: "not a folder")
        }
        let probe = folder.appendingPathComponent(".motionbench-write-check.\(getpid())")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else {
            throw OutputError(path: folder.path, reason: "folder is not writable")
        }
        try? FileManager.default.removeItem(at: probe)
        removeOrphanedTemporaries(in: folder)
    }

    /// Removes the temporaries of writers that died mid-write (`kill -9`, a crash): hidden files named
    /// `.NAME.PID.tmp` whose process is gone. A live writer's, another run's in the same folder, stay.
    static func removeOrphanedTemporaries(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            guard let pid = name.dropLast(4).split(separator: ".").last.flatMap({ pid_t($0) }), pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

/// An output file or folder that could not be written.
public struct OutputError: Error, CustomStringConvertible {
    /// The file or folder.
    public var path: String
    /// Why.
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

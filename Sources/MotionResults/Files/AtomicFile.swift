import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Writes files so a reader never sees half of one: the bytes go to a hidden temporary file in the
/// same folder, which is renamed over the target only once complete. A failure removes the temporary.
public enum AtomicFile {
    /// Writes `data` to `url` atomically; `durably`, the bytes and the rename reach the disk before
    /// it returns (`fsync`), so a power cut then cannot lose the file.
    public static func write(_ data: Data, to url: URL, durably: Bool = false) throws {
        try write([(url, data)], durably: durably)
    }

    /// Writes several files so that either all are replaced or, on a failure, none: every temporary is
    /// written before the first rename. (A crash between renames can still leave some replaced.) POSIX
    /// calls rather than Data.write: their errno names the cause (No space left on device, File too
    /// large) where Foundation's errors on Linux often do not.
    /// `durably`, as `write(_:to:durably:)`.
    public static func write(_ files: [(url: URL, data: Data)], durably: Bool = false) throws {
        var written: [(temporary: URL, url: URL)] = []
        defer { for file in written { unlink(file.temporary.path) } }
        for file in files {
            let temporary = temporaryURL(for: file.url)
            if let reason = writeNew(file.data, at: temporary.path, durably: durably) {
                unlink(temporary.path)
                throw OutputError(path: file.url.path, reason: reason)
            }
            written.append((temporary, file.url))
        }
        for file in written where rename(file.temporary.path, file.url.path) != 0 {
            throw OutputError(path: file.url.path, reason: String(cString: strerror(errno)))
        }
        if durably { for file in files { try flushFolder(of: file.url) } }
    }

    /// Flushes `file`'s bytes to the disk; 0, or -1 with errno set.
    static func flush(_ file: Int32) -> Int32 {
        #if os(Linux)
            fdatasync(file)
        #else
            fsync(file)
        #endif
    }

    /// Flushes the folder holding `url` to the disk, so a file just created or renamed there stays
    /// after a power cut.
    static func flushFolder(of url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let handle = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard handle >= 0, fsync(handle) == 0 else {
            let reason = String(cString: strerror(errno))
            if handle >= 0 { close(handle) }
            throw OutputError(path: folder.path, reason: "cannot flush the folder: \(reason)")
        }
        close(handle)
    }

    /// The hidden temporary `url` is written to before it is renamed into place.
    static func temporaryURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
    }

    /// Creates the file at `path` (which must not exist) holding `data`, flushed to the disk when
    /// `durably`; the cause of a failure, or nil.
    private static func writeNew(_ data: Data, at path: String, durably: Bool) -> String? {
        let file = createNew(path)
        guard file >= 0 else { return String(cString: strerror(errno)) }
        var failure = data.withUnsafeBytes { writeAll($0, to: file) }
        if failure == 0, durably, flush(file) != 0 { failure = errno }
        if close(file) != 0, failure == 0 { failure = errno }
        return failure == 0 ? nil : String(cString: strerror(failure))
    }

    /// Opens a new file at `path` for writing (it must not exist); the descriptor, or -1 with errno set.
    static func createNew(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    }

    /// Writes all of `bytes` to `file`, retrying short writes and interruptions; 0, or the errno.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to file: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(file, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }

    /// Writes `text` as UTF-8 to `url` atomically.
    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    /// Creates `folder` (and its parents) if needed and proves a file can be written there, so a run
    /// fails on an unwritable folder before it spends minutes measuring.
    public static func prepareFolder(_ folder: URL) throws {
        if let reason = createFolders(folder.path) { throw OutputError(path: folder.path, reason: "cannot create folder: \(reason)") }
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

    /// Creates `path` and its missing parents, as `mkdir -p`; the cause of a failure (Not a directory,
    /// Permission denied), or nil.
    private static func createFolders(_ path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component + "/"
            if mkdir(prefix, 0o755) != 0, errno != EEXIST { return String(cString: strerror(errno)) }
        }
        return nil
    }
}

/// An output file or folder that could not be written.
public struct OutputError: Error, CustomStringConvertible {
    /// The file or folder.
    public var path: String
    /// Why.
    public var reason: String
    public var description: String { "\(path): \(reason)" }

    /// An error naming `path` and why it failed.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

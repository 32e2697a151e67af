import Foundation

/// A file written piece by piece, as `AtomicFile` writes a whole one: the pieces go to a hidden
/// temporary (`.NAME.PID.tmp`) in the same folder, buffered, and only `commit` renames it over the
/// target, so a reader never sees half of it and a large file is never held in memory. A stream
/// that is not committed (an error, a stop) removes its temporary.
public final class AtomicStream {
    /// The file it becomes.
    public let url: URL
    private let temporary: URL
    private let handle: FileHandle
    private var buffer = Data()
    private var committed = false

    /// Bytes buffered before they are written out.
    private static let chunkSize = 1 << 16

    /// Starts `url`'s temporary; throws `OutputError` when it cannot be created.
    public init(url: URL) throws {
        self.url = url
        temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary.path)
        else {
            throw OutputError(path: url.path, reason: "cannot create \(temporary.lastPathComponent): \(String(cString: strerror(errno)))")
        }
        self.handle = handle
        buffer.reserveCapacity(Self.chunkSize)
    }

    deinit {
        try? handle.close()
        if !committed { try? FileManager.default.removeItem(at: temporary) }
    }

    /// Appends `text` as UTF-8.
    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Writes what is buffered and renames the temporary over `url`.
    public func commit() throws {
        try flush()
        try handle.close()
        guard rename(temporary.path, url.path) == 0 else {
            throw OutputError(path: url.path, reason: String(cString: strerror(errno)))
        }
        committed = true
    }

    private func flush() throws {
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw OutputError(path: url.path, reason: "cannot write: \(error.localizedDescription)")
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

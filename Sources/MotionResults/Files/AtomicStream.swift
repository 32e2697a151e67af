import Foundation

/// A file written piece by piece, as `AtomicFile` writes a whole one: the pieces go to a hidden
/// temporary (`.NAME.PID.tmp`) in the same folder, buffered, and only `commit` renames it over the
/// target, so a reader never sees half of it and a large file is never held in memory. A stream
/// that is not committed (an error, a stop) removes its temporary.
public final class AtomicStream {
    /// The file it becomes.
    public let url: URL
    private let temporary: URL
    private let file: Int32
    private var buffer = Data()
    private var closed = false
    private var committed = false

    /// Bytes buffered before they are written out.
    private static let chunkSize = 1 << 16

    /// Starts `url`'s temporary; throws `OutputError` when it cannot be created.
    public init(url: URL) throws {
        self.url = url
        temporary = AtomicFile.temporaryURL(for: url)
        file = AtomicFile.createNew(temporary.path)
        guard file >= 0 else {
            throw OutputError(path: url.path, reason: "cannot create \(temporary.lastPathComponent): \(String(cString: strerror(errno)))")
        }
        buffer.reserveCapacity(Self.chunkSize)
    }

    deinit {
        if !closed { close(file) }
        if !committed { unlink(temporary.path) }
    }

    /// Appends `text` as UTF-8.
    public func write<Text: StringProtocol>(_ text: Text) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Appends `data`.
    public func write(_ data: Data) throws {
        buffer.append(data)
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Writes what is buffered and renames the temporary over `url`.
    public func commit() throws {
        try flush()
        closed = true
        guard close(file) == 0 else { throw OutputError(path: url.path, reason: String(cString: strerror(errno))) }
        guard rename(temporary.path, url.path) == 0 else {
            throw OutputError(path: url.path, reason: String(cString: strerror(errno)))
        }
        committed = true
    }

    private func flush() throws {
        let failure = buffer.withUnsafeBytes { AtomicFile.writeAll($0, to: file) }
        guard failure == 0 else { throw OutputError(path: url.path, reason: String(cString: strerror(failure))) }
        buffer.removeAll(keepingCapacity: true)
    }
}

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// An open zip file that `ZipArchive` and its entries' readers read at given offsets, so none of it
/// is held in memory but what is being read. A class, because the descriptor must be closed once,
/// after the last reader is done with it.
final class ZipFile {
    /// Its size when opened, in bytes.
    let size: Int
    private let descriptor: Int32

    /// Opens the regular file at `path`; anything else is refused naming it.
    init(path: String) throws {
        func fail(_ reason: String) -> TraceError { TraceError(path: path, line: 0, reason: reason) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw fail("cannot open: \(String(cString: strerror(errno)))") }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw fail("not a regular file (a folder or a device?)")
        }
        self.descriptor = descriptor
        size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    /// `count` bytes from `offset`, which the caller has checked lie inside the file; `path` names
    /// what is being read, for the message when the file is shorter than it was.
    func read(at offset: Int, count: Int, for path: String) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBufferPointer { try read(at: offset, into: $0.baseAddress!, count: count, for: path) }
        return bytes
    }

    /// Fills `buffer` with `count` bytes from `offset`, as `read(at:count:for:)` does.
    func read(at offset: Int, into buffer: UnsafeMutablePointer<UInt8>, count: Int, for path: String) throws {
        var filled = 0
        while filled < count {
            let got = pread(descriptor, buffer + filled, count - filled, off_t(offset + filled))
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                throw TraceError(
                    path: path, line: 0,
                    reason: got == 0 ? "shorter than its size: changed while being read" : "read failed: \(String(cString: strerror(errno)))")
            }
            filled += got
        }
    }
}

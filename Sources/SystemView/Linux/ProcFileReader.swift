#if os(Linux)
    import Glibc

    /// Reads whole /proc files through descriptors kept open, into one buffer reused for every read.
    ///
    /// A /proc file regenerates its text on every read from offset 0, so `pread` on a kept descriptor
    /// costs less than open-read-close (one system call instead of three), and the buffer spares an
    /// allocation per file per snapshot.
    final class ProcFileReader {
        private var buffer: UnsafeMutableRawBufferPointer

        /// A reader whose buffer starts at `capacity` bytes and grows when a file does not fit.
        init(capacity: Int = 4096) {
            buffer = .allocate(byteCount: capacity, alignment: 1)
        }

        deinit { buffer.deallocate() }

        /// The file's whole text, valid until the next read. Throws `ProcessProbeError.systemCall` with the
        /// read's errno (ESRCH once the thread behind a task file has ended).
        func contents(of descriptor: Int32, path: @autoclosure () -> String) throws -> UnsafeRawBufferPointer {
            while true {
                let count = pread(descriptor, buffer.baseAddress, buffer.count, 0)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ProcessProbeError.systemCall("pread", path: path(), errno: errno)
                }
                // /proc's files fill a read as far as they can, so a short read holds the whole file.
                if count < buffer.count { return UnsafeRawBufferPointer(rebasing: buffer[0..<count]) }
                let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 1)
                buffer.deallocate()
                buffer = bigger
            }
        }
    }
#endif

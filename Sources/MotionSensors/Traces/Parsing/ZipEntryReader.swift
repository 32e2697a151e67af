import CZlib

/// One zip entry's uncompressed bytes, read from the file and inflated a chunk at a time: what
/// `CSVScanner` reads a zipped recording's file through, in constant memory however large the entry.
///
/// It yields at most the size the central directory declares and checks, at the end, that the
/// entry was exactly that long and that its CRC-32 matches; a problem is a `TraceError` naming the
/// entry as `ARCHIVE/ENTRY`, line 0. A class, because it owns zlib's stream and its buffer.
final class ZipEntryReader {
    /// Bytes read from the file at a time.
    static let chunkSize = 64 * 1024

    private let file: ZipFile
    private let path: String
    private let entry: ZipArchive.Entry
    /// Where the next compressed byte is in the file, and how many are left.
    private var nextInput: Int
    private var inputLeft: Int
    private var produced = 0
    private var crc = UInt32(crc32(0, nil, 0))
    private var isFinished = false
    /// zlib's state, at a fixed address because zlib keeps a pointer to it.
    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutablePointer<UInt8>

    /// A reader of `entry`, whose data starts at byte `dataStart` of `file`; `path` names it.
    init(file: ZipFile, path: String, entry: ZipArchive.Entry, dataStart: Int) throws {
        self.file = file
        self.path = path
        self.entry = entry
        nextInput = dataStart
        inputLeft = entry.compressedSize
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        if entry.method == 8, czlib_inflate_init_raw(stream) != Z_OK {
            stream.deallocate()
            throw TraceError(path: path, line: 0, reason: "corrupt zip entry: zlib could not start inflating")
        }
        self.stream = stream
        input = .allocate(capacity: Self.chunkSize)
    }

    deinit {
        if entry.method == 8 { inflateEnd(stream) }
        input.deallocate()
        stream.deallocate()
    }

    /// Fills up to `count` bytes of `buffer` with the next bytes of the entry; returns how many, 0 at
    /// its end (once the size and CRC-32 have been checked).
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws -> Int {
        guard !isFinished, count > 0 else { return 0 }
        let got = entry.method == 0 ? try copyStored(into: buffer, count: count) : try inflate(into: buffer, count: count)
        crc = UInt32(crc32(uLong(crc), buffer, uInt(got)))
        produced += got
        if got == 0 {
            isFinished = true
            guard crc == entry.crc else { throw fail("CRC-32 mismatch") }
        }
        return got
    }

    private func fail(_ reason: String) -> TraceError {
        TraceError(path: path, line: 0, reason: "corrupt zip entry: \(reason)")
    }

    /// A stored entry's next bytes, straight from the file.
    private func copyStored(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws -> Int {
        let taken = min(count, inputLeft)
        try file.read(at: nextInput, into: buffer, count: taken, for: path)
        nextInput += taken
        inputLeft -= taken
        return taken
    }

    /// The next inflated bytes; 0 once the deflate stream has ended exactly at the declared size.
    private func inflate(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws -> Int {
        let corrupt = fail("the deflate data is corrupt or not \(entry.size) bytes")
        while true {
            if stream.pointee.avail_in == 0, inputLeft > 0 {
                let taken = min(Self.chunkSize, inputLeft)
                try file.read(at: nextInput, into: input, count: taken, for: path)
                nextInput += taken
                inputLeft -= taken
                stream.pointee.next_in = input
                stream.pointee.avail_in = uInt(taken)
            }
            // One byte more than is still expected, so output past the declared size shows.
            let room = min(count, entry.size - produced + 1)
            stream.pointee.next_out = buffer
            stream.pointee.avail_out = uInt(room)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            let got = room - Int(stream.pointee.avail_out)
            guard produced + got <= entry.size else { throw corrupt }
            if status == Z_STREAM_END {
                guard produced + got == entry.size else { throw corrupt }
                return got
            }
            guard status == Z_OK else { throw corrupt }
            if got > 0 { return got }
        }
    }
}

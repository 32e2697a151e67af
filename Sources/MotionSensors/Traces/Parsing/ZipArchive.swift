#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import CZlib

/// The entries of a zip file, which phone apps export recordings as, read from its central directory.
///
/// Foundation on Linux has no zip reader, so this is a small one, for hostile input: the whole file is
/// read into memory (at most `maximumArchiveSize`), every offset and size is checked against it
/// before use, and an entry is inflated into a buffer that grows only as output arrives, never past
/// the size the directory declares (nor `maximumEntrySize`), so a zip bomb or a lying header costs
/// at most that. Only what recordings use is accepted: one disk, no zip64, no encryption, entries
/// stored or deflated, each checked against its CRC-32. Names are kept as the archive spells them,
/// but one that could point outside a folder (absolute, `..`, a backslash, a NUL) refuses the whole
/// archive, so no caller can be led to write through it. Every problem is one `TraceError` naming
/// the archive (line 0: a zip has no lines) or the entry, as `ARCHIVE/ENTRY`.
struct ZipArchive {
    /// Largest archive read, in bytes.
    static let maximumArchiveSize = 1 << 30
    /// Largest entry inflated, in bytes.
    static let maximumEntrySize = 512 << 20
    /// Most entries in the central directory.
    static let maximumEntries = 4096

    /// One file in the archive, as its central directory describes it.
    private struct Entry {
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var localHeader: Int
    }

    /// The archive as given, for messages.
    let path: String
    /// File names (not folders), in the central directory's order.
    let names: [String]
    private let bytes: [UInt8]
    private let entries: [String: Entry]

    /// True when the file at `path` starts like a zip (a local file header, or the end record of an
    /// empty archive); false for anything else, including a file that cannot be read.
    static func looksLikeZip(atPath path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var magic = [UInt8](repeating: 0, count: 4)
        guard read(descriptor, &magic, 4) == 4 else { return false }
        return magic == [0x50, 0x4B, 0x03, 0x04] || magic == [0x50, 0x4B, 0x05, 0x06]
    }

    /// Reads the archive at `path` and its central directory.
    init(path: String) throws {
        self.path = path
        bytes = try Self.readFile(path)
        func fail(_ reason: String) -> TraceError { TraceError(path: path, line: 0, reason: "not a usable zip: \(reason)") }
        // The end record: 22 bytes and a comment of up to 65535, so within the last 65557 bytes.
        let bytes = self.bytes
        guard bytes.count >= 22 else { throw fail("shorter than a zip's end record") }
        var endRecord: Int?
        var candidate = bytes.count - 22
        while candidate >= max(0, bytes.count - 22 - 65535) {
            if Self.uint32(bytes, candidate) == 0x0605_4B50, candidate + 22 + Int(Self.uint16(bytes, candidate + 20)) == bytes.count {
                endRecord = candidate
                break
            }
            candidate -= 1
        }
        guard let end = endRecord else { throw fail("no end of central directory record") }
        guard Self.uint16(bytes, end + 4) == 0, Self.uint16(bytes, end + 6) == 0 else { throw fail("split over several disks") }
        let count = Int(Self.uint16(bytes, end + 10))
        let directorySize = Int(Self.uint32(bytes, end + 12))
        let directoryStart = Int(Self.uint32(bytes, end + 16))
        guard count != 0xFFFF, directoryStart != 0xFFFF_FFFF else { throw fail("zip64, which recordings do not need") }
        guard count <= Self.maximumEntries else { throw fail("\(count) entries, more than \(Self.maximumEntries)") }
        guard directoryStart <= end, directorySize <= end - directoryStart else { throw fail("the central directory lies outside the file") }

        var names: [String] = []
        var entries: [String: Entry] = [:]
        var position = directoryStart
        for _ in 0..<count {
            guard end - position >= 46, Self.uint32(bytes, position) == 0x0201_4B50 else { throw fail("a central directory entry is cut short or corrupt") }
            let flags = Self.uint16(bytes, position + 8)
            let nameLength = Int(Self.uint16(bytes, position + 28))
            let skipped = nameLength + Int(Self.uint16(bytes, position + 30)) + Int(Self.uint16(bytes, position + 32))
            guard end - position - 46 >= skipped else { throw fail("a central directory entry is cut short") }
            guard let name = String(validating: bytes[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self) else {
                throw fail("an entry's name is not UTF-8")
            }
            guard Self.isSafe(name) else { throw fail("entry '\(name.prefix(200))' names a place outside the archive's folder") }
            let entry = Entry(
                method: Self.uint16(bytes, position + 10), crc: Self.uint32(bytes, position + 16),
                compressedSize: Int(Self.uint32(bytes, position + 20)), size: Int(Self.uint32(bytes, position + 24)),
                localHeader: Int(Self.uint32(bytes, position + 42))
            )
            position += 46 + skipped
            if name.hasSuffix("/") { continue }
            guard flags & 1 == 0 else { throw fail("entry '\(name)' is encrypted") }
            guard entry.method == 0 || entry.method == 8 else {
                throw fail("entry '\(name)' is compressed with method \(entry.method); only stored (0) and deflate (8) are read")
            }
            guard entries[name] == nil else { throw fail("entry '\(name)' appears twice") }
            names.append(name)
            entries[name] = entry
        }
        self.names = names
        self.entries = entries
    }

    /// The path messages use for entry `name`: `ARCHIVE/NAME`.
    func path(of name: String) -> String { path + "/" + name }

    /// The uncompressed bytes of entry `name`, which must be one of `names`.
    func contents(of name: String) throws -> [UInt8] {
        guard let entry = entries[name] else { throw TraceError(path: path(of: name), line: 0, reason: "missing from the archive") }
        func fail(_ reason: String) -> TraceError { TraceError(path: path(of: name), line: 0, reason: "corrupt zip entry: \(reason)") }
        let header = entry.localHeader
        guard header <= bytes.count - 30, Self.uint32(bytes, header) == 0x0403_4B50 else { throw fail("no local header where the directory says") }
        let start = header + 30 + Int(Self.uint16(bytes, header + 26)) + Int(Self.uint16(bytes, header + 28))
        guard start <= bytes.count, entry.compressedSize <= bytes.count - start else { throw fail("its data runs past the end of the file") }
        guard entry.size <= Self.maximumEntrySize else {
            throw fail("\(entry.size) bytes uncompressed, more than \(Self.maximumEntrySize)")
        }
        let data = bytes[start..<(start + entry.compressedSize)]
        let output: [UInt8]
        if entry.method == 0 {
            guard entry.compressedSize == entry.size else { throw fail("stored, but its two sizes differ") }
            output = Array(data)
        } else {
            guard let inflated = Self.inflate(data, size: entry.size) else { throw fail("the deflate data is corrupt or not \(entry.size) bytes") }
            output = inflated
        }
        let crc = output.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        guard crc == entry.crc else { throw fail("CRC-32 mismatch") }
        return output
    }

    /// Raw deflate `data` inflated, or nil unless it ends exactly at `size` bytes. The output grows
    /// 64 KiB at a time, so a header declaring a huge size costs nothing until data fills it.
    private static func inflate(_ data: ArraySlice<UInt8>, size: Int) -> [UInt8]? {
        var stream = z_stream()
        guard czlib_inflate_init_raw(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        return data.withUnsafeBufferPointer { input -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                // One byte more than is still expected, so output past the declared size shows.
                let room = min(chunk.count, size - output.count + 1)
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(room)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, room - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[..<produced])
                guard output.count <= size else { return nil }
                if status == Z_STREAM_END { return output.count == size ? output : nil }
                guard status == Z_OK else { return nil }
            }
        }
    }

    /// True for a relative name that stays inside the archive's folder.
    private static func isSafe(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("/") && !name.contains("\\") && !name.contains("\0")
            && !name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }

    /// The file's bytes, refused when it is not a regular file or is too large.
    private static func readFile(_ path: String) throws -> [UInt8] {
        func fail(_ reason: String) -> TraceError { TraceError(path: path, line: 0, reason: reason) }
        var status = stat()
        guard stat(path, &status) == 0 else { throw fail("cannot open: \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw fail("not a regular file (a folder or a device?)") }
        guard status.st_size <= maximumArchiveSize else { throw fail("\(status.st_size) bytes: larger than the \(maximumArchiveSize) a zip may have") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw fail("cannot open: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBufferPointer { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw fail(count == 0 ? "shorter than its size: changed while being read" : "read failed: \(String(cString: strerror(errno)))") }
            filled += count
        }
        return bytes
    }

    /// Little-endian integers at `offset`, which the caller has checked lies inside `bytes`.
    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(uint16(bytes, offset)) | UInt32(uint16(bytes, offset + 2)) << 16
    }
}

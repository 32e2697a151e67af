import CZlib

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The entries of a zip file, which phone apps export recordings as, read from its central directory.
///
/// Foundation on Linux has no zip reader, so this is a small one, for hostile input. Only the end
/// record and the central directory are read into memory; an entry is read from the file and
/// inflated a chunk at a time as its reader is asked for bytes (`ZipEntryReader`), never past the
/// size the directory declares (nor `maximumEntrySize`), so a zip bomb or a lying header costs a
/// few buffers, whatever it inflates to. Every offset and size is checked against the file before
/// use. Only what recordings use is accepted: one disk, no zip64, no encryption, entries stored or
/// deflated, each checked against its CRC-32. Names are kept as the archive spells them, but one
/// that could point outside a folder (absolute, `..`, a backslash, a NUL) refuses the whole
/// archive, so no caller can be led to write through it. Every problem is one `TraceError` naming
/// the archive (line 0: a zip has no lines) or the entry, as `ARCHIVE/ENTRY`.
struct ZipArchive {
    /// Largest entry inflated, in bytes.
    static let maximumEntrySize = 512 << 20
    /// Most entries in the central directory.
    static let maximumEntries = 4096
    /// Largest central directory read, in bytes: `maximumEntries` entries with names of a
    /// thousand bytes fit in it.
    static let maximumDirectorySize = 4 << 20

    /// One file in the archive, as its central directory describes it.
    struct Entry {
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
    private let file: ZipFile
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

    /// Opens the archive at `path` and reads its central directory.
    init(path: String) throws {
        self.path = path
        file = try ZipFile(path: path)
        func fail(_ reason: String) -> TraceError { TraceError(path: path, line: 0, reason: "not a usable zip: \(reason)") }
        // The end record: 22 bytes and a comment of up to 65535, so within the last 65557 bytes.
        let size = file.size
        guard size >= 22 else { throw fail("shorter than a zip's end record") }
        let tailStart = max(0, size - 22 - 65535)
        let tail = try file.read(at: tailStart, count: size - tailStart, for: path)
        var endRecord: Int?
        var candidate = tail.count - 22
        while candidate >= 0 {
            if Self.uint32(tail, candidate) == 0x0605_4B50, candidate + 22 + Int(Self.uint16(tail, candidate + 20)) == tail.count {
                endRecord = candidate
                break
            }
            candidate -= 1
        }
        guard let record = endRecord else { throw fail("no end of central directory record") }
        guard Self.uint16(tail, record + 4) == 0, Self.uint16(tail, record + 6) == 0 else { throw fail("split over several disks") }
        let count = Int(Self.uint16(tail, record + 10))
        let directorySize = Int(Self.uint32(tail, record + 12))
        let directoryStart = Int(Self.uint32(tail, record + 16))
        let end = tailStart + record
        guard count != 0xFFFF, directoryStart != 0xFFFF_FFFF else { throw fail("zip64, which recordings do not need") }
        guard count <= Self.maximumEntries else { throw fail("\(count) entries, more than \(Self.maximumEntries)") }
        guard directoryStart <= end, directorySize <= end - directoryStart else { throw fail("the central directory lies outside the file") }
        guard end - directoryStart <= Self.maximumDirectorySize else {
            throw fail("a central directory of \(end - directoryStart) bytes, more than \(Self.maximumDirectorySize)")
        }
        let directory = try file.read(at: directoryStart, count: end - directoryStart, for: path)

        var names: [String] = []
        var entries: [String: Entry] = [:]
        var position = 0
        for _ in 0..<count {
            guard directory.count - position >= 46, Self.uint32(directory, position) == 0x0201_4B50 else {
                throw fail("a central directory entry is cut short or corrupt")
            }
            let flags = Self.uint16(directory, position + 8)
            let nameLength = Int(Self.uint16(directory, position + 28))
            let skipped = nameLength + Int(Self.uint16(directory, position + 30)) + Int(Self.uint16(directory, position + 32))
            guard directory.count - position - 46 >= skipped else { throw fail("a central directory entry is cut short") }
            guard let name = String(validating: directory[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self) else {
                throw fail("an entry's name is not UTF-8")
            }
            guard Self.isSafe(name) else { throw fail("entry '\(name.prefix(200))' names a place outside the archive's folder") }
            let entry = Entry(
                method: Self.uint16(directory, position + 10), crc: Self.uint32(directory, position + 16),
                compressedSize: Int(Self.uint32(directory, position + 20)), size: Int(Self.uint32(directory, position + 24)),
                localHeader: Int(Self.uint32(directory, position + 42))
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

    /// A reader of entry `name`'s uncompressed bytes, which must be one of `names`, after the whole
    /// entry has been inflated once into nothing to check its size and CRC-32: so a corrupt entry is
    /// refused as such before anything reads a line of it, at the cost of inflating it twice.
    func checkedReader(of name: String) throws -> ZipEntryReader {
        let check = try reader(of: name)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: ZipEntryReader.chunkSize)
        defer { scratch.deallocate() }
        while try check.read(into: scratch, count: ZipEntryReader.chunkSize) > 0 {}
        return try reader(of: name)
    }

    /// A reader of entry `name`'s uncompressed bytes, which must be one of `names`.
    private func reader(of name: String) throws -> ZipEntryReader {
        guard let entry = entries[name] else { throw TraceError(path: path(of: name), line: 0, reason: "missing from the archive") }
        let entryPath = path(of: name)
        func fail(_ reason: String) -> TraceError { TraceError(path: entryPath, line: 0, reason: "corrupt zip entry: \(reason)") }
        let header = entry.localHeader
        guard header <= file.size - 30 else { throw fail("no local header where the directory says") }
        let local = try file.read(at: header, count: 30, for: entryPath)
        guard Self.uint32(local, 0) == 0x0403_4B50 else { throw fail("no local header where the directory says") }
        let start = header + 30 + Int(Self.uint16(local, 26)) + Int(Self.uint16(local, 28))
        guard start <= file.size, entry.compressedSize <= file.size - start else { throw fail("its data runs past the end of the file") }
        guard entry.size <= Self.maximumEntrySize else {
            throw fail("\(entry.size) bytes uncompressed, more than \(Self.maximumEntrySize)")
        }
        if entry.method == 0, entry.compressedSize != entry.size { throw fail("stored, but its two sizes differ") }
        return try ZipEntryReader(file: file, path: entryPath, entry: entry, dataStart: start)
    }

    /// True for a relative name that stays inside the archive's folder.
    private static func isSafe(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix("/") && !name.contains("\\") && !name.contains("\0")
            && !name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }

    /// Little-endian integers at `offset`, which the caller has checked lies inside `bytes`.
    static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(uint16(bytes, offset)) | UInt32(uint16(bytes, offset + 2)) << 16
    }
}

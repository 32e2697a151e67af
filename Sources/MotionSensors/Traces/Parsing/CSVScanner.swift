import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The one CSV reader every trace format uses: a byte scanner over the file (or over a zip entry as
/// it is inflated), a line at a time.
///
/// It reads the file in 1 MiB chunks into one buffer and hands out the current line's fields as
/// byte ranges, so parsing allocates nothing per line or per field. Lines are capped at
/// `maximumLineLength`: a longer one (a 1 GB line, a binary blob without newlines) is an error naming
/// its line, found after reading at most one chunk past the cap, never a 1 GB allocation. A NUL byte
/// anywhere marks the file as binary. Fields are split on commas with no quoting, because no format
/// motionbench reads quotes its fields; `\r\n` endings and a UTF-8 byte-order mark are accepted and
/// blank lines skipped.
///
/// A class, not a struct, because it owns a file descriptor and a buffer that must be released
/// exactly once; there is one per file read, never one per sample.
final class CSVScanner {
    /// Longest line accepted, in bytes, without its line ending.
    static let maximumLineLength = 64 * 1024
    /// Fields remembered per line; a longer row still counts its fields, for the error message.
    /// SensorLog's wide rows, every sensor of a tick side by side, have about a hundred.
    static let maximumFields = 256
    private static let chunkSize = 1 << 20

    /// The file as given, for error messages.
    let path: String
    /// 1-based number of the current line (0 before the first).
    private(set) var line = 0
    /// Fields on the current line.
    private(set) var fieldCount = 0
    /// True when the current line is the last one and the file does not end with a newline.
    private(set) var isUnterminated = false

    /// The open file, or −1 when reading `entry`.
    private let descriptor: Int32
    /// The zip entry read instead of a file.
    private let entry: ZipEntryReader?
    private let capacity = CSVScanner.chunkSize + CSVScanner.maximumLineLength + 1
    private let buffer: UnsafeMutablePointer<UInt8>
    /// Start of unread bytes, end of valid bytes in `buffer`.
    private var position = 0
    private var end = 0
    private var atEndOfFile = false
    /// Field `i` spans `fieldStarts[i] ..< fieldEnds[i]` in `buffer`.
    private let fieldStarts: UnsafeMutablePointer<Int>
    private let fieldEnds: UnsafeMutablePointer<Int>
    private var lineStart = 0
    private var lineEnd = 0

    /// Opens `path` for reading; a missing file, a folder or an unreadable file is an error here.
    init(path: String) throws {
        self.path = path
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw TraceError(path: path, line: 0, reason: "cannot open: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw TraceError(path: path, line: 0, reason: "not a regular file (a folder or a device?)")
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw TraceError(path: path, line: 0, reason: "cannot open: \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
        entry = nil
        buffer = .allocate(capacity: capacity)
        fieldStarts = .allocate(capacity: Self.maximumFields)
        fieldEnds = .allocate(capacity: Self.maximumFields)
    }

    /// Reads the zip entry `entry` as if it were the file at `path`, which messages name.
    init(path: String, entry: ZipEntryReader) {
        self.path = path
        descriptor = -1
        self.entry = entry
        buffer = .allocate(capacity: capacity)
        fieldStarts = .allocate(capacity: Self.maximumFields)
        fieldEnds = .allocate(capacity: Self.maximumFields)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        buffer.deallocate()
        fieldStarts.deallocate()
        fieldEnds.deallocate()
    }

    /// An error at the current line.
    func error(_ reason: String) -> TraceError {
        TraceError(path: path, line: max(line, 1), reason: reason)
    }

    /// Moves to the next non-blank line and splits it; false at the end of the file. A UTF-8
    /// byte-order mark starting the file (as spreadsheets save CSV) is skipped.
    func next() throws -> Bool {
        while true {
            guard case (var start, var length, let terminated)? = try nextLine() else { return false }
            line += 1
            if line == 1, length >= 3, buffer[start] == 0xEF, buffer[start + 1] == 0xBB, buffer[start + 2] == 0xBF {
                start += 3
                length -= 3
            }
            var stop = start + length
            if stop > start, buffer[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
            if stop == start { continue }
            guard stop - start <= Self.maximumLineLength else { throw error("line longer than \(Self.maximumLineLength) bytes") }
            if memchr(buffer + start, 0, stop - start) != nil {
                throw error("binary data (a NUL byte): not a CSV text file")
            }
            isUnterminated = !terminated
            lineStart = start
            lineEnd = stop
            split()
            return true
        }
    }

    /// Reads the first line and checks it is exactly `expected`, comma-separated.
    func expectHeader(_ expected: [String]) throws {
        guard try next() else { throw error("empty file: expected the header \(expected.joined(separator: ","))") }
        let found = String(decoding: lineBytes, as: UTF8.self)
        guard found == expected.joined(separator: ",") else {
            throw error("expected the header '\(expected.joined(separator: ","))', found '\(found.prefix(200))'")
        }
    }

    /// Throws unless the current line has exactly `count` fields; a short last line without a newline
    /// is called truncated, since that is what a copy cut off mid-write looks like.
    func expectFields(_ count: Int) throws {
        guard fieldCount != count else { return }
        if isUnterminated, fieldCount < count {
            throw error("truncated last line: no newline at the end of the file and \(fieldCount) of \(count) fields")
        }
        throw error("expected \(count) fields, found \(fieldCount)")
    }

    /// Field `index` as a finite number; `name` says which column, for the message.
    func double(_ index: Int, _ name: String) throws -> Double {
        let bytes = field(index)
        switch DecimalParser.parse(bytes) {
        case .value(let value): return value
        case .notANumber: throw error("\(name) is NaN")
        case .infinite: throw error("\(name) is infinite or out of range: '\(text(of: bytes))'")
        case .invalid:
            throw error(bytes.isEmpty ? "\(name) is empty" : "\(name) is not a number: '\(text(of: bytes))'")
        }
    }

    /// A reading of `sensor` at `time`, `value` in Core Motion's units (after any conversion), as a
    /// sample; refused, naming the current line, when it lies outside `sensor.acceptedRange`.
    func sample(_ sensor: SensorKind, time: Double, _ value: Vector3) throws -> SensorSample {
        if let reason = sensor.refusal(of: value) { throw error(reason) }
        return SensorSample(sensor: sensor, time: time, value: value)
    }

    /// Field `index` as a finite number, or nil when the field is empty.
    func optionalDouble(_ index: Int, _ name: String) throws -> Double? {
        isEmpty(index) ? nil : try double(index, name)
    }

    /// Fields `index` … `index + 3` as a rotation quaternion, scalar first; `names` are the four
    /// columns', for the message. Its norm must be 1 to within 1 % (the recordings' are to 10⁻⁴):
    /// anything else is a corrupt row, and one with huge parts would become an infinite attitude
    /// when turned into North-West-Up.
    func unitQuaternion(from index: Int, _ names: [String]) throws -> Quaternion {
        try unitQuaternion(columns: (index, index + 1, index + 2, index + 3), names)
    }

    /// Fields `columns` (w, x, y, z, wherever they are on the line) as a rotation quaternion, checked
    /// as `unitQuaternion(from:_:)` does.
    func unitQuaternion(columns: (w: Int, x: Int, y: Int, z: Int), _ names: [String]) throws -> Quaternion {
        let quaternion = Quaternion(
            w: try double(columns.w, names[0]), x: try double(columns.x, names[1]),
            y: try double(columns.y, names[2]), z: try double(columns.z, names[3])
        )
        guard abs(quaternion.norm - 1) <= 0.01 else {
            throw error("\(names.joined(separator: ", ")) is not a unit quaternion (norm \(quaternion.norm))")
        }
        return quaternion
    }

    /// Field `index` as a whole decimal number (timestamps in nanoseconds, step counts).
    func integer(_ index: Int, _ name: String) throws -> Int {
        let bytes = field(index)
        var value = 0
        var negative = false
        for (offset, byte) in bytes.enumerated() {
            if offset == 0, byte == UInt8(ascii: "-") {
                negative = true
                continue
            }
            let digit = Int(byte) &- 48
            guard digit >= 0, digit <= 9 else { throw error("\(name) is not a whole number: '\(text(of: bytes))'") }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw error("\(name) is out of range: '\(text(of: bytes))'") }
            value = sum
        }
        guard bytes.count > (negative ? 1 : 0) else { throw error("\(name) is empty") }
        return negative ? -value : value
    }

    /// Throws unless `time` comes strictly after the `previous` sample of the same stream: replay and
    /// rates assume it, and a repeat or a step back means a corrupt or badly merged file.
    func expectIncreasing(_ time: Double, after previous: Double?, stream: String) throws {
        guard let previous, time <= previous else { return }
        throw error(
            time == previous
                ? "\(stream) timestamp \(time) repeats the previous sample's"
                : "\(stream) timestamp \(time) goes back from \(previous)"
        )
    }

    /// True when field `index` holds nothing.
    func isEmpty(_ index: Int) -> Bool { fieldStarts[index] == fieldEnds[index] }

    /// Field `index` as text, which must be valid UTF-8.
    func string(_ index: Int) throws -> String {
        try string(of: fieldStarts[index]..<fieldEnds[index])
    }

    /// Everything from field `index` to the end of the line, commas included: for free-text values.
    func rest(from index: Int) throws -> String {
        try string(of: fieldStarts[index]..<lineEnd)
    }

    /// Fields `range` as one text, the commas between them included: for free text that may hold commas.
    func text(fields range: ClosedRange<Int>) throws -> String {
        try string(of: fieldStarts[range.lowerBound]..<fieldEnds[range.upperBound])
    }

    /// True when field `index` is exactly `word`.
    func fieldEquals(_ index: Int, _ word: StaticString) -> Bool {
        let bytes = field(index)
        return bytes.count == word.utf8CodeUnitCount
            && memcmp(bytes.baseAddress!, word.utf8Start, bytes.count) == 0
    }

    /// The current line's bytes, valid until the next call to `next()`.
    var lineBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer + lineStart, count: lineEnd - lineStart)
    }

    /// Field `index`'s bytes, valid until the next call to `next()`.
    private func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer + fieldStarts[index], count: fieldEnds[index] - fieldStarts[index])
    }

    private func string(of range: Range<Int>) throws -> String {
        guard let text = String(validating: UnsafeBufferPointer(start: buffer + range.lowerBound, count: range.count), as: UTF8.self) else {
            throw error("text is not valid UTF-8")
        }
        return text
    }

    /// Text for messages, invalid UTF-8 replaced rather than refused, cut short.
    private func text(of bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes.prefix(80), as: UTF8.self) + (bytes.count > 80 ? "…" : "")
    }

    /// Records where each comma-separated field of the current line starts and ends.
    private func split() {
        var count = 0
        var start = lineStart
        var index = lineStart
        while index < lineEnd {
            if buffer[index] == UInt8(ascii: ",") {
                if count < Self.maximumFields {
                    fieldStarts[count] = start
                    fieldEnds[count] = index
                }
                count += 1
                start = index + 1
            }
            index += 1
        }
        if count < Self.maximumFields {
            fieldStarts[count] = start
            fieldEnds[count] = lineEnd
        }
        fieldCount = count + 1
    }

    /// The next line's start and length in `buffer` (ending excluded) and whether a newline ended it.
    private func nextLine() throws -> (Int, Int, Bool)? {
        var searchFrom = position
        while true {
            if let newline = memchr(buffer + searchFrom, Int32(UInt8(ascii: "\n")), end - searchFrom) {
                let stop = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                let start = position
                guard stop - start <= Self.maximumLineLength + 1 else { throw tooLong() }
                position = stop + 1
                return (start, stop - start, true)
            }
            guard end - position <= Self.maximumLineLength + 1 else { throw tooLong() }
            if atEndOfFile {
                guard end > position else { return nil }
                let start = position
                position = end
                return (start, end - start, false)
            }
            let scanned = end - position
            try refill()
            searchFrom = position + scanned
        }
    }

    private func tooLong() -> TraceError {
        TraceError(path: path, line: line + 1, reason: "line longer than \(Self.maximumLineLength) bytes")
    }

    /// Moves the unread tail to the front of the buffer and reads more after it.
    private func refill() throws {
        let unread = end - position
        if position > 0 {
            memmove(buffer, buffer + position, unread)
            position = 0
            end = unread
        }
        while end < capacity {
            let count = try entry?.read(into: buffer + end, count: capacity - end) ?? read(descriptor, buffer + end, capacity - end)
            if count < 0 {
                if errno == EINTR { continue }
                throw TraceError(path: path, line: line + 1, reason: "read failed: \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                atEndOfFile = true
                return
            }
            end += count
            if end - unread >= Self.chunkSize / 2 { return }
        }
    }

}

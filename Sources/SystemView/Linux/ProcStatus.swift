/// The memory figures the probe uses from `/proc/self/status`.
///
/// Taken from `status` rather than `statm` because only `status` has the peak (`VmHWM`), and one read
/// of one file gives the resident size and its peak from the same moment.
struct ProcStatus: Hashable {
    /// `VmRSS`: resident set size, in bytes.
    var residentBytes: UInt64
    /// `VmHWM`: the peak resident set size since start or the last write of 5 to `clear_refs`, in bytes.
    var peakResidentBytes: UInt64

    /// Parses the text of a `status` file; throws `ProcessProbeError.malformed` when a figure is missing
    /// or not in kB (kernel threads, for one, have no memory lines).
    init(parsing bytes: UnsafeRawBufferPointer) throws {
        var resident: UInt64?
        var peak: UInt64?
        var lineStart = 0
        while lineStart < bytes.count, resident == nil || peak == nil {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            if ProcText.hasPrefix(bytes, at: lineStart, "VmRSS:") {
                resident = try Self.kilobytes(bytes, lineStart + 6..<lineEnd, field: "VmRSS")
            } else if ProcText.hasPrefix(bytes, at: lineStart, "VmHWM:") {
                peak = try Self.kilobytes(bytes, lineStart + 6..<lineEnd, field: "VmHWM")
            }
            lineStart = lineEnd + 1
        }
        guard let resident else { throw ProcessProbeError.malformed(file: "status", reason: "no VmRSS line") }
        guard let peak else { throw ProcessProbeError.malformed(file: "status", reason: "no VmHWM line") }
        residentBytes = resident
        peakResidentBytes = peak
    }

    /// The bytes in a value such as "\t   1472 kB".
    private static func kilobytes(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, field: String) throws -> UInt64 {
        var start = range.lowerBound
        while start < range.upperBound, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
            start += 1
        }
        var end = start
        while end < range.upperBound, bytes[end] != UInt8(ascii: " ") { end += 1 }
        guard let kilobytes = ProcText.unsignedDecimal(bytes, start..<end) else {
            throw ProcessProbeError.malformed(file: "status", reason: "\(field) is not a number")
        }
        guard ProcText.hasPrefix(bytes, at: end, " kB"), end + 3 == range.upperBound else {
            throw ProcessProbeError.malformed(file: "status", reason: "\(field) is not in kB")
        }
        return kilobytes * 1024
    }
}

/// The resident size from `/proc/self/statm`: the same counter as `status`'s `VmRSS`, in a file the
/// kernel writes in a tenth of the time because it holds seven numbers and nothing else.
struct ProcStatm: Hashable {
    /// The second field, `resident`, in pages.
    var residentPages: UInt64

    /// Parses the text of a `statm` file; throws `ProcessProbeError.malformed` if it is not one.
    init(parsing bytes: UnsafeRawBufferPointer) throws {
        var start = 0
        while start < bytes.count, bytes[start] != UInt8(ascii: " ") { start += 1 }
        start += 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: "\n") { end += 1 }
        guard start < bytes.count, let pages = ProcText.unsignedDecimal(bytes, start..<end) else {
            throw ProcessProbeError.malformed(file: "statm", reason: "no resident page count in the second field")
        }
        residentPages = pages
    }
}

/// Small scanners over the ASCII text the kernel writes in /proc, shared by the file parsers.
enum ProcText {
    /// The unsigned decimal number spelled by `bytes[range]`, or nil when it is empty, has a
    /// non-digit, or overflows 64 bits.
    static func unsignedDecimal(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt64? {
        guard !range.isEmpty else { return nil }
        var value: UInt64 = 0
        for index in range {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// Whether `bytes` holds `prefix` starting at `start`.
    static func hasPrefix(_ bytes: UnsafeRawBufferPointer, at start: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        let expected = UnsafeRawBufferPointer(start: prefix.utf8Start, count: count)
        for offset in 0..<count where bytes[start + offset] != expected[offset] {
            return false
        }
        return true
    }
}

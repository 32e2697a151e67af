/// The fields the probe uses from a `stat` file: `/proc/self/stat` or `/proc/self/task/TID/stat`.
///
/// The command name sits in parentheses and may itself hold spaces and ')', so it runs from the first
/// '(' to the last ')'; the numbered fields of proc(5) follow, separated by single spaces.
struct ProcStat: Hashable {
    /// The thread's (or process's) name, the kernel's `comm`.
    var command: String
    /// `utime`, field 14: time in user mode, in clock ticks (`sysconf(_SC_CLK_TCK)`).
    var userTicks: UInt64
    /// `stime`, field 15: time in kernel mode, in clock ticks.
    var systemTicks: UInt64

    /// Parses the text of a `stat` file; throws `ProcessProbeError.malformed` if it is not one. Scans
    /// by index rather than with `firstIndex(of:)`, which an unoptimised build calls unspecialised, at
    /// an allocation per byte: the sampler parses a `stat` on every reading, and must not allocate.
    init(parsing bytes: UnsafeRawBufferPointer) throws {
        var open = 0
        while open < bytes.count, bytes[open] != UInt8(ascii: "(") { open += 1 }
        var close = bytes.count - 1
        while close > open, bytes[close] != UInt8(ascii: ")") { close -= 1 }
        guard open < bytes.count, close > open else {
            throw ProcessProbeError.malformed(file: "stat", reason: "no command name in parentheses")
        }
        command = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(open + 1)..<close]), as: UTF8.self)

        // Fields after the name, counted from 3 (state) as proc(5) numbers them.
        let wanted = 15
        var field = 3
        var start = close + 2
        var user: UInt64?
        var system: UInt64?
        while field <= wanted, start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if field == 14 || field == 15 {
                guard let value = ProcText.unsignedDecimal(bytes, start..<end) else {
                    throw ProcessProbeError.malformed(file: "stat", reason: "field \(field) is not a count of ticks")
                }
                if field == 14 { user = value } else { system = value }
            }
            field += 1
            start = end + 1
        }
        guard let user, let system else {
            throw ProcessProbeError.malformed(file: "stat", reason: "fewer than \(wanted) fields")
        }
        userTicks = user
        systemTicks = system
    }
}

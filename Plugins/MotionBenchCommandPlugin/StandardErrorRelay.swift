import PackagePlugin

/// Passes the benchmark executable's standard error on to SwiftPM's, line by line, as it comes.
///
/// Whatever a plugin or its children write to their own standard output or error, SwiftPM prints on
/// its standard output; only a plugin's diagnostics reach its standard error. So each line becomes
/// one: an `Error: …` line (with the lines that follow it, such as a usage line) an error, a
/// `Warning: …` line a warning, any other line a progress message.
struct StandardErrorRelay {
    private var partial: [UInt8] = []
    private var pendingError: [String]?

    /// Takes the next bytes read, passing on each line they complete.
    mutating func take(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                pass(String(decoding: partial, as: UTF8.self))
                partial.removeAll(keepingCapacity: true)
            } else {
                partial.append(byte)
            }
        }
    }

    /// Passes on what is left once the executable closed its standard error.
    mutating func finish() {
        if !partial.isEmpty { pass(String(decoding: partial, as: UTF8.self)) }
        partial.removeAll()
        flushError()
    }

    private mutating func pass(_ line: String) {
        // A terminal's progress line rewrites itself with a carriage return; keep what it ended as.
        let line = String(line.split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
        if let message = Self.dropping("Error: ", from: line) {
            flushError()
            pendingError = [message]
        } else if pendingError != nil {
            pendingError?.append(line)
        } else if let message = Self.dropping("Warning: ", from: line) ?? Self.dropping("warning: ", from: line) {
            Diagnostics.warning(message)
        } else if !line.isEmpty {
            Diagnostics.progress(line)
        }
    }

    private mutating func flushError() {
        guard let lines = pendingError else { return }
        pendingError = nil
        var text = lines
        while text.last?.isEmpty == true { text.removeLast() }
        Diagnostics.error(text.joined(separator: "\n"))
    }

    private static func dropping(_ prefix: String, from line: String) -> String? {
        line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
    }
}

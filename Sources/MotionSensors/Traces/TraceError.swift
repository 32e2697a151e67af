/// Why a trace could not be read: which file, which line, and what is wrong there.
///
/// Every importer and the canonical reader throw only this, once, at the first problem, so a command
/// line can print it as it stands and a fuzzer can tell a clean refusal from a crash.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or folder) as it was given.
    public var path: String
    /// 1-based line number; 0 when the problem is the file as a whole (missing, unreadable, a folder).
    public var line: Int
    /// What is wrong, in words.
    public var reason: String

    /// Creates an error.
    public init(path: String, line: Int, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `path:line: reason`, the form compilers use, so editors and terminals link to the spot; just
    /// `path: reason` when no line applies.
    public var description: String {
        line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)"
    }
}

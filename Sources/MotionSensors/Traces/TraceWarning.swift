/// Something suspicious about data that was still imported: values that look like the wrong unit,
/// or rows an importer dropped for a documented reason (duplicates, warm-up zeros).
///
/// Returned next to the trace rather than thrown, because the data may be right after all (a
/// trace recorded on a centrifuge does read 9.8 g); the caller decides whether to go on.
public struct TraceWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file the warning is about.
    public var path: String
    /// 1-based line of the first row concerned, or 0 when it is about a whole stream.
    public var line: Int
    /// What looks wrong, in words.
    public var reason: String
    /// The unit the values were probably recorded in, when the warning is about units ("m/s²").
    public var probableUnit: String?

    /// Creates a warning.
    public init(path: String, line: Int, reason: String, probableUnit: String? = nil) {
        self.path = path
        self.line = line
        self.reason = reason
        self.probableUnit = probableUnit
    }

    /// `path:line: warning: reason`, like a compiler's warning.
    public var description: String {
        line > 0 ? "\(path):\(line): warning: \(reason)" : "\(path): warning: \(reason)"
    }
}

/// A run file that could not be read.
public struct RunFileError: Error, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The 1-based line where the file breaks the JSON grammar, or where the value at fault starts;
    /// nil when no one line is at fault.
    public var line: Int?
    /// What is wrong with it.
    public var reason: String

    /// A run file refused for `reason`, at `line` when one is at fault.
    public init(path: String, line: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)" }
}

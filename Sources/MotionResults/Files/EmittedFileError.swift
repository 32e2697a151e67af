/// A file of a run folder besides run.json (an emitted CSV file, an instruction profile) that could not
/// be read or is malformed.
public struct EmittedFileError: Error, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The 1-based line at fault; nil for the whole file.
    public var line: Int?
    /// What is wrong.
    public var reason: String
    public var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)" }

    /// An error naming `path`, the line at fault if any, and what is wrong.
    public init(path: String, line: Int?, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }
}

/// A run file that could not be read.
public struct RunFileError: Error, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong with it.
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

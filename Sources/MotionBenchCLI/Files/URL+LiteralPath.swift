import Foundation

extension URL {
    /// The file URL of `path` exactly as given on a command line. Foundation expands a leading `~` to
    /// a home folder; a shell already did that for an unquoted tilde, so a `~` that arrives here was
    /// quoted and names a folder called `~` in the working folder.
    init(literalPath path: String) {
        self.init(fileURLWithPath: path.hasPrefix("~") ? "./" + path : path)
    }
}

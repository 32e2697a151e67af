import Foundation

extension URL {
    /// This file's path relative to `folder` when it lies inside it, else its whole path: how the
    /// plugin's messages name files in the package.
    func path(relativeTo folder: URL) -> String {
        var base = folder.standardizedFileURL.path(percentEncoded: false)
        if !base.hasSuffix("/") { base += "/" }
        let path = standardizedFileURL.path(percentEncoded: false)
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}

import CSystemShim
import Foundation

/// A temporary folder a command works in (`ab`'s rounds, the instruction counter's copies and
/// profiles), removed with all it holds however the command ends: by `remove()`, or by a second stop
/// signal before the process exits (`mb_own_folder`). Named `motionbench-PURPOSE-PID-…` in the
/// temporary directory; making one removes those a killed process (`kill -9`) left behind.
final class ScratchFolder {
    /// The folder.
    let url: URL
    private var removed = false

    /// Makes a new folder for `purpose` (`ab`, `instructions`); throws when it cannot.
    init(purpose: String) throws {
        let temporary = FileManager.default.temporaryDirectory
        let prefix = "motionbench-\(purpose)-"
        Self.removeAbandoned(in: temporary, prefix: prefix)
        url = temporary.appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        _ = mb_own_folder(url.path, 1)
    }

    deinit { remove() }

    /// Removes the folder and all it holds.
    func remove() {
        guard !removed else { return }
        removed = true
        try? FileManager.default.removeItem(at: url)
        mb_disown_folder(url.path)
    }

    /// Removes the folders named `prefix` + a pid in `folder` whose process is gone.
    private static func removeAbandoned(in folder: URL, prefix: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap({ pid_t($0) }), pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}

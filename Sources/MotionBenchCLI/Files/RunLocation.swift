import Foundation
import MotionResults

/// Where a run's `run.json` is: the command line names a run by its folder or by the file itself,
/// and a run without a name is the newest one under the results folder.
enum RunLocation {
    /// The `run.json` `path` names: the file itself, or `run.json` inside the folder `path` (its
    /// journal, when the run did not write it: `RunFolder.fileToRead`).
    static func runFile(_ path: String) -> URL {
        let url = URL(literalPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { return url }
        return RunFolder.fileToRead(url.appendingPathComponent(RunFolder.runFile))
    }

    /// The `run.json` of the newest folder directly inside `results` that has one (or the journal of
    /// a run that did not finish, `RunFolder.fileToRead`), judged by the file's modification time (a
    /// folder given with `--out` need not be named by its time); nil when there is none.
    static func newestRunFile(in results: URL) -> URL? {
        let folders = (try? FileManager.default.contentsOfDirectory(at: results, includingPropertiesForKeys: nil)) ?? []
        let runFiles = folders.map { RunFolder.fileToRead($0.appendingPathComponent(RunFolder.runFile)) }.compactMap { file -> (URL, Date)? in
            guard let modified = try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date else { return nil }
            return (file, modified)
        }
        return runFiles.max { $0.1 < $1.1 }?.0
    }
}

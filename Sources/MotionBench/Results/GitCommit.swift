import Foundation

/// The commit checked out where motionbench runs, read from the repository's files. Running `git`
/// would cost more than a child process: Foundation's `Process` leaves about 5 MiB resident, which
/// every case's memory figure would then carry.
enum GitCommit {
    /// The commit of the repository holding `folder` (by default the working folder), or nil outside
    /// one or when it cannot be read.
    static func current(in folder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> String? {
        repository(containing: folder).flatMap(head(of:))
    }

    /// The git folder of the repository holding `folder`: its `.git`, or the folder a `.git` file names.
    static func repository(containing folder: URL) -> URL? {
        var directory = folder.standardizedFileURL
        while true {
            if let repository = repositoryFolder(directory.appendingPathComponent(".git")) { return repository }
            if directory.path == "/" { return nil }
            directory.deleteLastPathComponent()
        }
    }

    /// The folder holding a repository's shared parts (objects, branches): a worktree's names it in
    /// `commondir`; otherwise the repository's own.
    static func commonFolder(of repository: URL) -> URL {
        text(repository.appendingPathComponent("commondir")).map { URL(fileURLWithPath: $0, relativeTo: repository) } ?? repository
    }

    /// `.git` itself when it is a folder; the folder it names when it is a `gitdir:` file (a worktree,
    /// a submodule).
    private static func repositoryFolder(_ dotGit: URL) -> URL? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { return dotGit }
        guard let line = text(dotGit), line.hasPrefix("gitdir: ") else { return nil }
        return URL(fileURLWithPath: String(line.dropFirst("gitdir: ".count)), relativeTo: dotGit.deletingLastPathComponent())
    }

    /// The commit `HEAD` names: itself when detached, else its branch's, loose or packed.
    private static func head(of repository: URL) -> String? {
        guard let head = text(repository.appendingPathComponent("HEAD")) else { return nil }
        guard head.hasPrefix("ref: ") else { return isCommit(head) ? head : nil }
        let ref = String(head.dropFirst("ref: ".count))
        guard ref.hasPrefix("refs/"), !ref.split(separator: "/").contains("..") else { return nil }
        // A worktree keeps its HEAD but shares the branches of the repository it names in `commondir`.
        let common = commonFolder(of: repository)
        for folder in [repository, common] {
            if let commit = text(folder.appendingPathComponent(ref)), isCommit(commit) { return commit }
        }
        let packed = text(common.appendingPathComponent("packed-refs")) ?? ""
        for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
            let commit = String(line.prefix { $0 != " " })
            if isCommit(commit) { return commit }
        }
        return nil
    }

    static func isCommit(_ text: String) -> Bool {
        (text.count == 40 || text.count == 64) && text.allSatisfy(\.isHexDigit)
    }

    /// A regular file's text, trimmed; nil when missing, unreadable, not a regular file (a FIFO would
    /// block) or larger than 16 MiB.
    static func text(_ url: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size < 16 << 20,
            let data = FileManager.default.contents(atPath: url.path)
        else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The commit checked out where motionbench runs, read from the repository's `HEAD` and refs; and
/// commits' times, asked of `git` itself. git is started with `posix_spawn`, not Foundation's
/// `Process`, which leaves about 5 MiB resident and a thread behind, which every case's memory figure
/// would then carry.
public enum GitCommit {
    /// Longest a git command may take before it is stopped and its answer taken as none: a damaged
    /// pack (a delta whose base is itself) makes git 2.39 loop for ever.
    static let timeLimitSeconds = 10.0
    /// The most memory git may take for its data, far more than reading a commit needs.
    static let gitDataBytes = 512 << 20

    /// The commit of the repository holding `folder` (by default the working folder), or nil outside
    /// one or when it cannot be read.
    static func current(in folder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> String? {
        repository(containing: folder).flatMap(head(of:))
    }

    /// The committer time of each of `commits` that the repository holding `folder` (by default the
    /// working folder) has, in seconds since 1970, asked of git in one call whatever their number. A
    /// commit git does not know (another repository, a shallow clone), git missing, a damaged
    /// repository or a git that takes too long leave it out; nothing here fails.
    public static func times(of commits: [String], in folder: URL? = nil) -> [String: Int64] {
        let wanted = Set(commits.filter(isCommit).map { $0.lowercased() })
        guard !wanted.isEmpty,
            let output = git(
                ["log", "--no-walk=unsorted", "--ignore-missing", "--stdin", "--format=%H %ct"],
                input: wanted.sorted().joined(separator: "\n") + "\n",
                in: folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        else { return [:] }
        var times: [String: Int64] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2, wanted.contains(String(fields[0])), let time = Int64(fields[1]) else { continue }
            times[String(fields[0])] = time
        }
        return times
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

    /// What `git -C folder arguments…` writes to its standard output with `input` on its standard
    /// input (from an unlinked temporary file, so no pipe needs feeding while the output is read),
    /// its errors discarded; nil when git cannot be started. Whatever git wrote is returned even when
    /// it fails; past `timeLimitSeconds` it is killed.
    static func git(_ arguments: [String], input: String, in folder: URL) -> String? {
        var template = Array((FileManager.default.temporaryDirectory.path + "/motionbench-git-XXXXXX").utf8CString)
        let inputFile = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard inputFile >= 0 else { return nil }
        unlink(String(decoding: template.dropLast().map(UInt8.init(bitPattern:)), as: UTF8.self))
        defer { close(inputFile) }
        let bytes = Array(input.utf8)
        guard bytes.withUnsafeBytes({ write(inputFile, $0.baseAddress, $0.count) }) == bytes.count, lseek(inputFile, 0, SEEK_SET) == 0 else {
            return nil
        }

        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        defer { close(ends[0]) }
        // Not inherited by processes other threads start meanwhile, which would hold the pipe open.
        for file in [inputFile] + ends { _ = fcntl(file, F_SETFD, FD_CLOEXEC) }
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputFile, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        // Through the shell, which sets git's limits before it starts: the kernel bounds its memory and
        // its CPU time even should this process be gone (a damaged pack whose delta refers to itself
        // can have git loop for ever, its memory growing all the while).
        // A shell that cannot set a limit (as some refuse the data size) still runs git.
        let limits = "ulimit -d \(gitDataBytes >> 10) 2>/dev/null; ulimit -t \(Int(timeLimitSeconds) + 1) 2>/dev/null; exec git \"$@\""
        let argv = (["sh", "-c", limits, "git", "-C", folder.path] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { for string in argv + environment { free(string) } }
        var pid = pid_t()
        let started = posix_spawnp(&pid, "sh", &actions, nil, argv, environment)
        close(ends[1])
        guard started == 0 else { return nil }

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(timeLimitSeconds)
        reading: while true {
            let left = deadline.timeIntervalSinceNow
            var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            let polled = left > 0 ? poll(&ready, 1, Int32(min(left, 1) * 1000) + 1) : 0
            if polled < 0 && errno == EINTR { continue }
            if polled <= 0 {
                guard left <= 0 else { continue }
                kill(pid, SIGKILL)
                break reading
            }
            let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output += chunk[..<count]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }
}

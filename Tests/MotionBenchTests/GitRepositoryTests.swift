import Foundation
@testable import MotionBench
import Testing

/// Commit times read from a repository's own files, checked against what `git` wrote: loose
/// objects, then the same commits packed (`git gc`, which stores many as deltas), and a worktree.
@Suite struct GitRepositoryTests {
    /// Runs git in `folder` with fixed author and committer times, returning its output.
    @discardableResult
    static func git(_ arguments: [String], in folder: URL, date: String = "1700000000 +0000") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging([
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
            "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "GIT_CONFIG_NOSYSTEM": "1", "HOME": folder.path,
        ]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A repository of 30 commits, each editing a file, one a minute from 1700000000; their names.
    static func repository() throws -> (URL, [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("git-repository-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"], in: folder)
        var commits: [String] = []
        var text = (0..<200).map { "line \($0)\n" }.joined()
        for index in 0..<30 {
            text += "change \(index)\n"
            try text.write(to: folder.appendingPathComponent("file.txt"), atomically: true, encoding: .utf8)
            try git(["add", "file.txt"], in: folder)
            try git(["commit", "-q", "-m", "commit \(index)\n\n" + String(repeating: "a long message line\n", count: 20)], in: folder, date: "\(1_700_000_000 + 60 * index) +0100")
            commits.append(try git(["rev-parse", "HEAD"], in: folder))
        }
        return (folder, commits)
    }

    @Test func commitTimesAreReadLooseAndPacked() throws {
        let (folder, commits) = try Self.repository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let times: [Int64?] = (0..<30).map { Int64(1_700_000_000 + 60 * $0) }
        let loose = try #require(GitRepository(containing: folder))
        let looseTimes = commits.map { loose.commitTime($0) }
        #expect(looseTimes == times)

        try Self.git(["gc", "-q", "--aggressive"], in: folder)
        let objects = folder.appendingPathComponent(".git/objects")
        #expect(try FileManager.default.contentsOfDirectory(atPath: objects.path).filter { $0.count == 2 }.isEmpty, "every object packed")
        let packed = try #require(GitRepository(containing: folder.appendingPathComponent(".git/..")))
        let packedTimes = commits.map { packed.commitTime($0) }
        #expect(packedTimes == times)
        let tree = try Self.git(["rev-parse", "HEAD^{tree}"], in: folder)
        #expect(packed.commitTime(tree) == nil, "a tree is no commit")
        #expect(packed.commitTime(String(repeating: "0", count: 40)) == nil)
        #expect(packed.commitTime("not a commit") == nil)
    }

    @Test func aWorktreeReadsTheSharedObjects() throws {
        let (folder, commits) = try Self.repository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let worktree = folder.appendingPathComponent("wt")
        try Self.git(["worktree", "add", "-q", worktree.path, commits[10]], in: folder)
        let time = GitRepository(containing: worktree)?.commitTime(commits[29])
        #expect(time == Int64(1_700_000_000 + 60 * 29))
    }

    @Test func outsideARepositoryThereIsNone() {
        #expect(GitRepository(containing: URL(fileURLWithPath: "/proc")) == nil)
    }
}

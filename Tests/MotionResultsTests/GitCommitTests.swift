import Foundation
import Testing

@testable import MotionResults

@Suite struct GitCommitTests {
    let commit = "0123456789abcdef0123456789abcdef01234567"
    let other = "fedcba9876543210fedcba9876543210fedcba98"

    /// A scratch folder with `files` (paths relative to it) holding their text.
    func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("git-commit-\(UUID().uuidString)")
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("src/deep"), withIntermediateDirectories: true)
        return root
    }

    @Test func aBranchIsReadLooseOrPackedFromAnySubfolder() throws {
        let loose = try folder([".git/HEAD": "ref: refs/heads/main\n", ".git/refs/heads/main": commit + "\n"])
        defer { try? FileManager.default.removeItem(at: loose) }
        #expect(GitCommit.current(in: loose.appendingPathComponent("src/deep")) == commit)

        let packed = try folder([
            ".git/HEAD": "ref: refs/heads/main\n",
            ".git/packed-refs": "# pack-refs with: peeled\n\(other) refs/heads/old\n\(commit) refs/heads/main\n",
        ])
        defer { try? FileManager.default.removeItem(at: packed) }
        #expect(GitCommit.current(in: packed) == commit)
    }

    @Test func aDetachedHeadAndAWorktreeAreRead() throws {
        let detached = try folder([".git/HEAD": commit + "\n"])
        defer { try? FileManager.default.removeItem(at: detached) }
        #expect(GitCommit.current(in: detached) == commit)

        let worktree = try folder([
            "main/.git/refs/heads/feature": other + "\n",
            "main/.git/worktrees/wt/HEAD": "ref: refs/heads/feature\n",
            "main/.git/worktrees/wt/commondir": "../..\n",
            "wt/.git": "gitdir: ../main/.git/worktrees/wt\n",
        ])
        defer { try? FileManager.default.removeItem(at: worktree) }
        #expect(GitCommit.current(in: worktree.appendingPathComponent("wt")) == other)
    }

    @Test func anythingElseIsNoCommit() throws {
        let escaping = try folder([".git/HEAD": "ref: refs/../../secret\n", "secret": commit])
        defer { try? FileManager.default.removeItem(at: escaping) }
        #expect(GitCommit.current(in: escaping) == nil)
        let unborn = try folder([".git/HEAD": "ref: refs/heads/main\n"])
        defer { try? FileManager.default.removeItem(at: unborn) }
        #expect(GitCommit.current(in: unborn) == nil)
        let garbage = try folder([".git/HEAD": "not a commit"])
        defer { try? FileManager.default.removeItem(at: garbage) }
        #expect(GitCommit.current(in: garbage) == nil)
    }
}

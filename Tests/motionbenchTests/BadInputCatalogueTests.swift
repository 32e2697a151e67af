import Foundation
import MotionBench
import MotionResults
import TestSupport
import Testing

/// The command line's answer to hostile input and a hostile machine: one message naming the flag or the
/// file (and line), a documented exit code, and no output file left behind. With the trace files of
/// `traces/bad-input` (BadInputTests, SourceCommandTests) and the bad arguments of CommandLineTests,
/// this is the catalogue the "Bad input" table of the documentation (Exit codes and robustness) lists.
@Suite struct BadInputCatalogueTests {
    let oxford = Repository.oxford
    /// A short run whose run.json is some 30 KB.
    let smallRun = ["run", "accelerometer", "--mode", "virtual", "--samples", "2000"]

    /// Runs `arguments` with `folder` as `--out` and checks the exit code, that stderr holds every one
    /// of `messages`, and that nothing but hidden temporaries could be left in the folder: none at all.
    func expectRefused(_ arguments: [String], out folder: URL, status: Int32, messages: [String], runAs user: Bool = false) throws {
        let outcome = try user ? CLI.runAsUnprivilegedUser(arguments + ["--out", folder.path]) : CLI.run(arguments + ["--out", folder.path])
        #expect(outcome.status == status, "stderr: \(outcome.stderr)")
        for message in messages {
            #expect(outcome.stderr.contains(message), "stderr: \(outcome.stderr)")
        }
        #expect(outcome.stderr.components(separatedBy: "Error:").count == 2, "one message, not \(outcome.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(left.isEmpty, "left in --out: \(left)")
    }

    @Test(arguments: [
        (
            ["run", "accelerometer", "--mode", "virtual", "--duration", "3"],
            "--duration: sets how long real-time cases run, and --mode virtual runs none"
        ),
        (
            ["run", "accelerometer", "--mode", "realtime", "--samples", "100"],
            "--samples: sets how many ticks virtual-time cases take, and --mode realtime runs none"
        ),
        (["run", "heading", "--repetitions", "5000"], "--repetitions: 5000 is not a count in 1...1000"),
        (
            [
                "run", "heading", "--param", "kp=" + (1...400).map(String.init).joined(separator: ","), "--param",
                "ki=" + (1...400).map(String.init).joined(separator: ","),
            ],
            "the plan would hold 160000 cases; at most 100000"
        ),
        (["run", "accelerometer", "--rate", "nan"], "--rate: 'nan' is not a number"),
        (["run", "heading", "--param", "kp=inf"], "--param kp: 'inf' is not a number"),
        (["run", "heading", "--filter", "mahony", "--param", "kp=150"], "kp=150 is outside 0…100"),
        (["run", "motion-cube", "--param", "shapes=2.5"], "shapes=2.5 is not a whole number (range 0…5000)"),
    ])
    func conflictingOrOversizedArgumentsExit64(arguments: [String], message: String) throws {
        let folder = CLI.temporaryFolder()
        try expectRefused(arguments, out: folder, status: 64, messages: [message])
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// `smallRun` into `folder` under bash's `ulimit -f`: no file may grow past `kib` KiB. Without
    /// SIGXFSZ ignored, the kernel would kill the process in the middle of a write instead.
    func runSmallRun(out folder: URL, fileSizeLimitKiB kib: Int) throws -> CLI.Outcome {
        try CLI.run(
            ["-c", "ulimit -f \(kib) && exec \"$0\" \"$@\"", CLI.executable.path] + smallRun + ["--out", folder.path],
            executable: URL(fileURLWithPath: "/bin/bash"))
    }

    @Test func aFileSizeLimitFailsTheRunNamingTheFileAndLeavesNothing() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 2 KiB a file: the run's journal, its first file, needs more once its first case is in.
        let shell = try runSmallRun(out: folder, fileSizeLimitKiB: 2)
        #expect(shell.status == 1, "stderr: \(shell.stderr)")
        #expect(shell.stderr.contains("\(folder.path)/run.journal: File too large"), "stderr: \(shell.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path), "the folder the run made is left")
    }

    /// Cases already in the journal when run.json cannot be written stay there, and `report` writes
    /// their run.json from it once there is room.
    @Test func casesInTheJournalAreKeptWhenRunJSONCannotBeWritten() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 8 KiB a file: the journal of the two cases (about 6 KiB) fits, their run.json (about 12) does not.
        let shell = try runSmallRun(out: folder, fileSizeLimitKiB: 8)
        #expect(shell.status == 1, "stderr: \(shell.stderr)")
        let journal = folder.appendingPathComponent(RunFolder.journalFile)
        #expect(shell.stderr.contains("run.json: File too large; the finished cases are kept in \(journal.path)"), "stderr: \(shell.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(RunFolder.runFile).path))
        #expect(try RunResult.load(from: journal).cases.count == 2)
        let report = try CLI.run(["report", folder.path, "--format", "json"])
        #expect(report.status == 0, "stderr: \(report.stderr)")
        #expect(try RunResult.load(from: folder.appendingPathComponent(RunFolder.runFile)).cases.count == 2)
        #expect(!FileManager.default.fileExists(atPath: journal.path), "the journal goes once run.json holds its cases")
    }

    /// A disk that fills after run.json: the file that did not fit is named, exit 1, and the measured
    /// cases stay in run.json, with the files that fitted before it.
    @Test(.enabled(if: Tmpfs.canMount, "mounting a tmpfs needs root and a kernel that lets this process mount"))
    func aFullDiskNamesTheFileAndKeepsTheMeasuredCases() throws {
        // Seven 4 KiB pages: run.json (two cases and the harness's floor, three pages) fits beside the
        // journal it replaces, and the reports after it do not all fit.
        let folder = try Tmpfs.mount(bytes: 28 << 10)
        defer { Tmpfs.unmount(folder) }
        let outcome = try CLI.run(smallRun + ["--out", folder.path])
        #expect(outcome.status == 1, "stderr: \(outcome.stderr)")
        #expect(
            outcome.stderr.contains(": No space left on device; the measured cases are kept in \(folder.path)/run.json"), "stderr: \(outcome.stderr)")
        let run = try RunResult.load(from: folder.appendingPathComponent("run.json"))
        #expect(run.cases.count == 2 && run.interruption == nil)
    }

    /// A disk too small even for run.json (one 4 KiB page): the run fails naming the file, and leaves
    /// nothing but, when its first case fitted, the journal of its finished cases, said so. Whether that
    /// first case's journal fits depends on the machine described in its header and on the build (a
    /// sanitizer's has no heap figures), so both are checked.
    @Test(.enabled(if: Tmpfs.canMount, "mounting a tmpfs needs root and a kernel that lets this process mount"))
    func aDiskWithNoRoomForRunJSONFailsTheRunAndKeepsNothingButTheJournal() throws {
        let folder = try Tmpfs.mount(bytes: 4 << 10)
        defer { Tmpfs.unmount(folder) }
        let outcome = try CLI.run(smallRun + ["--out", folder.path])
        #expect(outcome.status == 1, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("\(folder.path)/") && outcome.stderr.contains(": No space left on device"), "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.components(separatedBy: "Error:").count == 2, "one message, not \(outcome.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        guard !left.isEmpty else { return }
        let journal = folder.appendingPathComponent(RunFolder.journalFile)
        #expect(left == [RunFolder.journalFile], "left in --out: \(left)")
        #expect(outcome.stderr.contains("the finished cases are kept in \(journal.path)"), "stderr: \(outcome.stderr)")
        #expect(try !RunResult.load(from: journal).cases.isEmpty)
    }

    @Test func aTraceItCannotReadExits65NamingIt() throws {
        let folder = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("walk.csv")
        try FileManager.default.copyItem(at: oxford, to: trace)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: trace.path)
        try expectRefused(
            ["run", "pedometer", "--source", "trace:\(trace.path)"], out: folder.appendingPathComponent("out"), status: 65,
            messages: [trace.path, "Permission denied"], runAs: true)
    }

    @Test func anOutFolderItCannotWriteExits64BeforeRunning() throws {
        let folder = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectRefused(smallRun, out: folder, status: 64, messages: ["--out", folder.path, "not writable"], runAs: true)
    }

    @Test func aOneGigabyteLineIsRefusedAtItsStart() throws {
        // Sparse: 1 GiB long, a few hundred KiB on disk. Line 3 never ends; the reader gives up after 64 KiB.
        let file = CLI.temporaryFolder().appendingPathExtension("csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try #require(
            FileHandle(
                forWritingAtPath: {
                    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
                    return file.path
                }()))
        try handle.write(
            contentsOf: Data("motionbench-trace,1\ntime,stream,values\n0,accelerometer,".utf8) + Data(repeating: UInt8(ascii: "1"), count: 200_000))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let folder = CLI.temporaryFolder()
        try expectRefused(
            ["run", "accelerometer", "--source", "trace:\(file.path)"], out: folder, status: 65,
            messages: ["\(file.path):3: line longer than 65536 bytes"])
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func aGigabyteRunJSONAFolderAndAFIFONamedRunJSONAreRefusedUnread() throws {
        let folder = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("run.json"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let asFolder = try CLI.run(["report", folder.path])
        #expect(asFolder.status == 65 && asFolder.stderr.contains("\(folder.path)/run.json: a folder, not a run.json"), "\(asFolder.stderr)")

        let huge = folder.appendingPathComponent("huge.json")
        _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let fifo = folder.appendingPathComponent("fifo.json")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let asFIFO = try CLI.run(["report", fifo.path])
        #expect(asFIFO.status == 65 && asFIFO.stderr.contains("\(fifo.path): not a regular file"), "\(asFIFO.stderr)")

        for arguments in [["report", huge.path], ["compare", huge.path, huge.path]] {
            let outcome = try CLI.run(arguments)
            #expect(outcome.status == 65 && outcome.stderr.contains("\(huge.path): 1024 MiB is too large for a run.json"), "\(outcome.stderr)")
        }
    }
}

/// A tiny tmpfs standing in for a full disk.
enum Tmpfs {
    /// Whether this process may mount one: root, on a kernel and in a container that allow it.
    static let canMount: Bool = {
        guard getuid() == 0, let folder = try? mount(bytes: 4096) else { return false }
        unmount(folder)
        return true
    }()

    /// A new folder with a tmpfs of `bytes` mounted on it.
    static func mount(bytes: Int) throws -> URL {
        let folder = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outcome = try CLI.run(["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", folder.path], executable: URL(fileURLWithPath: "/bin/mount"))
        guard outcome.status == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw CocoaError(.fileWriteNoPermission)
        }
        return folder
    }

    /// Unmounts and removes `folder`.
    static func unmount(_ folder: URL) {
        _ = try? CLI.run([folder.path], executable: URL(fileURLWithPath: "/bin/umount"))
        try? FileManager.default.removeItem(at: folder)
    }
}

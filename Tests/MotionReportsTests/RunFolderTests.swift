import Foundation
import TestSupport
import Testing

@testable import MotionReports
@testable import MotionResults

@Suite struct RunFolderTests {
    /// Writes `files` (names ending in `/` are folders) into a new scratch folder.
    static func folder(holding files: [String]) throws -> URL {
        let folder = try Repository.scratchFolder("motionbench-run-folder")
        for name in files {
            let url = folder.appendingPathComponent(name)
            if name.hasSuffix("/") {
                try FileManager.default.createDirectory(at: url.appendingPathComponent("inside"), withIntermediateDirectories: true)
            } else {
                try Data("old\n".utf8).write(to: url)
            }
        }
        return folder
    }

    static func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// An earlier run's files and folders go; what the user keeps there stays.
    @Test func aPreviousRunIsRemovedWholeAndNothingElse() throws {
        let folder = try Self.folder(holding: [
            "run.json", "report.md", "summary.csv", "threads.csv", "influx.lp", "cost.svg", "sweep-heading-50hz-mahony-gyro-bias.svg",
            "emitted/", "plots/", "profiles/", "notes.txt", "mine/",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try RunFolder.removePreviousRun(in: folder)
        #expect(try Self.contents(folder) == ["mine", "notes.txt"])
    }

    /// A report alone (a run written without json) is a run too.
    @Test func aReportAloneIsARun() throws {
        let folder = try Self.folder(holding: ["report.md", "summary.csv", "cpu.svg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try RunFolder.removePreviousRun(in: folder)
        #expect(try Self.contents(folder).isEmpty)
    }

    /// Without a run.json or report.md file the folder holds no run, and a folder named like a run's
    /// file is no run's file: nothing is removed (writing there later fails, naming it).
    @Test func aFolderWithoutARunIsLeftAlone() throws {
        let folder = try Self.folder(holding: ["report.md/", "summary.csv", "notes.svg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try RunFolder.removePreviousRun(in: folder)
        #expect(try Self.contents(folder) == ["notes.svg", "report.md", "summary.csv"])

        let withRun = try Self.folder(holding: ["run.json", "report.md/", "plots"])
        defer { try? FileManager.default.removeItem(at: withRun) }
        try RunFolder.removePreviousRun(in: withRun)
        #expect(try Self.contents(withRun) == ["plots", "report.md"])
    }
}

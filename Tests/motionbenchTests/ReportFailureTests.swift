import Foundation
import MotionBench
import MotionResults
import Testing

/// A measured case is never lost because something after it failed: run.json is written first, and
/// a report, chart or export that cannot be written is named, with exit code 1, and the rest kept.
@Suite struct ReportFailureTests {
    /// Two filters sweeping one parameter: each filter's sweep chart has a name of its own (bug: both
    /// were `sweep-heading-gyro-bias.svg`, and the collision threw every measured case away).
    @Test func aSweepAcrossFiltersWritesAChartPerFilter() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run([
            "run", "heading", "--filter", "madgwick,mahony", "--param", "gyro-bias=0,1", "--mode", "virtual", "--samples", "2000",
            "--out", folder.path,
        ])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(files.isSuperset(of: ["sweep-heading-50hz-madgwick-gyro-bias.svg", "sweep-heading-50hz-mahony-gyro-bias.svg"]), "\(files)")
        let report = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("### heading at 50 Hz, madgwick: cost against `gyro-bias`"))
        #expect(report.contains("### heading at 50 Hz, mahony: cost against `gyro-bias`"))
        #expect(try RunResult.load(from: folder.appendingPathComponent("run.json")).cases.count == 4)
    }

    /// A folder where report.md should go: run.json and the CSV files before it stay, the failure is
    /// named, exit 1.
    @Test func aReportThatCannotBeWrittenKeepsTheMeasuredCases() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("report.md/inside")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        let outcome = try CLI.run(["run", "accelerometer", "--mode", "virtual", "--samples", "2000", "--out", folder.path])
        #expect(outcome.status == 1, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("\(folder.path)/report.md: "), "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("the measured cases are kept in \(folder.path)/run.json"), "stderr: \(outcome.stderr)")
        #expect(try RunResult.load(from: folder.appendingPathComponent("run.json")).cases.count == 2)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("summary.csv").path))
    }

    /// Without the json format, run.json is written anyway when a later file fails, so the cases survive.
    @Test func withoutJSONTheMeasuredCasesAreRescuedIntoRunJSON() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("summary.csv/inside"), withIntermediateDirectories: true)
        let outcome = try CLI.run(["run", "accelerometer", "--mode", "virtual", "--samples", "2000", "--format", "csv", "--out", folder.path])
        #expect(outcome.status == 1, "stderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("\(folder.path)/summary.csv: "), "stderr: \(outcome.stderr)")
        #expect(try RunResult.load(from: folder.appendingPathComponent("run.json")).cases.count == 2)
    }
}

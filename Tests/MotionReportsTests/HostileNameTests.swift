import Foundation
import Testing

@testable import MotionReports
@testable import MotionResults

/// A run folder is something users download and open: names in its run.json that spell a way out of
/// the folder (`../`, an absolute path, a slash) never make `report` write outside it.
@Suite struct HostileNameTests {
    /// Names that climb out of a folder four deep inside the test's sandbox, or name it absolutely.
    static func hostileNames(sandbox: URL) -> [String] {
        [
            "x/../../../../escaped-relative", sandbox.path + "/escaped-absolute", "..", "a/b", "../../../..", "sub\n/../x",
            String(repeating: "long", count: 100),
        ]
    }

    /// `SampleRun`'s cases under each hostile name, with its filters and a parameter named after it
    /// too, each scored, so every name a report derives (charts, plots, exports) comes from one.
    static func hostileRun(sandbox: URL) -> RunResult {
        var run = SampleRun.make()
        let template = run.cases
        run.cases = []
        for name in hostileNames(sandbox: sandbox) {
            for var result in template {
                result.spec.workload = name
                result.spec.filter = name
                result.spec.parameters = [name: 1]
                run.cases.append(result)
            }
            let summary = ErrorSummary([3, 4])!
            run.accuracy.append(
                AccuracyResult(
                    workload: name, rateHz: 10, filter: name, parameters: [name: 1],
                    measures: AccuracyMeasures(
                        scoredFrom: 0, scoredTo: 2,
                        attitude: AttitudeAccuracy(total: summary, tilt: summary, heading: summary, yawOffsetDegrees: nil, timeShiftSeconds: 0))))
        }
        return run
    }

    /// Every file and folder under `folder`, relative to it.
    static func everything(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        return (enumerator?.allObjects as? [String] ?? []).sorted()
    }

    @Test func everyFileOfAHostileRunStaysInsideItsFolder() throws {
        let sandbox = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: sandbox) }
        let folder = sandbox.appendingPathComponent("a/b/c/run")
        let run = Self.hostileRun(sandbox: sandbox)
        let plots = ThreadPlots.make(run) { _ in true }
        let written = try RunReport.write(run, to: folder, formats: Set(ReportFormat.allCases), plots: plots)

        #expect(written.contains { $0.hasPrefix("accuracy-") }, "the accuracy charts were written")
        #expect(written.contains { $0.hasPrefix(RunFolder.plotsFolderName + "/") }, "the plots were written")
        let outside = Self.everything(under: sandbox).filter { !$0.hasPrefix("a/b/c/run") && !["a", "a/b", "a/b/c"].contains($0) }
        #expect(outside.isEmpty, "written outside the run folder: \(outside)")
        for name in written {
            #expect(!name.split(separator: "/").contains(".."), "\(name)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name) is where it says")
        }
        let report = try String(contentsOf: folder.appendingPathComponent(RunFolder.reportFile), encoding: .utf8)
        #expect(!report.contains("](x/..") && !report.contains("](\(sandbox.path)"), "report.md links only files inside the folder")
    }

    @Test func aNameTooLongForAFileIsCutWithADigestOfTheWhole() {
        let long = String(repeating: "x", count: 300)
        let name = CaseIdentity.fileName([long])
        #expect(name.count == CaseIdentity.longestFileName && name.hasPrefix("xxxx"))
        #expect(CaseIdentity.fileName([long + "y"]) != name, "two long names that differ at their end stay apart")
        #expect(CaseIdentity.fileName([long]) == name, "the same in every run")
    }

    @Test func twoWorkloadsWhoseNamesSanitiseAlikeGetTwoAccuracyCharts() {
        let names = AccuracyChart.fileNames(["a/b", "a_b", "heading"])
        #expect(names["a/b"] == "accuracy-a_b" && names["a_b"] == "accuracy-a_b_2" && names["heading"] == "accuracy-heading")
    }

    @Test func aNameThatLeavesItsFolderIsRefusedWherever() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["../x.svg", "plots/../../x.svg", "/etc/x.svg", "plots//x.svg", "./x.svg", ""] {
            #expect(throws: OutputError.self, "\(name)") { try RunFolder.file(name, in: folder) }
        }
        #expect(try RunFolder.file("plots/x-rss.svg", in: folder) == folder.appendingPathComponent("plots/x-rss.svg"))
        // A downloaded folder whose plots folder is a link to somewhere else.
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent(RunFolder.plotsFolderName), withDestinationURL: FileManager.default.temporaryDirectory)
        #expect(throws: OutputError.self) { try RunFolder.file("plots/x-rss.svg", in: folder) }
    }
}

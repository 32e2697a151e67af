import Foundation
import Testing

@testable import MotionReports

@Suite struct FormatRunReportTests {
    @Test func runReportWritesOnlyTheFormatsAsked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mb-formats-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try RunReport.write(SampleRun.make(), to: folder, formats: [.gbenchJSON, .actionJSON, .csv])
        #expect(files == ["summary.csv", "features.csv", "threads.csv", "timeseries.csv", "gbench.json", "action-benchmark.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == files.sorted())
        #expect(try RunReport.write(SampleRun.make(), to: folder, formats: [.md]) == ["cost.svg", "cpu.svg", "report.md"])
    }
}

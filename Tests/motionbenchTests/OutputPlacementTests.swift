import Foundation
import Testing

/// Paths on the command line are used as given, and a run writes inside `--out` and nowhere else.
@Suite struct OutputPlacementTests {
    @Test func aRunWritesOnlyInsideOutWhoseNameIsTakenLiterally() throws {
        let directory = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // No tilde expansion, no globbing, spaces and non-ASCII kept: the folder is made where named.
        let out = "~/run *1/ü ß"
        let outcome = try CLI.run(
            [
                "run", "accelerometer", "heading", "--mode", "virtual", "--samples", "500", "--emit", "--format",
                "csv,md,json,gbench-json,action-json", "--out", out,
            ],
            in: directory)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")

        let everything = try #require(FileManager.default.subpaths(atPath: directory.path)).sorted()
        #expect(everything.allSatisfy { $0 == "~" || $0 == "~/run *1" || $0.hasPrefix(out) }, "written outside --out: \(everything)")
        let written = everything.filter { $0.hasPrefix(out + "/") }.map { String($0.dropFirst(out.count + 1)) }
        #expect(written.contains("run.json") && written.contains("report.md") && written.contains("gbench.json"))
        #expect(written.contains { $0.hasPrefix("emitted/") && $0.hasSuffix(".csv") })
        #expect(!written.contains { $0.hasPrefix(".") || $0.contains("/.") }, "temporaries left: \(written)")
    }
}

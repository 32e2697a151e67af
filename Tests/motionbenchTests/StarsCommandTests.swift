import Foundation
import Testing

/// The Pareto-best (★) hold still: two runs of unchanged code star the same rows, however their
/// timings moved, and a cheaper variant of equal accuracy is never starred below a dearer one.
@Suite(.serialized) struct StarsCommandTests {
    /// `features.csv` of a virtual-time run of the scored built-ins, row by row (workload and filter).
    func features() throws -> [String: [String: String]] {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run([
            "run", "accelerometer", "barometer", "heading", "--mode", "virtual", "--samples", "3000", "--out", folder.path, "--quiet",
        ])
        try #require(outcome.status == 0, "stderr: \(outcome.stderr)")
        let lines = try String(contentsOf: folder.appendingPathComponent("features.csv"), encoding: .utf8).split(separator: "\n")
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let rows = lines.dropFirst().map {
            Dictionary(uniqueKeysWithValues: zip(header, $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
        return Dictionary(uniqueKeysWithValues: rows.map { ("\($0["workload"]!) \($0["filter"]!)", $0) })
    }

    @Test func twoRunsOfUnchangedCodeStarTheSameRows() throws {
        let first = try features(), second = try features()
        #expect(Set(first.keys) == Set(second.keys) && first.count == 10)
        for (row, figures) in first {
            let again = try #require(second[row]?["standing"])
            // A row the run cannot place may be placed by the other; a placed row never flips.
            if figures["standing"] != "unsettled" && again != "unsettled" {
                #expect(figures["standing"] == again, "\(row): \(figures["standing"]!) then \(again)")
            }
        }
        #expect(first["heading ecompass"]?["standing"] == "best", "four times cheaper than the rest, which one run can tell")
        for run in [first, second] {
            let raw = try #require(run["accelerometer raw"]), lowPass = try #require(run["accelerometer low-pass"])
            #expect(raw["accuracy"] == lowPass["accuracy"], "the same shakes found")
            if Double(raw["cpu_ns_per_sample"]!)! <= Double(lowPass["cpu_ns_per_sample"]!)! {
                #expect(raw["standing"] == "best", "raw costs no more at the same F1: \(raw), \(lowPass)")
            }
        }
    }
}

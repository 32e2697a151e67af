import Foundation
import MotionReports
import TestSupport
import Testing

@testable import MotionResults

/// `history`'s machine-readable forms end to end, over twelve commits of `HistoryCommandTests`' runs
/// with the accelerometer's raw case 30 % dearer from the ninth commit and every barometer case
/// 20 % cheaper from the fifth: the JSON holds every commit, value and step and reads back to the
/// same text, the CSV files hold every value and step, the Markdown and the page list the same steps,
/// and `--min-change` moves only the flags. Every test removes the folders it makes.
@Suite(.serialized) struct HistoryFormatsTests {
    /// A new folder of twelve runs at commits 0…11 with the two steps; the caller removes it.
    static func runs() throws -> URL {
        let folder = try Repository.scratchFolder("motionbench-history-formats")
        try HistoryCommandTests.writeCommits(to: folder, seed: 0x2545_f491_4f6c_dd1d) { result, index in
            let rise = result.spec.workload == "accelerometer" && result.spec.filter == "raw" && index >= 8 ? 1.3 : 1
            return rise * (result.spec.workload == "barometer" && index >= 4 ? 0.8 : 1)
        }
        return folder
    }

    /// The series of `document` that follows CPU per sample of `workload`'s `filter` case.
    static func cpu(_ document: HistoryJSON.Document, _ workload: String, _ filter: String) -> HistoryJSON.Series? {
        document.series.first { $0.workload == workload && $0.filter == filter && $0.metric == "cpu_ns_per_sample" }
    }

    @Test func theJSONHoldsEveryCommitValueAndStepAndReadsBack() throws {
        let runs = try Self.runs(), out = CLI.temporaryFolder()
        defer { for folder in [runs, out] { try? FileManager.default.removeItem(at: folder) } }
        let printed = try CLI.run(["history", runs.path, "--format", "json"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let document = try JSONDecoder().decode(HistoryJSON.Document.self, from: Data(printed.stdout.utf8))

        // Read back, the document writes the same text: nothing is lost or rounded.
        #expect(try HistoryJSON.render(document) == printed.stdout)
        #expect(document.schema == "motionbench-history/1")
        #expect(document.commits.map(\.position) == Array(0..<12))
        #expect(document.commits.map(\.commit) == (0..<12).map { HistoryCommandTests.commit($0) })
        #expect(document.commits[8].time == "2026-01-09T10:00:00Z" && document.commits[8].timeSource == "run start")

        // Every repetition's value, as the runs hold it.
        let raw = try #require(Self.cpu(document, "accelerometer", "raw"))
        #expect(raw.rateHz == 10 && raw.mode == "virtual" && raw.unit == "ns" && !raw.higherIsBetter)
        for index in 0..<12 {
            let run = try RunResult.load(from: runs.appendingPathComponent("ci/run-\(index)/run.json"))
            let written = run.cases.filter { $0.spec.workload == "accelerometer" && $0.spec.filter == "raw" }.compactMap(\.cpuNsPerSample)
            #expect(raw.points[index].values == written && written.count == 3, "commit \(index)")
            #expect(raw.points[index].commit == HistoryCommandTests.commit(index))
        }

        // The step: full hash, levels, change, an interval around it, flagged over compare's 10 %.
        let step = try #require(raw.steps.first)
        #expect(raw.steps.count == 1 && step.position == 8 && step.commit == HistoryCommandTests.commit(8))
        #expect(abs((step.changePct ?? 0) - 30) < 5, "\(step)")
        #expect(step.intervalLower < step.change && step.change < step.intervalUpper)
        #expect((step.pValue ?? 1) < 1e-4 && step.confidence > 0.9999 && !step.exact && step.worse && step.flagged)
        #expect(raw.minimumChange == HistoryJSON.Tolerance(relativePct: 10, absolute: 0))

        // The barometer's fall: found, better, so not flagged; every other series: an empty list.
        let barometers = document.series.filter { $0.workload == "barometer" && $0.metric == "cpu_ns_per_sample" }
        #expect(!barometers.isEmpty && barometers.allSatisfy { $0.steps.map(\.position) == [4] && !$0.steps[0].worse && !$0.steps[0].flagged })
        let quiet = document.series.filter { !($0.metric == "cpu_ns_per_sample" && ($0.workload == "barometer" || $0.filter == "raw")) }
        #expect(!quiet.isEmpty && quiet.allSatisfy { $0.steps.isEmpty }, "\(quiet.filter { !$0.steps.isEmpty }.map(\.metric))")

        // With --out, the same document in history.json, and the Markdown still to stdout.
        let written = try CLI.run(["history", runs.path, "--out", out.path, "--format", "json"])
        #expect(written.status == 0 && written.stdout.hasPrefix("# motionbench history"), "\(written.stderr)")
        #expect(try String(contentsOf: out.appendingPathComponent("history.json"), encoding: .utf8) == printed.stdout)
    }

    @Test func theCSVHoldsEveryValueAndStep() throws {
        let runs = try Self.runs(), out = CLI.temporaryFolder()
        defer { for folder in [runs, out] { try? FileManager.default.removeItem(at: folder) } }
        #expect(try CLI.run(["history", runs.path, "--out", out.path, "--format", "csv"]).status == 0)
        let document = try JSONDecoder().decode(
            HistoryJSON.Document.self, from: Data(try CLI.run(["history", runs.path, "--format", "json"]).stdout.utf8))

        let values = try String(contentsOf: out.appendingPathComponent("history.csv"), encoding: .utf8).split(separator: "\n")
        #expect(
            values.first == "workload,rate_hz,recorded_timing,filter,params,mode,recorded_estimate,metric,unit,position,commit,time,value_index,value"
        )
        #expect(values.count - 1 == document.series.reduce(0) { $0 + $1.points.reduce(0) { $0 + $1.values.count } })
        let first = try #require(Self.cpu(document, "accelerometer", "raw")?.points[0].values[0])
        let firstCommit = HistoryCommandTests.commit(0)
        #expect(
            values.contains { $0 == "accelerometer,10,false,raw,,virtual,,cpu_ns_per_sample,ns,0,\(firstCommit),2026-01-01T10:00:00Z,0,\(first)" })

        let steps = try String(contentsOf: out.appendingPathComponent("history-steps.csv"), encoding: .utf8).split(separator: "\n")
        #expect(steps.count - 1 == document.series.reduce(0) { $0 + $1.steps.count })
        let raw = try #require(
            steps.first { $0.hasPrefix("accelerometer,10,false,raw,,virtual,,cpu_ns_per_sample,ns,8,\(HistoryCommandTests.commit(8)),") })
        #expect(raw.hasSuffix(",false,true,true"), "not exact, worse, flagged: \(raw)")
    }

    /// The steps table of the Markdown and of the page, row by row: the same cells.
    @Test func theMarkdownAndThePageShowTheSameSteps() throws {
        let runs = try Self.runs(), out = CLI.temporaryFolder()
        defer { for folder in [runs, out] { try? FileManager.default.removeItem(at: folder) } }
        #expect(try CLI.run(["history", runs.path, "--out", out.path, "--format", "md,html"]).status == 0)
        let markdown = try String(contentsOf: out.appendingPathComponent("history.md"), encoding: .utf8)
        let page = try String(contentsOf: out.appendingPathComponent("history.html"), encoding: .utf8)

        let section = markdown.components(separatedBy: "## Steps\n")[1].components(separatedBy: "\n## ")[0]
        let markdownRows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Case") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let table = page.components(separatedBy: "<table id=\"steps\">")[1].components(separatedBy: "</table>")[0]
        let pageRows = table.components(separatedBy: "<tr data-workload=").dropFirst().map { row in
            row.components(separatedBy: "<td>").dropFirst().map { cell in
                cell.components(separatedBy: "</td>")[0].replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            }
        }
        #expect(markdownRows.count >= 2, "the raw case's rise and the barometer's falls: \(markdownRows)")
        #expect(markdownRows == pageRows)
        #expect(markdownRows.contains { $0[0] == "accelerometer 10 Hz raw virtual" && $0[2] == "c0ffee08 (2026-01-09 10:00)" && $0.last == "yes" })
        #expect(section.contains("\(markdownRows.count) steps, 1 flagged as a regression."))
        #expect(page.contains("<p id=\"step-count\">\(markdownRows.count) steps, 1 flagged as a regression.</p>"))
    }

    @Test func theMinimumChangeMovesOnlyTheFlags() throws {
        let runs = try Self.runs()
        defer { try? FileManager.default.removeItem(at: runs) }
        let strict = try CLI.run(["history", runs.path, "--format", "json", "--min-change", "cpu_ns_per_sample=40%"])
        #expect(strict.status == 0, "\(strict.stderr)")
        let document = try JSONDecoder().decode(HistoryJSON.Document.self, from: Data(strict.stdout.utf8))
        let raw = try #require(Self.cpu(document, "accelerometer", "raw"))
        #expect(raw.steps.map(\.position) == [8] && raw.steps.allSatisfy { $0.worse && !$0.flagged })
        #expect(raw.minimumChange == HistoryJSON.Tolerance(relativePct: 40, absolute: 0))
        let markdown = try CLI.run(["history", runs.path, "--min-change", "cpu_ns_per_sample=40%"]).stdout
        #expect(markdown.contains("steps, 0 flagged as a regression."), "\(markdown.prefix(600))")

        let unknown = try CLI.run(["history", runs.path, "--min-change", "speed=5%"])
        #expect(unknown.status == 64 && unknown.stderr.contains("--min-change: unknown metric 'speed'"), "\(unknown.stderr)")
        let csv = try CLI.run(["history", runs.path, "--format", "csv"])
        #expect(csv.status == 64 && csv.stderr.contains("--format: csv is written to files: give --out DIR"), "\(csv.stderr)")
        let two = try CLI.run(["history", runs.path, "--format", "md,json"])
        #expect(two.status == 64 && two.stderr.contains("one format goes to stdout"), "\(two.stderr)")
    }
}

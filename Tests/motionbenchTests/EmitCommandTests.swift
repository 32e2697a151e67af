import Foundation
import MotionBench
import MotionMath
import MotionWorkloads
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
    import MotionResults
#endif

/// `run --emit` and `plot` end to end: the emitted CSV pinned, re-scored to accuracy.csv's figures,
/// the plots well-formed with their series, bad input refused.
@Suite(.serialized) struct EmitCommandTests {
    static let repository = Repository.root

    /// A CSV file's rows by column name (the emitted files quote nothing these tests read).
    func rows(_ url: URL) throws -> [[String: String]] {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(lines[0], $0)) }
    }

    /// The emitted barometer file of a seeded elevator ride is pinned, as the workloads' golden
    /// files are (`MOTIONBENCH_UPDATE_GOLDEN=1 swift test --filter EmitCommandTests` rewrites it).
    @Test func theEmittedCSVOfASeededSyntheticCaseIsPinned() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run([
            "run", "barometer", "--filter", "none", "--source", "synthetic:elevator,seed=3", "--mode", "virtual", "--samples", "100",
            "--emit", "--format", "csv", "--out", folder.path,
        ])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("emitted/barometer-1hz-none.csv"), encoding: .utf8)
        let golden = Self.repository.appendingPathComponent("Tests/MotionWorkloadsTests/Golden/emitted-barometer-1hz-none-elevator.csv")
        if ProcessInfo.processInfo.environment["MOTIONBENCH_UPDATE_GOLDEN"] == "1" {
            try text.write(to: golden, atomically: true, encoding: .utf8)
        } else {
            #expect(
                text == (try String(contentsOf: golden, encoding: .utf8)),
                "emitted CSV differs from \(golden.lastPathComponent) (MOTIONBENCH_UPDATE_GOLDEN=1 rewrites it)")
        }
        #expect(try rows(folder.appendingPathComponent("emitted/barometer-1hz-none.csv")).count == 60)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("emitted").path)
        #expect(left == ["barometer-1hz-none.csv"], "no temporary is left behind")
    }

    /// The heading's emitted attitudes, scored again from the CSV alone (the rows `scored` marks,
    /// each estimate against the truth beside it), give accuracy.csv's median, p95 and RMS.
    @Test func anEmittedHeadingTraceReScoresToAccuracyCSV() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run([
            "run", "heading", "--filter", "madgwick,ecompass", "--mode", "virtual", "--samples", "200", "--emit", "--out", folder.path,
        ])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        for entry in try rows(folder.appendingPathComponent("accuracy.csv")) {
            let emitted = try rows(folder.appendingPathComponent("emitted/heading-50hz-\(entry["filter"]!).csv")).filter { $0["scored"] == "1" }
            let errors = emitted.map { row in
                func quaternion(_ prefix: String) -> Quaternion {
                    Quaternion(
                        w: Double(row[prefix + "qw"]!)!, x: Double(row[prefix + "qx"]!)!, y: Double(row[prefix + "qy"]!)!,
                        z: Double(row[prefix + "qz"]!)!)
                }
                return AttitudeError(estimate: quaternion(""), truth: quaternion("truth_"))
            }
            #expect(errors.count == Int(entry["attitude_samples"]!))
            for (figure, values) in [("total", errors.map(\.total)), ("tilt", errors.map(\.tilt)), ("heading", errors.map { abs($0.heading) })] {
                let summary = try #require(ErrorSummary(values))
                for (statistic, value) in [("median", summary.median), ("p95", summary.p95), ("rms", summary.rms)] {
                    let scored = try #require(Double(entry["\(figure)_\(statistic)_deg"]!))
                    #expect(
                        abs(value - scored) < 0.0002, "\(entry["filter"]!) \(figure) \(statistic): \(value) from the CSV, \(scored) in accuracy.csv")
                }
            }
        }
        for file in ["heading-50hz-estimate.svg", "heading-50hz-error.svg"] {
            let svg = try String(contentsOf: folder.appendingPathComponent("plots/\(file)"), encoding: .utf8)
            #expect(XMLParser(data: Data(svg.utf8)).parse(), "\(file) is not well-formed")
            #expect(svg.contains("data-name=\"madgwick\"") && svg.contains("data-name=\"ecompass\""))
        }
        let report = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("(plots/heading-50hz-estimate.svg)"))
    }

    @Test func plotDrawsAgainAndRefusesBadInput() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run([
            "run", "barometer", "--source", "synthetic:elevator", "--duration", "2", "--samples", "100", "--emit", "--out", folder.path,
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let plots = folder.appendingPathComponent("plots")
        let drawn = try FileManager.default.contentsOfDirectory(atPath: plots.path).sorted()
        #expect(drawn.contains("barometer-1hz-estimate.svg") && drawn.contains("barometer-1hz-none-realtime-1-cpu.svg"))
        try FileManager.default.removeItem(at: plots)
        let again = try CLI.run(["plot", folder.path])
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: plots.path).sorted() == drawn)
        for file in drawn {
            let svg = try String(contentsOf: plots.appendingPathComponent(file), encoding: .utf8)
            #expect(XMLParser(data: Data(svg.utf8)).parse(), "\(file) is not well-formed")
            #expect(svg.contains("class=\"series\""))
        }

        // One case: its group's estimate and error (the filters overlaid), its own real-time plots.
        try FileManager.default.removeItem(at: plots)
        let one = try CLI.run(["plot", folder.path, "--case", "barometer-1hz-none"])
        #expect(one.status == 0, "stderr: \(one.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: plots.path).sorted() == [
                "barometer-1hz-error.svg", "barometer-1hz-estimate.svg", "barometer-1hz-none-realtime-1-cpu.svg",
                "barometer-1hz-none-realtime-1-rss.svg",
            ])

        let unknown = try CLI.run(["plot", folder.path, "--case", "nope"])
        #expect(unknown.status == 64 && unknown.stderr.contains("--case: 'nope' is not a case"))
        let missing = try CLI.run(["plot", folder.appendingPathComponent("absent").path])
        #expect(missing.status == 65 && missing.stderr.contains("absent"))
        let emitted = folder.appendingPathComponent("emitted/barometer-1hz-none.csv")
        var lines = try String(contentsOf: emitted, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[3] = "x" + lines[3]
        try (lines.joined(separator: "\n") + "\n").write(to: emitted, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: plots)
        let malformed = try CLI.run(["plot", folder.path])
        #expect(malformed.status == 65 && malformed.stderr.contains("barometer-1hz-none.csv:4:"), "stderr: \(malformed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: plots.path), "nothing is written from a malformed file")
    }

    /// A run with nothing `plot` draws (no truth, no real-time case) is told so, not only "Wrote report.md".
    @Test func plotSaysWhenARunHasNothingToPlot() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["run", "motion-cube", "--param", "shapes=1", "--mode", "virtual", "--samples", "100", "--emit", "--out", folder.path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let plot = try CLI.run(["plot", folder.path])
        #expect(plot.status == 0, "stderr: \(plot.stderr)")
        #expect(
            plot.stderr.contains("note: nothing to plot: plots are drawn for workloads with truth and for real-time cases, and this run has neither"))
    }

    /// The documentation's Output formats article lists every column a workload emits.
    @Test func theDocumentationListsEveryEmittedColumn() throws {
        let article = try String(
            contentsOf: Self.repository.appendingPathComponent("Sources/MotionBenchCLI/Documentation.docc/OutputFormats.md"), encoding: .utf8)
        for entry in WorkloadCatalogue.builtIn.entries {
            for column in entry.outputColumns {
                #expect(article.contains("`\(column.name)`"), "\(entry.descriptor.name): \(column.name)")
            }
        }
    }
}

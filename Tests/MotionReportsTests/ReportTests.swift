import Foundation
import TestSupport
import Testing

@testable import MotionReports
@testable import MotionResults

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct ReportTests {
    @Test func markdownHasEnvironmentTablesAndChartLinks() {
        let run = SampleRun.make()
        let markdown = MarkdownReport.render(run, charts: RunCharts.make(run))
        #expect(markdown.contains("| CPU | Test CPU \\| 2 GHz (2 cores) |"))
        #expect(markdown.contains("## Cost per sample (virtual time, 1000 samples a case)"))
        #expect(markdown.contains("| accelerometer | 10 | low-pass | 180.0 | — / — / — | 200.0 | 1.80 | — | — | — | 1 | — |"))
        #expect(markdown.contains("| accelerometer | 10 | low-pass | 10.00 | 60 / 120 / 150 | 0 | 500 | — | 1500 | 3200 | — | 10.5 | 11.0 |"))
        #expect(markdown.contains("## Projected against measured"))
        #expect(markdown.contains("| accelerometer | 10 | low-pass | 1.80 | 500 | — | 180.0 | 50000.0 |"))
        #expect(markdown.contains("![CPU ns per sample (virtual time, median)](cost.svg)"))
        #expect(markdown.contains("](cpu.svg)"))
        #expect(markdown.contains("| Commit | — |"))
    }

    /// A virtual-time case timed in ten chunks has a median and a 90th percentile beside its mean
    /// cost, and no 99th; `summary.csv` has them in its last columns, empty for the real-time case.
    @Test func chunkPercentilesSitBesideTheMeanCost() {
        var run = SampleRun.make()
        run.cases[0].chunkCost = ChunkCost(ticksPerChunk: 1024, nsPerSample: [176, 170, 172, 174, 178, 180, 182, 184, 186, 198])
        let markdown = MarkdownReport.render(run, charts: RunCharts.make(run))
        #expect(markdown.contains("| accelerometer | 10 | low-pass | 180.0 | 179.0 / 187.2 / — | 200.0 | 1.80 |"), "\(markdown)")
        let lines = RunCSV.summary(run).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(
            lines[0].suffix(5) == ["peak_rss_delta_bytes", "cpu_ns_per_sample_p50", "cpu_ns_per_sample_p90", "cpu_ns_per_sample_p99", "cost_chunks"])
        #expect(lines[1].suffix(4) == ["179.0", "187.2", "", "10"] && lines[2].suffix(4) == ["", "", "", ""])
    }

    /// Names from outside the program (a host, a recording's path, the command line, a shard's
    /// machine) holding `|`, a backtick or a line break: every table of report.md stays whole.
    @Test func namesWithBarsAndLineBreaksLeaveEveryTableWhole() {
        var run = SampleRun.make()
        run.environment.host = "rack|7\nnode"
        run.environment.os = "Linux\r\n6"
        run.environment.commandLine = ["motionbench", "run", "--source", "trace:/data/a|b\nc`d/rec.csv"]
        run.settings.source = "trace:/data/a|b\nc`d/rec.csv"
        let markdown = MarkdownReport.render(run, charts: RunCharts.make(run))
        #expect(MarkdownTables.brokenRows(in: markdown).isEmpty, "\(MarkdownTables.brokenRows(in: markdown))")
        #expect(markdown.contains("| Host | rack\\|7\\nnode |"))
        #expect(markdown.contains("Source: ``trace:/data/a\\|b\\nc`d/rec.csv``."))
        var merged = run
        merged.mergedShards = [
            MergedShard(
                shard: RunShard(index: 1, count: 1, plan: "0", plannedCases: 2, planPositions: [0, 1]),
                startedAt: run.startedAt, finishedAt: run.finishedAt, environment: run.environment)
        ]
        #expect(MarkdownTables.brokenRows(in: MarkdownReport.render(merged, charts: [])).isEmpty)
    }

    @Test func chartsAreWellFormedXMLWithTheirBars() throws {
        for chart in RunCharts.make(SampleRun.make()) {
            let parser = XMLParser(data: Data(chart.svg.utf8))
            #expect(parser.parse(), "\(chart.fileName) is not well-formed: \(String(describing: parser.parserError))")
            #expect(chart.svg.contains("accelerometer 10 Hz low-pass"))
        }
        let cpu = try #require(RunCharts.make(SampleRun.make()).first { $0.fileName == "cpu.svg" })
        #expect(cpu.svg.contains("measured (real time): 500.0") && cpu.svg.contains("projected (virtual time): 1.800"))
    }

    @Test func chartsMarkMissingValuesAndEscapeText() {
        let chart = BarChart(title: "a < b & c", axisLabel: "ns", categories: ["x", "y"], series: [.init(name: "s", values: [3, nil])])
        let svg = chart.svg()
        #expect(svg.contains("a &lt; b &amp; c"))
        #expect(svg.contains(">missing</text>"))
        #expect(XMLParser(data: Data(svg.utf8)).parse())
    }

    @Test func ticksAreRoundAndCoverTheMaximum() {
        #expect(ChartAxis.ticks(upTo: 9) == [0, 2, 4, 6, 8, 10])
        #expect(ChartAxis.ticks(upTo: 180) == [0, 50, 100, 150, 200])
        #expect(ChartAxis.ticks(upTo: 0) == [0, 1])
    }

    @Test func runReportWritesEveryFileAndRunJSONRoundTrips() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mb-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try RunReport.write(SampleRun.make(), to: folder)
        #expect(files == ["run.json", "summary.csv", "features.csv", "threads.csv", "timeseries.csv", "cost.svg", "cpu.svg", "report.md"])
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(listing == files.sorted(), "no temporary files are left behind")
        let loaded = try RunResult.load(from: folder.appendingPathComponent("run.json"))
        #expect(loaded == SampleRun.make())
    }

    /// run.json is encoded a case at a time, each set in at its key: byte for byte what encoding the
    /// run whole writes, empty arrays and objects in the cases and text like the key's own included.
    @Test func runJSONEncodedCaseByCaseIsTheEncodersWholeText() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var run = SampleRun.make()
        run.cases[0].timeseries = []
        run.cases[1].outputs = [:]
        run.cases.append(run.cases[0])
        run.environment.commandLine.append("\n  \"cases\" : [\n\n  ]")
        run.interruption = RunInterruption(state: .interrupted, signal: "SIGINT", plannedCases: 9)
        #expect(try String(decoding: run.encoded(), as: UTF8.self) == String(decoding: encoder.encode(run), as: UTF8.self))
        run.cases = []
        #expect(try run.encoded() == encoder.encode(run))
    }

    /// A run written before unscorable step counts were left out holds the pedometer's 0 against 0
    /// on a still scenario; read, it has none, so no report or comparison shows it.
    @Test func anOlderRunsStepCountAgainstNoStepTakenIsLeftOutWhenRead() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mb-run-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        var older = SampleRun.make()
        let nothingTaken = AccuracyMeasures(scoredFrom: 5, scoredTo: 60, steps: StepAccuracy(estimated: 0, truth: 0))
        older.accuracy.append(AccuracyResult(workload: "pedometer", rateHz: 50, filter: "default", measures: nothingTaken))
        try older.encoded().write(to: file)
        #expect(try RunResult.load(from: file) == SampleRun.make())
    }

    @Test func anUnwritableFolderFailsBeforeAnythingIsWritten() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mb-not-a-folder-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: OutputError.self) { try AtomicFile.prepareFolder(file.appendingPathComponent("run")) }
        #expect { try RunReport.write(SampleRun.make(), to: file) } throws: { error in
            (error as? ReportError).map { $0.cause is OutputError && $0.written.isEmpty } == true
        }
    }

    @Test func runJSONOfAnotherSchemaOrMalformedIsRefusedNamingTheFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mb-run-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"schemaVersion": 99}"#.utf8).write(to: file)
        #expect { try RunResult.load(from: file) } throws: { ($0 as? RunFileError)?.description.contains("schema version 99") == true }
        try Data("{not json".utf8).write(to: file)
        #expect { try RunResult.load(from: file) } throws: { ($0 as? RunFileError)?.description.hasPrefix(file.path) == true }
        try Data(#"{"schemaVersion": \#(RunResult.currentSchemaVersion), "cases": []}"#.utf8).write(to: file)
        #expect { try RunResult.load(from: file) } throws: { ($0 as? RunFileError)?.reason.contains("missing field") == true }
    }
}

@Suite struct SweepReportTests {
    /// The sample run's cases turned into a sweep of `shapes` over 1 and 10, cost growing with it.
    func sweepRun() -> RunResult {
        var run = SampleRun.make()
        run.cases = [1.0, 10].flatMap { shapes in
            SampleRun.make().cases.map { result in
                var result = result
                result.spec.workload = "cube"
                result.spec.parameters = ["shapes": shapes]
                result.cpuNsPerSample = result.cpuNsPerSample.map { $0 * shapes }
                return result
            }
        }
        return run
    }

    @Test func reportShowsCostAgainstTheSweptValueAsATableAndAChart() throws {
        let run = sweepRun()
        let charts = RunCharts.make(run)
        let markdown = MarkdownReport.render(run, charts: charts)
        #expect(markdown.contains("### cube at 10 Hz, low-pass: cost against `shapes`"))
        #expect(markdown.contains("| 1 | 180.0 | 1.80 | 500 | 11.0 |"))
        #expect(markdown.contains("| 10 | 1800.0 | 1.80 | 500 | 11.0 |"))
        #expect(markdown.contains("| cube | 10 | low-pass · shapes=10 | 1800.0 |"))
        let sweep = try #require(charts.first { $0.fileName == "sweep-cube-10hz-low-pass-shapes.svg" })
        #expect(sweep.svg.contains("shapes=10") && sweep.svg.contains(">1800</text>"))
        #expect(XMLParser(data: Data(sweep.svg.utf8)).parse())
        #expect(RunCSV.summary(run).contains("cube,10,low-pass,shapes=10,virtual,1,"))
    }

    @Test func aParameterThatTookOneValueIsNoSweep() {
        var run = sweepRun()
        run.cases = run.cases.filter { $0.spec.parameters["shapes"] == 1 }
        #expect(!MarkdownReport.render(run, charts: []).contains("Cost against swept parameters"))
    }
}

@Suite struct ChartAxisTests {
    @Test func valuesSpanningMoreThanAHundredfoldGetALogarithmicAxis() {
        let axis = ChartAxis(values: [57, 275, 1_883_438])
        #expect(axis.isLogarithmic && axis.ticks == [10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000])
        #expect(abs(axis.position(of: 1000) - 2.0 / 6) < 1e-12)
        let svg = BarChart(title: "t", axisLabel: "ns", categories: ["a", "b"], series: [.init(name: "s", values: [57, 1_883_438])]).svg()
        #expect(svg.contains("ns (log scale)") && svg.contains(">1e6</text>"))
    }

    @Test func closeValuesKeepALinearAxisFromZero() {
        let axis = ChartAxis(values: [50, 180])
        #expect(!axis.isLogarithmic && axis.ticks.first == 0 && axis.position(of: 100) == 0.5)
    }
}

/// A sweep of many rates: the report's tables show it in bands of neighbouring rates, a row each.
@Suite struct RateBandTests {
    /// The sample run's virtual-time case at `count` rates, 10, 20, … Hz, two repetitions each, its
    /// cost the rate's step (1, 2, …).
    func rateSweep(_ count: Int) -> RunResult {
        var run = SampleRun.make()
        let virtual = run.cases[0]
        run.cases = (1...count).flatMap { step in
            (1...2).map { repetition in
                var result = virtual
                result.spec.rateHz = Double(10 * step)
                result.spec.repetition = repetition
                result.cpuNsPerSample = Double(step)
                return result
            }
        }
        return run
    }

    /// The cells of the cost table's rows.
    func costRows(_ markdown: String) -> [[String]] {
        let section = markdown.components(separatedBy: "## Cost per sample")[1].components(separatedBy: "\n## ")[0]
        return section.split(separator: "\n").filter { $0.hasPrefix("| accelerometer") }.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test func aSweepOfMoreThanTwentyRatesIsShownInTenBands() throws {
        let run = rateSweep(25)
        let charts = RunCharts.make(run)
        let markdown = MarkdownReport.render(run, charts: charts)
        #expect(markdown.contains("**Sweeps of more than 20 rates are shown in 10 bands of neighbouring rates:**"))
        let rows = costRows(markdown)
        #expect(rows.count == 10)
        // 25 rates in ten bands of 2 or 3: the first 10 and 20 Hz, the second 30 to 50 Hz (costs 3, 4
        // and 5, twice each: median 4, six cases).
        // Rate, CPU ns/sample and Reps (the band's cases).
        #expect(Array(rows.map { [$0[1], $0[3], $0[10]] }.prefix(2)) == [["10–20", "1.5", "4"], ["30–50", "4.0", "6"]])
        #expect([rows[9][1], rows[9][3], rows[9][10]] == ["230–250", "24.0", "6"])
        let cost = try #require(charts.first { $0.fileName == "cost.svg" })
        #expect(cost.svg.contains("accelerometer 10–20 Hz low-pass") && !cost.svg.contains("accelerometer 20 Hz"))
        #expect(RunCSV.summary(run).split(separator: "\n").count == 1 + 50, "every case stays in summary.csv")
    }

    @Test func aSweepOfManyFeaturesShowsEachVariantsEndsAndKeepsEveryRowInTheCSV() throws {
        let run = rateSweep(150)
        let markdown = MarkdownReport.render(run, charts: [])
        let section = markdown.components(separatedBy: "## What each feature costs")[1].components(separatedBy: "\n## ")[0]
        #expect(section.contains("**2 of 150 features shown:**"))
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| accelerometer") }
        #expect(rows.count == 2 && rows[0].contains("| 10 |") && rows[1].contains("| 1500 |"), "\(rows)")
        #expect(RunCSV.features(run).split(separator: "\n").count == 1 + 150)
        #expect(!MarkdownReport.render(rateSweep(100), charts: []).contains("features shown"))
    }

    @Test func twentyRatesKeepARowEach() {
        let run = rateSweep(20)
        let markdown = MarkdownReport.render(run, charts: RunCharts.make(run))
        #expect(!markdown.contains("bands"))
        let rows = costRows(markdown)
        #expect(rows.count == 20 && [rows[19][1], rows[19][3], rows[19][10]] == ["200", "20.0", "2"])
    }
}

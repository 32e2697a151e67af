import Foundation
import Testing

@testable import MotionReports
@testable import MotionResults

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads an SVG as XML and collects what the tests look for: its elements, and the series' names.
final class SVGProbe: NSObject, XMLParserDelegate {
    private(set) var elements: [String] = []
    private(set) var seriesNames: [String] = []
    private(set) var polylinePoints: [Int] = []

    /// Parses `svg`, failing the test when it is not well-formed XML.
    static func parse(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) -> SVGProbe {
        let probe = SVGProbe()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = probe
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map(String.init(describing:)) ?? "")", sourceLocation: sourceLocation)
        return probe
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:])
    {
        elements.append(name)
        if name == "g", attributes["class"] == "series", let series = attributes["data-name"] { seriesNames.append(series) }
        if name == "polyline", let points = attributes["points"] { polylinePoints.append(points.split(separator: " ").count) }
    }
}

@Suite struct LineChartTests {
    @Test func aChartIsWellFormedXMLWithItsSeriesAxesAndLegend() {
        let chart = LineChart(
            title: "heading <& \"test\">", xLabel: "time, s", yLabel: "true heading, degrees",
            series: [
                .init(name: "truth", points: [(0, 350), (1, 355), (2, 2), (3, 8)], isDashed: true),
                .init(name: "madgwick", points: [(0, 349), (1, nil), (2, 3), (3, 9)]),
            ],
            wrapsAt: 360)
        let svg = chart.svg()
        let probe = SVGProbe.parse(svg)
        #expect(probe.seriesNames == ["truth", "madgwick"])
        #expect(probe.elements.first == "svg" && probe.elements.contains("text"))
        // The truth breaks where it wraps past 360°, the estimate where a value is missing.
        #expect(probe.polylinePoints.filter { $0 > 1 }.count >= 2)
        #expect(svg.contains("true heading, degrees") && svg.contains("time, s") && svg.contains("stroke-dasharray"))
    }

    @Test func anAxisSpanningNegativeValuesHasRoundTicksAroundThem() {
        let axis = ChartAxis(spanning: [-0.7, 2.3])
        #expect(axis.ticks.first! <= -0.7 && axis.ticks.last! >= 2.3)
        #expect(abs(axis.position(of: axis.ticks.first!)) < 1e-12 && abs(axis.position(of: axis.ticks.last!) - 1) < 1e-12)
        #expect(ChartAxis(spanning: [5, 5]).ticks.count >= 2)
        // A narrow range far from 0 gets labels that tell its ticks apart.
        let memory = ChartAxis(spanning: [26.77, 26.85])
        #expect(Set(memory.tickLabels).count == memory.ticks.count && memory.tickLabels.contains("26.80"))
    }
}

@Suite struct RunPlotTests {
    /// Two barometer filters scored at 1 Hz, with emitted files written by hand.
    private func scoredRun() -> RunResult {
        var run = SampleRun.make()
        let summary = ErrorSummary([0.1, 0.2])!
        run.accuracy = ["none", "median-5"].map { filter in
            AccuracyResult(
                workload: "barometer", rateHz: 1, filter: filter, measures: AccuracyMeasures(scoredFrom: 5, scoredTo: 60, altitude: summary))
        }
        return run
    }

    private func emit(_ name: String, in folder: URL, rows: [String]) throws {
        let emitted = folder.appendingPathComponent(RunFolder.emittedFolderName)
        try FileManager.default.createDirectory(at: emitted, withIntermediateDirectories: true)
        let text =
            (["time_s,pressure_in_kpa,relative_altitude_m,scored,truth_relative_altitude_m,error_altitude_m"] + rows).joined(separator: "\n") + "\n"
        try text.write(to: emitted.appendingPathComponent("\(name).csv"), atomically: true, encoding: .utf8)
    }

    @Test func scoredGroupsGetEstimateAndErrorPlotsWithTheirFiltersOverlaid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try emit("barometer-1hz-none", in: folder, rows: ["0,101.3,0,0,0,0", "1,101.29,0.8,0,1,-0.2", "2,101.28,1.7,0,2,-0.3"])
        try emit("barometer-1hz-median-5", in: folder, rows: ["0,101.3,0,0,0,0", "1,101.29,0.9,0,1,-0.1", "2,101.28,2.1,0,2,0.1"])
        let plots = try RunPlots.make(scoredRun(), runFolder: folder)
        #expect(plots.missing.isEmpty)
        let names = plots.charts.map(\.fileName)
        #expect(names.contains("plots/barometer-1hz-estimate.svg") && names.contains("plots/barometer-1hz-error.svg"))
        let estimate = try #require(plots.charts.first { $0.fileName == "plots/barometer-1hz-estimate.svg" })
        #expect(SVGProbe.parse(estimate.svg).seriesNames == ["truth", "none", "median-5"])
        let error = try #require(plots.charts.first { $0.fileName == "plots/barometer-1hz-error.svg" })
        #expect(SVGProbe.parse(error.svg).seriesNames == ["none", "median-5"])
        // The real-time case's memory, from run.json's readings; its two readings are too few for a
        // chart of CPU over time, and the report says so.
        #expect(!plots.charts.contains { $0.kind == .threadCPU })
        #expect(SVGProbe.parse(try #require(plots.charts.first { $0.fileName.hasSuffix("-rss.svg") }).svg).seriesNames == ["process RSS"])
        let report = MarkdownReport.render(scoredRun(), charts: plots.charts)
        #expect(report.contains("## Plots") && report.contains("](plots/barometer-1hz-estimate.svg)"))
        #expect(
            report.contains(
                "- accelerometer 10 Hz low-pass (real time, #1): no chart of CPU % per thread over time, as the sampler (10 Hz) closed 1 whole "
                    + "sampling period in the case, fewer than 5; threads.csv has each thread's CPU over the whole case."))
        #expect(report.contains("- Virtual-time cases: no charts over time, as their workload's thread runs flat out from start to end"))
    }

    /// Readings every 0.1 s, the first 1 ms after the case's start and the last 3 ms after the one
    /// before: the two short intervals' percentages (90 and 80 %) would tower over the steady 2 %.
    @Test func aCPUChartShowsTheWholeSamplingPeriodsOnly() throws {
        var run = SampleRun.make()
        let times = [0.001, 0.1, 0.2, 0.3, 0.4, 0.5, 0.503]
        run.cases[1].timeseries = times.enumerated().map { index, time in
            let percent = index == 0 ? 90.0 : index == times.count - 1 ? 80 : 2
            return TimeseriesPoint(elapsedSeconds: time, rssMiB: 10, threads: [ThreadPoint(tid: 101, cpuNs: 0, cpuPct: percent)])
        }
        let chart = try #require(ThreadPlots.make(run) { _ in true }.first { $0.kind == .threadCPU })
        #expect(SVGProbe.parse(chart.svg).polylinePoints.max() == 5, "the five whole periods, 0.1 … 0.5 s")
        #expect(!chart.svg.contains(">90<") && !chart.svg.contains(">80<"), "the axis spans the steady readings")
        #expect(ThreadPlots.cpuChartsLeftOut(run).count == 1, "the virtual-time case's line alone")
    }

    @Test func aMissingEmittedFileIsANoteAndAMalformedOneNamesItsLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try emit("barometer-1hz-none", in: folder, rows: ["0,101.3,0,0,0,0", "1,101.29,abc,0,1,-0.2"])
        #expect(throws: EmittedFileError.self) { try RunPlots.make(scoredRun(), runFolder: folder, names: ["barometer-1hz-none"]) }
        do {
            _ = try RunPlots.make(scoredRun(), runFolder: folder)
        } catch let error as EmittedFileError {
            #expect(error.description.hasSuffix("barometer-1hz-none.csv:3: 'abc' in column 'relative_altitude_m' is not a number"))
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("emitted/barometer-1hz-none.csv"))
        let plots = try RunPlots.make(scoredRun(), runFolder: folder, names: ["barometer"])
        #expect(plots.missing == ["emitted/barometer-1hz-none.csv", "emitted/barometer-1hz-median-5.csv"])
        #expect(plots.charts.isEmpty)
    }
}

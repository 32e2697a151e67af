import Foundation
import Testing

@testable import MotionReports
@testable import MotionResults

@Suite struct AccuracyReportTests {
    /// Three heading filters at 50 Hz with their cost, and Core Motion's recorded attitude: the
    /// e-compass four times cheaper than the other two, which one run cannot tell apart.
    private func run() -> RunResult {
        var run = SampleRun.make()
        let template = run.cases[0]
        func scored(_ filter: String, cost: Double?, error: Double, recorded: String? = nil) -> AccuracyResult {
            if let cost {
                var result = template
                result.spec = CaseSpec(
                    workload: "heading", rateHz: 50, filter: filter, mode: .virtual, repetition: 1,
                    durationSeconds: 2, sampleCount: 1000, displayRateHz: nil, seed: 1)
                result.cpuNsPerSample = cost
                result.projectedCpuPct = cost * 50 / 1e7
                run.cases.append(result)
            }
            let summary = ErrorSummary([error, error])!
            let attitude = AttitudeAccuracy(total: summary, tilt: summary, heading: summary, yawOffsetDegrees: 1.5, timeShiftSeconds: -0.004)
            return AccuracyResult(
                workload: "heading", rateHz: recorded == nil ? 50 : 94.8, filter: filter, recordedEstimate: recorded,
                measures: AccuracyMeasures(scoredFrom: 5, scoredTo: 120, attitude: attitude))
        }
        run.accuracy = [
            scored("ecompass", cost: 100, error: 9), scored("complementary", cost: 400, error: 3),
            scored("madgwick", cost: 500, error: 4), scored("core-motion", cost: nil, error: 5, recorded: "apple-cmattitude"),
        ]
        return run
    }

    @Test func theParetoBestAreTheUndominatedRowsWithACost() throws {
        let rows = try #require(AccuracyCost.grouped(run()).first).rows
        #expect(rows.map(\.result.filter) == ["ecompass", "complementary", "madgwick", "core-motion"])
        #expect(rows.map(\.isParetoBest) == [true, true, false, false])
        #expect(rows.map(\.cpuNsPerSample) == [100, 400, 500, nil])
    }

    @Test func accuracyCSVHasARowPerEstimatorWithCostAndErrors() throws {
        let lines = RunCSV.accuracy(run()).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let records = lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(lines[0], $0)) }
        #expect(records.count == 4)
        let core = try #require(records.first { $0["filter"] == "core-motion" })
        #expect(core["recorded_estimate"] == "apple-cmattitude" && core["cpu_ns_per_sample"] == "" && core["pareto_best"] == "false")
        #expect(core["total_median_deg"] == "5.0000" && core["time_shift_ms"] == "-4.0" && core["steps_true"] == "")
        let best = try #require(records.first { $0["filter"] == "complementary" })
        #expect(best["cpu_ns_per_sample"] == "400.0" && best["pareto_best"] == "true" && best["yaw_offset_deg"] == "1.500")
    }

    @Test func theReportHasATableAndAChartPerScoredWorkload() throws {
        let run = run()
        let charts = RunCharts.make(run)
        let chart = try #require(charts.first { $0.fileName == "accuracy-heading.svg" })
        #expect(chart.svg.contains("core-motion: 5") && chart.svg.contains("<polyline"))
        let report = MarkdownReport.render(run, charts: charts)
        #expect(report.contains("## Accuracy against cost"))
        #expect(report.contains("| Filter | Rate (Hz) | CPU ns/sample | Cost per second (CPU µs/s, virtual time) | Total median |"))
        #expect(report.contains("| complementary | 50 | 400.0 | 20.0 | 3.00 |"))
        #expect(report.contains("| *core-motion* (recorded) | 94.8 | — | — | 5.00 |"))
        #expect(report.contains("![heading: error against cost](accuracy-heading.svg)"))
    }

    /// Mahony at 50 and 100 Hz: per tick the 100 Hz case is cheaper (404.8 against 420 ns), but per
    /// second it costs twice as much and is less accurate, so only 50 Hz is Pareto-best. Ranked by
    /// what a second costs in virtual time, whether or not the run measured real time too.
    @Test func theParetoBestAcrossRatesIsRankedByCostPerSecond() throws {
        func run(withRealTime: Bool) -> RunResult {
            var run = SampleRun.make()
            run.cases = []
            let template = SampleRun.make().cases[0]
            for (rate, costPerTick, measured, error) in [(50.0, 420.0, 0.11, 0.22), (100.0, 404.8, 0.2, 0.40)] {
                for mode in withRealTime ? [RunMode.virtual, .realtime] : [.virtual] {
                    var result = template
                    result.spec = CaseSpec(
                        workload: "heading", rateHz: rate, filter: "mahony", mode: mode, repetition: 1,
                        durationSeconds: 2, sampleCount: 1000, displayRateHz: nil, seed: 1)
                    result.cpuNsPerSample = mode == .virtual ? costPerTick : 20_000
                    result.projectedCpuPct = mode == .virtual ? costPerTick * rate / 1e7 : nil
                    result.cpuPct = mode == .realtime ? measured : nil
                    run.cases.append(result)
                }
                let summary = ErrorSummary([error, error])!
                let attitude = AttitudeAccuracy(total: summary, tilt: summary, heading: summary, yawOffsetDegrees: nil, timeShiftSeconds: 0)
                run.accuracy.append(
                    AccuracyResult(
                        workload: "heading", rateHz: rate, filter: "mahony",
                        measures: AccuracyMeasures(scoredFrom: 5, scoredTo: 60, attitude: attitude)))
            }
            return run
        }
        for withRealTime in [false, true] {
            let rows = try #require(AccuracyCost.grouped(run(withRealTime: withRealTime)).first).rows
            #expect(rows.map(\.result.rateHz) == [50, 100])
            #expect(rows.map(\.isParetoBest) == [true, false], "real time: \(withRealTime)")
            #expect(rows.map(\.cost?.basis) == [.virtual, .virtual])
        }
        let report = MarkdownReport.render(run(withRealTime: true), charts: RunCharts.make(run(withRealTime: true)))
        #expect(report.contains("| mahony | 50 | 420.0 | 21.0 | 0.22 |"))
        let chart = try #require(RunCharts.make(run(withRealTime: false)).first { $0.kind == .accuracy(workload: "heading") })
        #expect(chart.svg.contains("CPU µs per simulated second, virtual time (median)"))
        let csv = RunCSV.accuracy(run(withRealTime: true))
        #expect(csv.contains(",true,") && csv.contains(",0.1100,measured,") && csv.contains(",0.2000,measured,"))
    }
}

/// A detector's events beside its cost: ranked by F1, higher better, in the tables, the chart and the exports.
@Suite struct EventAccuracyReportTests {
    /// A gesture detector's two variants at 50 Hz: `cheap` costs 100 ns and finds 8 of 10 with 2
    /// false alarms, `careful` costs 300 ns and finds 9 with none, `wasteful` costs 400 and finds 7.
    private func run() -> RunResult {
        var run = SampleRun.make()
        run.cases = []
        let template = SampleRun.make().cases[0]
        run.accuracy = [("cheap", 100.0, 8, 10), ("careful", 300, 9, 9), ("wasteful", 400, 7, 7)].map { filter, cost, hits, detected in
            var result = template
            result.spec = CaseSpec(
                workload: "tap-tilt", rateHz: 50, filter: filter, mode: .virtual, repetition: 1,
                durationSeconds: 2, sampleCount: 1000, displayRateHz: nil, seed: 1)
            result.cpuNsPerSample = cost
            result.projectedCpuPct = cost * 50 / 1e7
            run.cases.append(result)
            let events = EventAccuracy(
                label: "tap-tilt", isState: false, toleranceBeforeSeconds: 0.1, toleranceAfterSeconds: 0.3, truthCount: 10,
                detectedCount: detected, hits: hits, matchedDetections: hits, latency: EventAccuracy.Latency([0.2, 0.3, 0.5]))
            return AccuracyResult(
                workload: "tap-tilt", rateHz: 50, filter: filter, measures: AccuracyMeasures(scoredFrom: 5, scoredTo: 60, events: [events]))
        }
        return run
    }

    @Test func f1RanksTheRowsHigherBeingBetter() throws {
        let rows = try #require(AccuracyCost.grouped(run()).first).rows
        #expect(zip(rows.compactMap(\.quality), [0.8, 18.0 / 19, 14.0 / 17]).allSatisfy { abs($0 - $1) < 1e-12 } && rows.count == 3)
        #expect(rows.allSatisfy { $0.isHigherBetter })
        #expect(rows.map(\.isParetoBest) == [true, true, false], "the wasteful one costs more than the careful one and scores less")
    }

    @Test func theTablesTheChartAndTheExportsCarryTheScores() throws {
        let run = run()
        let records = RunCSV.accuracy(run).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let careful = Dictionary(uniqueKeysWithValues: zip(records[0], records[2]))
        #expect(
            careful["event_labels"] == "tap-tilt" && careful["events_true"] == "10" && careful["events_missed"] == "1"
                && careful["events_false"] == "0")
        #expect(careful["event_precision"] == "1.0000" && careful["event_recall"] == "0.9000" && careful["event_f1"] == "0.9474")
        #expect(careful["event_latency_median_s"] == "0.3000" && careful["event_time_right"] == "" && careful["total_median_deg"] == "")
        let charts = RunCharts.make(run)
        let chart = try #require(charts.first { $0.fileName == "accuracy-tap-tilt.svg" })
        #expect(chart.svg.contains("event F1, 0–1 (higher is better)"))
        let report = MarkdownReport.render(run, charts: charts)
        #expect(
            report.contains(
                "| careful | 50 | 300.0 | 15.0 | tap-tilt | 10 | 9 | 1 | 0 | 1.000 | 0.900 | 0.947 | 300 | 480 | −0.1 / +0.3 | — | ★ |"
            ))
        #expect(report.contains("![tap-tilt: F1 against cost](accuracy-tap-tilt.svg)"))
        #expect(
            AccuracyFigures.all(run.accuracy[1].measures).map(\.name) == [
                "event_precision", "event_recall", "event_f1", "event_latency_median_s", "event_latency_p95_s",
            ])
        let headline = try #require(AccuracyFigures.headline(run.accuracy[1].measures).first)
        #expect(headline.name == "event_f1_shortfall" && abs(headline.value - 1 / 19) < 1e-12, "smaller is better, for a dashboard")
    }
}

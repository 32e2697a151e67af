import Foundation
import Testing

@testable import MotionReports
@testable import MotionResults

/// The comparison's Markdown and CSV, on the hand-built sample run and an edited copy of it.
@Suite struct CompareReportTests {
    /// The sample run against a candidate whose virtual case costs more than twice as much, whose
    /// real-time case is gone, and which ran on another CPU; its single repetitions' timings gate
    /// only when `gatingTime`.
    func comparison(gatingTime: Bool = true) -> RunComparison {
        let baseline = SampleRun.make()
        var candidate = SampleRun.make()
        candidate.cases[0].cpuNsPerSample = 400
        candidate.cases[0].projectedCpuPct = 0.0004
        candidate.cases[0].peakRssMiB = nil
        candidate.cases.remove(at: 1)
        candidate.environment.cpuModel = "Other CPU | 3 GHz"
        var settings = ComparisonSettings()
        settings.gatesTime = gatingTime
        return RunComparison(baseline: baseline, candidate: candidate, settings: settings)
    }

    @Test func markdownLeadsWithTheVerdictsAndTheRegressions() {
        let text = CompareMarkdown.render(comparison(), baselineName: "baseline main", candidateName: "results/new/run.json")
        #expect(text.hasPrefix("## motionbench compare: 2 regressed, 0 improved, 0 unchanged, 0 unresolved, 5 missing\n"))
        #expect(text.contains("| Run | `baseline main` | `results/new/run.json` |"))
        #expect(
            text.contains(
                "> **Warning:** the runs' environments differ, so their figures may not be comparable: CPU model `Test CPU \\| 2 GHz` → `Other CPU \\| 3 GHz`."
            ))
        #expect(text.contains("- `accelerometer 10 Hz low-pass virtual` CPU ns/sample: 180.0 → 400.0 (+220.0, +122.2 %)\n"))
        #expect(text.contains("| accelerometer | 10 | low-pass | virtual | CPU ns/sample | 180.0 | 400.0 | +220.0 | +122.2 | — | **regressed** |"))
        // More than twice: beyond what a single run resolves, as CPU ns/sample.
        #expect(
            text.contains("| accelerometer | 10 | low-pass | virtual | CPU % | 0.0001800 | 0.0004000 | +0.0002200 | +122.2 | — | **regressed** |"))
        #expect(text.contains("| accelerometer | 10 | low-pass | virtual | Peak RSS (MiB) | 11.00 | — | — | — | — | missing |"))
        #expect(text.contains("Only in the baseline: `accelerometer 10 Hz low-pass realtime`.\n"))
        #expect(!text.contains("Only in the candidate"))
        #expect(text.contains("`cpu_ns_per_sample=10%,0` `cpu_pct=10%,0` `peak_rss_mib=10%,2` `lateness_p99_us=50%,200`"))
        #expect(text.contains("p < 0.05"))
    }

    /// By default a single repetition's timing does not gate: the rise is shown, the headline counts
    /// only what gated, and the lines under it say what gated and why the rest did not.
    @Test func markdownSaysWhatGatedAndCountsOnlyThat() {
        let text = CompareMarkdown.render(comparison(gatingTime: false), baselineName: "baseline main", candidateName: "results/new/run.json")
        #expect(text.hasPrefix("## motionbench compare: 0 regressed, 0 improved, 0 unchanged, 0 unresolved, 5 missing\n"), "\(text.prefix(200))")
        // Peak RSS, the one metric here that could gate, the candidate lacks: nothing decided the outcome.
        #expect(!text.contains("**Gated on:**"))
        #expect(
            text.contains(
                "**Not gated:** CPU ns/sample, CPU %, Lateness p99 (µs) (1 repetition cannot tell these from noise: the test needs 5 on both sides).\n"
            ), "\(text)")
        #expect(text.contains("**Rose, not gated:**\n\n- `accelerometer 10 Hz low-pass virtual` CPU ns/sample: 180.0 → 400.0"))
        #expect(text.contains("| accelerometer | 10 | low-pass | virtual | CPU ns/sample | 180.0 | 400.0 | +220.0 | +122.2 | — | rose (not gated) |"))
        #expect(!text.contains("**Regressed:**"))
        let csv = CompareCSV.render(comparison(gatingTime: false))
        #expect(csv.contains(",1,1,,,regressed,false,1 repetition cannot tell this from noise: the test needs 5 on both sides,\n"), "\(csv)")
    }

    @Test func markdownOfEqualRunsHasNoWarningOrRegressions() {
        let run = SampleRun.make()
        let text = CompareMarkdown.render(RunComparison(baseline: run, candidate: run), baselineName: "a", candidateName: "b")
        #expect(text.hasPrefix("## motionbench compare: 0 regressed, 0 improved, 2 unchanged, 0 unresolved, 0 missing\n"))
        #expect(!text.contains("Warning") && !text.contains("Regressed:") && !text.contains("Only in"))
        #expect(text.contains("| 0 | 0.0 | — | unchanged |"), "no change: no sign")
    }

    @Test func csvHasARowPerFigureAndLeavesMissingOnesEmpty() {
        let rows = CompareCSV.render(comparison()).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(rows[0] == CompareCSV.header)
        #expect(rows.count == 1 + 7)
        let records = rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(rows[0], $0)) }
        let cpu = records[0]
        #expect(cpu["workload"] == "accelerometer" && cpu["mode"] == "virtual" && cpu["metric"] == "cpu_ns_per_sample" && cpu["unit"] == "ns")
        #expect(cpu["baseline"] == "180.000" && cpu["candidate"] == "400.000" && cpu["change"] == "220.000" && cpu["change_pct"] == "122.22")
        #expect(cpu["baseline_n"] == "1" && cpu["p_value"] == "" && cpu["test"] == "" && cpu["verdict"] == "regressed")
        let peak = records[2]
        #expect(peak["metric"] == "peak_rss_mib" && peak["candidate"] == "" && peak["change"] == "" && peak["candidate_n"] == "0")
        #expect(peak["verdict"] == "missing")
        let lateness = records.first { $0["metric"] == "lateness_p99_us" }!
        #expect(
            lateness["mode"] == "realtime" && lateness["baseline"] == "120.000" && lateness["candidate"] == "" && lateness["verdict"] == "missing")
    }

    @Test func csvShowsTheTestAndLeavesAccuracysModeEmpty() {
        var baseline = SampleRun.make(), candidate = SampleRun.make()
        baseline.cases = (1...5).map { repetition in
            var result = SampleRun.make().cases[0]
            result.spec.repetition = repetition
            result.cpuNsPerSample = 180 + Double(repetition)
            return result
        }
        candidate.cases = baseline.cases.map { result in
            var slower = result
            slower.cpuNsPerSample = result.cpuNsPerSample! * 2
            return slower
        }
        let error = ErrorSummary([1.5])!
        baseline.accuracy = [
            AccuracyResult(
                workload: "heading", rateHz: 50, filter: "madgwick",
                measures: AccuracyMeasures(
                    scoredFrom: 0, scoredTo: 10,
                    attitude: AttitudeAccuracy(total: error, tilt: error, heading: error, yawOffsetDegrees: nil, timeShiftSeconds: 0)
                ))
        ]
        candidate.accuracy = baseline.accuracy
        let text = CompareCSV.render(RunComparison(baseline: baseline, candidate: candidate))
        #expect(
            text.contains(
                "accelerometer,10,low-pass,,virtual,cpu_ns_per_sample,ns,183.000,366.000,183.000,100.00,5,5,0.007937,exact,regressed,true,,"))
        #expect(text.contains("heading,50,madgwick,,,attitude_error_deg,°,1.50000,1.50000,0,0.00,1,1,,,unchanged,true,,\n"))
    }
}

import Foundation
import Testing

@testable import MotionReports
@testable import MotionResults

/// The exports for stores, pinned on the sample run: InfluxDB line protocol, OpenMetrics text and
/// the Bencher Metric Format. (`scripts/exports-roundtrip.sh` posts them to the real servers.)
@Suite struct FormatStoreExportTests {
    static func run() -> RunResult {
        var run = SampleRun.repeatedAndScored()
        run.environment.gitCommit = "0123456789abcdef0123456789abcdef01234567"
        run.environment.host = "ci runner,1"
        run.cases = run.cases.map { result in
            var result = result
            result.spec.parameters = ["gain": 0.5]
            return result
        }
        return run
    }

    @Test func influxHasALinePerCaseAndAccuracyEntryAtTheRunsStart() {
        let commit = "0123456789abcdef0123456789abcdef01234567"
        let tags = "workload=accelerometer,rate=10,filter=low-pass,parameters=gain\\=0.5"
        #expect(
            InfluxLineProtocol.render(Self.run()) == """
                motionbench,\(tags),mode=virtual,commit=\(commit),host=ci\\ runner\\,1 cpu_ns_per_sample=200.0,peak_rss_mib=12.0,repetitions=2i 1795366800000000000
                motionbench,\(tags),mode=realtime,commit=\(commit),host=ci\\ runner\\,1 cpu_ns_per_sample=50000.0,peak_rss_mib=11.0,repetitions=1i 1795366800000000000
                motionbench_accuracy,workload=accelerometer,rate=10,filter=low-pass,commit=\(commit),host=ci\\ runner\\,1 steps_error=-2.0,steps_error_pct=-2.0,altitude_median_m=1.0,altitude_p95_m=1.45,altitude_rms_m=1.118033988749895,altitude_max_m=1.5 1795366800000000000
                motionbench_accuracy,workload=accelerometer,rate=10.2,filter=oxford-app-steps,commit=\(commit),host=ci\\ runner\\,1 steps_error=-10.0,steps_error_pct=-10.0 1795366800000000000

                """)
        #expect(RunResult.epochSeconds("2026-11-22T17:00:00Z") == 1_795_366_800)
    }

    @Test func openMetricsHasAGaugeFamilyPerFigureAndEndsWithEOF() {
        let text = OpenMetricsText.render(Self.run())
        let labels = "workload=\"accelerometer\",rate=\"10\",filter=\"low-pass\",parameters=\"gain=0.5\""
        let commit = "commit=\"0123456789abcdef0123456789abcdef01234567\",host=\"ci runner,1\""
        #expect(
            text.hasPrefix(
                """
                # TYPE motionbench_cpu_ns_per_sample gauge
                # HELP motionbench_cpu_ns_per_sample CPU of the workload's threads per sample tick, ns, median over repetitions
                motionbench_cpu_ns_per_sample{\(labels),mode="virtual",\(commit)} 200.0
                motionbench_cpu_ns_per_sample{\(labels),mode="realtime",\(commit)} 50000.0
                # TYPE motionbench_peak_rss_mib gauge

                """))
        #expect(
            text.contains(
                "motionbench_accuracy_steps_error_pct{workload=\"accelerometer\",rate=\"10.2\",filter=\"oxford-app-steps\",\(commit)} -10.0\n"))
        #expect(text.contains("motionbench_run_start_timestamp_seconds{\(commit)} 1795366800.0\n"))
        #expect(!text.contains("instructions_per_sample"), "a figure no case has gets no family")
        #expect(text.hasSuffix("# EOF\n"))
        #expect(OpenMetricsText.escape("a\"b\\c\nd") == "a\\\"b\\\\c\\nd")
    }

    @Test func bencherHasABenchmarkPerCaseWithBoundsFromRepetitions() throws {
        let benchmarks = BencherMetricFormat.benchmarks(Self.run())
        #expect(
            benchmarks["accelerometer/10Hz/low-pass/gain:0.5/virtual"] == [
                "cpu-ns-per-sample": .init(value: 200, lowerValue: 180, upperValue: 220),
                "peak-rss-mib": .init(value: 12, lowerValue: 11, upperValue: 13),
            ])
        #expect(
            benchmarks["accelerometer/10Hz/low-pass/gain:0.5/realtime"] == [
                "cpu-ns-per-sample": .init(value: 50000), "peak-rss-mib": .init(value: 11),
            ])
        #expect(benchmarks["accelerometer/10Hz/low-pass"]?["steps-error-pct"] == .init(value: -2))
        #expect(benchmarks.count == 3, "a recorded competitor is not one of our benchmarks")
        let json = try #require(
            try JSONSerialization.jsonObject(with: BencherMetricFormat.render(Self.run())) as? [String: [String: [String: Double]]])
        #expect(json["accelerometer/10Hz/low-pass/gain:0.5/virtual"]?["cpu-ns-per-sample"] == ["value": 200, "lower_value": 180, "upper_value": 220])
    }
}

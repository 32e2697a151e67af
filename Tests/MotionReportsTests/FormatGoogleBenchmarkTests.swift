import Foundation
import Testing

@testable import MotionReports
@testable import MotionResults

@Suite struct FormatGoogleBenchmarkTests {
    /// The JSON as Foundation objects, so the comparison pins keys and values, not whitespace.
    private func parsed(_ data: Data) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    @Test func aSmallRunIsGoogleBenchmarksSchemaWithOurFiguresAsCounters() throws {
        let expected = #"""
            {
              "context": {
                "date": "2026-11-22T17:00:00+00:00", "host_name": "test-host", "executable": "motionbench", "num_cpus": 2,
                "caches": [], "load_avg": [], "library_build_type": "release",
                "architecture": "x86_64", "command_line": "motionbench run --all", "cpu_model": "Test CPU | 2 GHz", "kernel": "6.1.0",
                "os": "TestOS 1", "source": "synthetic:test,seed=1", "swift_version": "6.3"
              },
              "benchmarks": [
                {
                  "name": "accelerometer/10Hz/low-pass/virtual", "family_index": 0, "per_family_instance_index": 0,
                  "run_name": "accelerometer/10Hz/low-pass/virtual", "run_type": "iteration", "repetitions": 1, "repetition_index": 0,
                  "threads": 1, "iterations": 1000, "real_time": 200, "cpu_time": 180, "time_unit": "ns",
                  "hub_cpu_pct": 0.15, "peak_rss_mib": 11, "process_cpu_pct": 0.32, "projected_cpu_pct": 0.00018, "rss_mib": 10.5,
                  "sampler_cpu_pct": 0.02
                },
                {
                  "name": "accelerometer/10Hz/low-pass/realtime", "family_index": 0, "per_family_instance_index": 1,
                  "run_name": "accelerometer/10Hz/low-pass/realtime", "run_type": "iteration", "repetitions": 1, "repetition_index": 0,
                  "threads": 1, "iterations": 20, "real_time": 100000000, "cpu_time": 50000, "time_unit": "ns",
                  "achieved_hz": 10.001, "cpu_pct": 0.05, "dropped": 0, "hub_cpu_pct": 0.15, "lateness_max_us": 150, "lateness_p50_us": 60,
                  "lateness_p99_us": 120, "missed": 0, "peak_rss_mib": 11, "process_cpu_pct": 0.32, "rss_mib": 10.5, "sampler_cpu_pct": 0.02
                }
              ]
            }
            """#
        let rendered = try GoogleBenchmarkJSON.render(SampleRun.make())
        #expect(try parsed(rendered) == parsed(Data(expected.utf8)))
        // Keys sorted, so two exports diff cleanly.
        let text = String(decoding: rendered, as: UTF8.self)
        #expect(text.range(of: "\"benchmarks\"")!.lowerBound < text.range(of: "\"context\"")!.lowerBound)
        #expect(text.range(of: "\"cpu_time\"")!.lowerBound < text.range(of: "\"family_index\"")!.lowerBound)
    }

    @Test func repetitionsAreFollowedByGoogleBenchmarksAggregates() throws {
        let document = try parsed(try GoogleBenchmarkJSON.render(SampleRun.repeatedAndScored()))
        let entries = try #require(document["benchmarks"] as? [[String: Any]])
        let virtual = "accelerometer/10Hz/low-pass/virtual"
        #expect(
            entries.map { $0["name"] as? String } == [
                virtual, virtual, "\(virtual)_mean", "\(virtual)_median", "\(virtual)_stddev", "\(virtual)_cv",
                "accelerometer/10Hz/low-pass/realtime",
            ])
        #expect(entries.map { $0["run_type"] as? String } == ["iteration", "iteration"] + Array(repeating: "aggregate", count: 4) + ["iteration"])
        #expect(entries.map { $0["repetition_index"] as? Int } == [0, 1, nil, nil, nil, nil, 0])
        #expect(entries.map { $0["repetitions"] as? Int } == [2, 2, 2, 2, 2, 2, 1])

        let aggregates = entries[2...5]
        #expect(aggregates.map { $0["aggregate_name"] as? String } == ["mean", "median", "stddev", "cv"])
        #expect(aggregates.map { $0["aggregate_unit"] as? String } == ["time", "time", "time", "percentage"])
        #expect(aggregates.allSatisfy { $0["iterations"] as? Int == 2 && $0["run_name"] as? String == virtual && $0["repetition_index"] == nil })
        // CPU 180 and 220 ns, wall 200 and 240 ns, peak RSS 11 and 13 MiB; the deviation over n − 1, cv a fraction.
        let cpu = aggregates.map { $0["cpu_time"] as! Double }, wall = aggregates.map { $0["real_time"] as! Double }
        let peak = aggregates.map { $0["peak_rss_mib"] as! Double }
        #expect(cpu[0] == 200 && cpu[1] == 200 && abs(cpu[2] - 800.0.squareRoot()) < 1e-9 && abs(cpu[3] - 800.0.squareRoot() / 200) < 1e-12)
        #expect(wall[0] == 220 && abs(wall[3] - 800.0.squareRoot() / 220) < 1e-12)
        #expect(peak[0] == 12 && abs(peak[2] - 2.0.squareRoot()) < 1e-12)
        // The realtime-only figures stay absent from virtual time's aggregates rather than becoming 0.
        #expect(aggregates.allSatisfy { $0["missed"] == nil && $0["lateness_p99_us"] == nil })
    }

    @Test func ourCasesCarryTheirAccuracyAndCompetitorsAreLeftOut() throws {
        let document = try parsed(try GoogleBenchmarkJSON.render(SampleRun.repeatedAndScored()))
        let entries = try #require(document["benchmarks"] as? [[String: Any]])
        for entry in entries where entry["run_type"] as? String == "iteration" {
            #expect(entry["steps_error"] as? Double == -2 && entry["steps_error_pct"] as? Double == -2)
            #expect(entry["altitude_median_m"] as? Double == 1 && entry["altitude_max_m"] as? Double == 1.5)
            #expect(entry["total_median_deg"] == nil, "no attitude was scored")
        }
        #expect(!entries.contains { ($0["name"] as? String)?.contains("oxford") == true })
    }

    @Test func namesShowParametersAndNativeTiming() {
        #expect(
            CaseIdentity(workload: "motion-cube", rateHz: 60, filter: "raw", parameters: ["shapes": 100, "b": 0.5]).exportName(mode: .virtual)
                == "motion-cube/60Hz/raw/b:0.5/shapes:100/virtual")
        #expect(
            CaseIdentity(workload: "heading", rateHz: 100.787162, recordedTiming: true, filter: "mahony").exportName(mode: nil)
                == "heading/native/mahony")
    }
}

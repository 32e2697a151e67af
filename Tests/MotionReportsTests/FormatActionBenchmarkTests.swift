import Foundation
import Testing

@testable import MotionReports
@testable import MotionResults

@Suite struct FormatActionBenchmarkTests {
    @Test func eachCaseHasItsHeadlineFiguresAndEachScoredCaseItsErrors() throws {
        let expected = #"""
            [
              {"name": "accelerometer/10Hz/low-pass/virtual cpu_ns_per_sample", "unit": "ns", "value": 200, "range": "± 28.3",
               "extra": "median of 2 repetitions of 1000 samples"},
              {"name": "accelerometer/10Hz/low-pass/virtual peak_rss_mib", "unit": "MiB", "value": 12, "range": "± 1.41",
               "extra": "median of 2 repetitions of 1000 samples"},
              {"name": "accelerometer/10Hz/low-pass/realtime cpu_ns_per_sample", "unit": "ns", "value": 50000,
               "extra": "1 repetition of 20 samples"},
              {"name": "accelerometer/10Hz/low-pass/realtime peak_rss_mib", "unit": "MiB", "value": 11, "extra": "1 repetition of 20 samples"},
              {"name": "accelerometer/10Hz/low-pass steps_abs_error_pct", "unit": "%", "value": 2, "extra": "scored from 5.0 s to 60.0 s"},
              {"name": "accelerometer/10Hz/low-pass altitude_median_m", "unit": "m", "value": 1, "extra": "scored from 5.0 s to 60.0 s"}
            ]
            """#
        let rendered = try ActionBenchmarkJSON.render(SampleRun.repeatedAndScored())
        let actual = try #require(try JSONSerialization.jsonObject(with: rendered) as? NSArray)
        #expect(actual == (try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? NSArray))
    }

    @Test func aMissingFigureIsLeftOutNotWrittenAsZero() {
        var run = SampleRun.make()
        run.cases[1].peakRssMiB = nil
        let names = ActionBenchmarkJSON.entries(run).map(\.name)
        #expect(
            names == [
                "accelerometer/10Hz/low-pass/virtual cpu_ns_per_sample", "accelerometer/10Hz/low-pass/virtual peak_rss_mib",
                "accelerometer/10Hz/low-pass/realtime cpu_ns_per_sample",
            ])
    }
}

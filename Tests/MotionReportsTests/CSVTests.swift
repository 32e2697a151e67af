import Testing

@testable import MotionReports
@testable import MotionResults

@Suite struct CSVTests {
    @Test func cellsWithCommasQuotesOrNewlinesAreQuoted() {
        var table = CSVTable(header: ["a", "b"])
        table.append(["x,y", "say \"hi\""])
        table.append(["line\nbreak", ""])
        #expect(table.text == "a,b\n\"x,y\",\"say \"\"hi\"\"\"\n\"line\nbreak\",\n")
    }

    @Test func summaryHasOneHeaderAndARowPerCaseWithMissingFiguresEmpty() throws {
        let lines = RunCSV.summary(SampleRun.make()).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4 && lines[3].isEmpty)
        let header = lines[0].split(separator: ",").map(String.init)
        for column in [
            "workload", "rate_hz", "filter", "mode", "repetition", "samples", "achieved_hz", "lateness_p50_us",
            "lateness_p99_us", "missed", "missed_frames", "cpu_ns_per_sample", "cpu_pct", "projected_cpu_pct", "rss_mib", "peak_rss_mib",
        ] {
            #expect(header.contains(column), "missing column \(column)")
        }
        func row(_ index: Int) -> [String: String] {
            let cells = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, cells))
        }
        let virtual = row(1), realtime = row(2)
        #expect(virtual["mode"] == "virtual" && virtual["cpu_ns_per_sample"] == "180.0")
        #expect(virtual["achieved_hz"] == "" && virtual["lateness_p99_us"] == "" && virtual["cpu_pct"] == "")
        #expect(virtual["projected_cpu_pct"] == "0.0001800", "tiny shares keep their significant digits")
        #expect(realtime["achieved_hz"] == "10.001" && realtime["lateness_p99_us"] == "120.0" && realtime["missed"] == "0")
        #expect(realtime["projected_cpu_pct"] == "" && realtime["hub_cpu_pct"] == "0.1500")
        #expect(realtime["voluntary_ctx_switches"] == "", "a figure the platform lacks is empty, never 0")
        #expect(realtime["missed_frames"] == "", "a workload without a display rate has no frames to miss")
    }

    @Test func threadsAndTimeseriesCarryTheCaseColumnsAndNames() {
        let threads = RunCSV.threads(SampleRun.make()).split(separator: "\n").map(String.init)
        #expect(threads[0] == "workload,rate_hz,filter,params,mode,repetition,tid,thread,role,cpu_ns,user_ns,system_ns,cpu_pct")
        #expect(threads[1] == "accelerometer,10,low-pass,,virtual,1,100,motionbench,main,2000000,1500000,500000,0.1000")
        #expect(threads.count == 1 + 2 * 4)
        let series = RunCSV.timeseries(SampleRun.make()).split(separator: "\n").map(String.init)
        #expect(series[1] == "accelerometer,10,low-pass,,virtual,1,0.0000,10.00,101,mb-workload,workload,0,")
        #expect(series[2] == "accelerometer,10,low-pass,,virtual,1,0.1000,10.50,101,mb-workload,workload,50000,0.05000")
    }
}

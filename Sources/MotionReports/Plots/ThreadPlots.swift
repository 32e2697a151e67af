import MotionResults

/// For each real-time case of a run, two line charts from the sampler's readings in run.json: each
/// thread's CPU % of one core over time (`…-cpu.svg`) and the process's resident memory
/// (`…-rss.svg`).
///
/// The CPU chart shows the readings that close a whole sampling period, about: the first and the last
/// reading close intervals cut short by the case's start and end (microseconds of thread start-up or
/// wind-down, read as tens of per cent), which would stand as spikes over a steady part squashed to
/// zero. A case with fewer than `leastReadings` such readings gets no CPU chart, and report.md says
/// why, as it does for virtual-time cases, which get none.
enum ThreadPlots {
    /// Whole-period readings a CPU chart needs to show anything over time.
    static let leastReadings = 5

    /// The charts of the real-time cases `selected` keeps.
    static func make(_ run: RunResult, selected: (CaseIdentity) -> Bool) -> [ReportChart] {
        let caseNames = run.caseNames
        return run.cases.filter { $0.spec.mode == .realtime && selected($0.spec.identity) }.flatMap { result in
            let name = "\(caseNames[result.spec.identity]!)-realtime-\(result.spec.repetition)"
            let times = result.timeseries.map(\.elapsedSeconds)
            let rssTitle = "\(subject(result)): resident memory"
            var charts = [
                ReportChart(
                    kind: .memory, fileName: RunFolder.plotFile("\(name)-rss"), title: rssTitle,
                    svg: LineChart(
                        title: rssTitle, xLabel: "time since the case's start, s", yLabel: "resident memory, MiB",
                        series: [.init(name: "process RSS", points: zip(times, result.timeseries.map(\.rssMiB)).map { (x: $0, y: $1) })]
                    ).svg())
            ]
            let readings = wholePeriodReadings(result, samplerRateHz: run.settings.samplerRateHz)
            guard readings.count >= leastReadings else { return charts }
            let threads = result.threads.filter { thread in
                readings.contains { $0.threads.contains { $0.tid == thread.tid && ($0.cpuPct ?? 0) > 0 } }
            }
            let cpu = threads.map { thread in
                LineChart.Series(
                    name: "\(thread.name) (\(thread.role.rawValue))",
                    points: readings.map { point in
                        (x: point.elapsedSeconds, y: point.threads.first { $0.tid == thread.tid }?.cpuPct)
                    })
            }
            let cpuTitle = "\(subject(result)): CPU % per thread"
            charts.insert(
                ReportChart(
                    kind: .threadCPU, fileName: RunFolder.plotFile("\(name)-cpu"), title: cpuTitle,
                    svg: LineChart(
                        title: cpuTitle, xLabel: "time since the case's start, s", yLabel: "CPU % of one core over the sampling period", series: cpu
                    ).svg()),
                at: 0)
            return charts
        }
    }

    /// For each real-time case too short for a CPU chart one line saying why, and one for the
    /// virtual-time cases, for report.md.
    static func cpuChartsLeftOut(_ run: RunResult) -> [String] {
        let short = run.cases.filter { $0.spec.mode == .realtime }.compactMap { result -> String? in
            let readings = wholePeriodReadings(result, samplerRateHz: run.settings.samplerRateHz).count
            guard readings < leastReadings else { return nil }
            return "\(subject(result)): no chart of CPU % per thread over time, as the sampler (\(Format.hertz(run.settings.samplerRateHz)) Hz) "
                + "closed \(readings) whole sampling period\(readings == 1 ? "" : "s") in the case, fewer than \(leastReadings); "
                + "\(RunFolder.threadsFile) has each thread's CPU over the whole case."
        }
        guard run.cases.contains(where: { $0.spec.mode == .virtual }) else { return short }
        return short + [
            "Virtual-time cases: no charts over time, as their workload's thread runs flat out from start to end, a core's worth; "
                + "their cost is their CPU per sample, and \(RunFolder.threadsFile) has each thread's CPU over the case."
        ]
    }

    /// The sampler's readings of `result` that close an interval of at least half a sampling period.
    static func wholePeriodReadings(_ result: CaseResult, samplerRateHz: Double) -> [TimeseriesPoint] {
        let least = 0.5 / samplerRateHz
        return result.timeseries.indices.filter { index in
            result.timeseries[index].elapsedSeconds - (index > 0 ? result.timeseries[index - 1].elapsedSeconds : 0) >= least
        }.map { result.timeseries[$0] }
    }

    private static func subject(_ result: CaseResult) -> String {
        "\(result.spec.workload) \(Format.hertz(result.spec.rateHz)) Hz \(result.spec.filter)"
            + (result.spec.parameters.isEmpty ? "" : " " + result.spec.parameterText) + " (real time, #\(result.spec.repetition))"
    }
}

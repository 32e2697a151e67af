import MotionBench

/// For each real-time case of a run, two line charts from the sampler's readings in run.json: each
/// thread's CPU % of one core over time (`…-cpu.svg`) and the process's resident memory
/// (`…-rss.svg`).
enum ThreadPlots {
    /// The charts of the real-time cases `selected` keeps.
    static func make(_ run: RunResult, selected: (CaseIdentity) -> Bool) -> [ReportChart] {
        let caseNames = run.caseNames
        return run.cases.filter { $0.spec.mode == .realtime && selected($0.spec.identity) }.flatMap { result in
            let name = "\(caseNames[result.spec.identity]!)-realtime-\(result.spec.repetition)"
            let subject = "\(result.spec.workload) \(Format.hertz(result.spec.rateHz)) Hz \(result.spec.filter)"
                + (result.spec.parameters.isEmpty ? "" : " " + result.spec.parameterText) + " (real time, #\(result.spec.repetition))"
            let times = result.timeseries.map(\.elapsedSeconds)
            let threads = result.threads.filter { thread in
                result.timeseries.contains { $0.threads.contains { $0.tid == thread.tid && ($0.cpuPct ?? 0) > 0 } }
            }
            let cpu = threads.map { thread in
                LineChart.Series(
                    name: "\(thread.name) (\(thread.role.rawValue))",
                    points: result.timeseries.map { point in
                        (x: point.elapsedSeconds, y: point.threads.first { $0.tid == thread.tid }?.cpuPct)
                    })
            }
            let cpuTitle = "\(subject): CPU % per thread"
            let rssTitle = "\(subject): resident memory"
            return [
                ReportChart(
                    kind: .threadCPU, fileName: RunFolder.plotFile("\(name)-cpu"), title: cpuTitle,
                    svg: LineChart(title: cpuTitle, xLabel: "time since the case's start, s", yLabel: "CPU % of one core since the previous reading", series: cpu).svg()),
                ReportChart(
                    kind: .memory, fileName: RunFolder.plotFile("\(name)-rss"), title: rssTitle,
                    svg: LineChart(
                        title: rssTitle, xLabel: "time since the case's start, s", yLabel: "resident memory, MiB",
                        series: [.init(name: "process RSS", points: zip(times, result.timeseries.map(\.rssMiB)).map { (x: $0, y: $1) })]
                    ).svg()),
            ]
        }
    }
}

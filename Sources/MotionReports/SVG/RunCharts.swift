import MotionResults

/// The charts `report.md` links: cost per sample in virtual time, CPU per second measured in real
/// time beside its wake floor and the virtual-time projection, cost against swept parameters, and
/// error against cost. A sweep of many rates is drawn in the bands of rates the report's tables show
/// (`MarkdownReport.rateBands`).
public enum RunCharts {
    /// The charts this run has data for.
    public static func make(_ run: RunResult) -> [ReportChart] {
        let unbanded = CaseKey.group(run.cases)
        let groups = MarkdownReport.rateBands(unbanded)
        let labels = Dictionary(groups.map { ($0.key, label($0)) }, uniquingKeysWith: { first, _ in first })
        var charts: [ReportChart] = []
        let virtual = groups.filter { $0.key.mode == .virtual }
        if !virtual.isEmpty {
            let title = "CPU ns per sample (virtual time, median)"
            let chart = BarChart(
                title: title, axisLabel: "CPU ns per sample tick, workload thread",
                categories: virtual.map { labels[$0.key]! },
                series: [.init(name: "CPU ns/sample", values: virtual.map { SampleSummary($0.cases.map(\.cpuNsPerSample))?.median })]
            )
            charts.append(ReportChart(kind: .cost, fileName: "cost.svg", title: title, svg: chart.svg()))
        }
        var keys: [CaseKey] = []
        var seen = Set<CaseKey>()
        for group in groups {
            var key = group.key
            key.mode = .realtime
            if seen.insert(key).inserted { keys.append(key) }
        }
        let byKey = Dictionary(groups.map { ($0.key, $0.cases) }, uniquingKeysWith: { first, _ in first })
        if groups.contains(where: { $0.key.mode == .realtime }) {
            let title = "Workload CPU per second (median)"
            func values(_ mode: RunMode, _ figure: (CaseResult) -> Double?) -> [Double?] {
                keys.map { key in
                    var key = key
                    key.mode = mode
                    return byKey[key].flatMap { SampleSummary($0.map(figure))?.median }
                }
            }
            let perSecond = CostAboveWakeFloor.usPerSecondPerPercent
            let chart = BarChart(
                title: title, axisLabel: "CPU µs per second, workload thread",
                categories: keys.map { key in
                    // A case measured in virtual time only is labelled by its virtual-time row.
                    var virtual = key
                    virtual.mode = .virtual
                    return labels[key] ?? labels[virtual]!
                },
                series: [
                    .init(name: "measured (real time)", values: values(.realtime) { $0.cpuPct.map { $0 * perSecond } }),
                    .init(name: "its wake floor (real time)", values: values(.realtime) { run.costAboveWakeFloor(of: $0)?.floorUsPerSecond }),
                    .init(name: "projected (virtual time)", values: values(.virtual) { $0.projectedCpuPct.map { $0 * perSecond } }),
                ]
            )
            charts.append(ReportChart(kind: .cpu, fileName: "cpu.svg", title: title, svg: chart.svg()))
        }
        if let chart = memoryChart(groups, labels: labels) { charts.append(chart) }
        let sweeps = ParameterSweep.all(in: unbanded)
        let names = ParameterSweep.fileNames(sweeps)
        for sweep in sweeps {
            let title = "\(sweep.subject): CPU ns per sample against \(sweep.parameter)"
            let chart = BarChart(
                title: title, axisLabel: "CPU ns per sample tick (virtual time, median)",
                categories: sweep.points.map { "\(sweep.parameter)=\(Format.hertz($0.value))" },
                series: [.init(name: "\(Format.hertz(sweep.held.rateHz)) Hz, \(sweep.held.filter)", values: sweep.points.map(\.cpuNsPerSample))]
            )
            charts.append(ReportChart(kind: .sweep, fileName: names[[sweep.held.name, sweep.parameter]]! + ".svg", title: title, svg: chart.svg()))
        }
        return charts + AccuracyChart.make(run)
    }

    /// Each case's heap held, peak, transient and leaked, and its peak RSS delta, side by side: of the
    /// virtual-time cases when the run has any (their heap repeats exactly), else of the real-time
    /// ones; none when no case has any of the figures.
    static func memoryChart(_ groups: [(key: CaseKey, cases: [CaseResult])], labels: [CaseKey: String]) -> ReportChart? {
        let mode: RunMode = groups.contains { $0.key.mode == .virtual } ? .virtual : .realtime
        let shown = groups.filter { $0.key.mode == mode }
        let series = MemoryFigure.all.map { figure in
            BarChart.Series(
                name: figure.title,
                values: shown.map { group in
                    SampleSummary(group.cases.map { figure.value($0).map { Double($0) / 1024 } })?.median
                })
        }
        guard series.contains(where: { $0.values.contains { $0 != nil } }) else { return nil }
        let title = "Memory per case (\(mode == .virtual ? "virtual time" : "real time"), median)"
        let chart = BarChart(title: title, axisLabel: "KiB", categories: shown.map { labels[$0.key]! }, series: series)
        return ReportChart(kind: .heap, fileName: "memory.svg", title: title, svg: chart.svg())
    }

    /// A bar's label: workload, rate (or a band's rates) and variant.
    private static func label(_ group: (key: CaseKey, cases: [CaseResult])) -> String {
        "\(group.key.workload) \(MarkdownReport.rates(group.cases)) Hz \(MarkdownReport.variant(group.key))"
    }
}

import MotionResults

/// Each scored workload's error (or, for a workload that only detects events, its F1) against its cost
/// per second as a scatter chart: a point per filter × rate, the Pareto-best filled and joined,
/// recorded competitors (no measurable cost) as dashed lines.
enum AccuracyChart {
    /// The chart files of `workloads`' accuracy, `accuracy-WORKLOAD.svg`, the name made safe
    /// (`CaseIdentity.fileName`) and unique among them.
    static func fileNames(_ workloads: [String]) -> UniqueNames<String> {
        UniqueNames(workloads) { "accuracy-" + CaseIdentity.fileName([$0]) }
    }

    /// A chart per workload with at least one row that has both a cost and an error or F1.
    static func make(_ run: RunResult) -> [ReportChart] {
        let groups = AccuracyCost.grouped(run)
        let fileNames = fileNames(groups.map(\.workload))
        return groups.compactMap { group in
            let bases = Set(group.rows.compactMap(\.costBasis))
            let points = group.rows.compactMap { row -> ScatterChart.Point? in
                guard let cost = row.cpuPct, let error = row.quality else { return nil }
                let marked = bases.count > 1 && row.costBasis == .projected
                return ScatterChart.Point(
                    label: label(row.result) + (marked ? " (projected)" : ""), x: cost, y: error, isHighlighted: row.isParetoBest)
            }
            guard !points.isEmpty, let first = group.rows.first?.result.measures else { return nil }
            let lines = group.rows.compactMap { row in
                row.cpuNsPerSample == nil ? row.quality.map { ScatterChart.ReferenceLine(label: row.result.filter, y: $0) } : nil
            }
            let title = "\(group.workload): \(group.rows.first?.isHigherBetter == true ? "F1" : "error") against cost"
            let chart = ScatterChart(
                title: title, xLabel: costLabel(bases), yLabel: errorLabel(first),
                points: points, lines: lines)
            return ReportChart(
                kind: .accuracy(workload: group.workload), fileName: fileNames[group.workload]! + ".svg", title: title, svg: chart.svg())
        }
    }

    /// The filter, parameters and rate: `madgwick beta=0.05 50 Hz`.
    private static func label(_ result: AccuracyResult) -> String {
        let parameters = result.parameters.isEmpty ? "" : " " + CaseIdentity.parameterText(result.parameters)
        return "\(result.filter)\(parameters) \(Format.hertz(result.rateHz)) Hz"
    }

    /// The cost axis: CPU % of one core per second of real time, measured or projected as the rows are.
    private static func costLabel(_ bases: Set<AccuracyCost.CostBasis>) -> String {
        switch bases {
        case [.measured]: "CPU % of one core, measured in real time (median)"
        case [.projected]: "CPU % of one core, projected from virtual time (median)"
        default: "CPU % of one core (median): measured in real time, or projected where marked"
        }
    }

    /// What `AccuracyCost.primaryQuality` measured, with its unit.
    private static func errorLabel(_ measures: AccuracyMeasures) -> String {
        if measures.attitude != nil { return "median total attitude error, degrees" }
        if measures.steps?.errorPercent != nil { return "step count error, % (size)" }
        if measures.altitude != nil { return "median relative altitude error, m" }
        return "event F1, 0–1 (higher is better)"
    }
}

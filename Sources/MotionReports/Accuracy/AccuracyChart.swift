import MotionResults

/// Each scored workload's error (or, for a workload that only detects events, its F1) against its cost
/// per second as a scatter chart: a point per filter × rate, the Pareto-best filled and joined,
/// recorded competitors (no measurable cost) as dashed lines.
enum AccuracyChart {
    /// The chart file of `workload`'s accuracy.
    static func fileName(for workload: String) -> String { "accuracy-\(workload).svg" }

    /// A chart per workload with at least one row that has both a cost and an error or F1.
    static func make(_ run: RunResult) -> [ReportChart] {
        AccuracyCost.grouped(run).compactMap { group in
            let points = group.rows.compactMap { row -> ScatterChart.Point? in
                guard let cost = row.cost?.value, let error = row.quality else { return nil }
                return ScatterChart.Point(label: label(row.result), x: cost, y: error, isHighlighted: row.isParetoBest)
            }
            guard !points.isEmpty else { return nil }
            let lines = group.rows.compactMap { row in
                row.cpuNsPerSample == nil ? row.quality.map { ScatterChart.ReferenceLine(label: row.result.filter, y: $0) } : nil
            }
            let title = "\(group.workload): \(group.rows.first?.isHigherBetter == true ? "F1" : "error") against cost"
            let chart = ScatterChart(
                title: title, xLabel: costLabel(group.rows.lazy.compactMap(\.cost).first?.basis),
                yLabel: errorLabel(group.rows.lazy.compactMap(\.qualityMetric).first),
                points: points, lines: lines)
            return ReportChart(kind: .accuracy(workload: group.workload), fileName: fileName(for: group.workload), title: title, svg: chart.svg())
        }
    }

    /// The filter, parameters and rate: `madgwick beta=0.05 50 Hz`.
    private static func label(_ result: AccuracyResult) -> String {
        let parameters = result.parameters.isEmpty ? "" : " " + CaseIdentity.parameterText(result.parameters)
        return "\(result.filter)\(parameters) \(Format.hertz(result.rateHz)) Hz"
    }

    /// The cost axis: the cost per second the workload's rows are ranked in.
    private static func costLabel(_ basis: CostRanking.Basis?) -> String {
        switch basis {
        case .instructions: "instructions per second (median)"
        case .virtual: "CPU µs per simulated second, virtual time (median)"
        case .aboveWakeFloor: "CPU µs per second above the wake floor, real time (median)"
        case nil: "cost per second"
        }
    }

    /// What `AccuracyCost.primaryQuality` measured, with its unit.
    private static func errorLabel(_ metric: ComparedMetric?) -> String {
        switch metric {
        case .attitudeErrorDeg: "median total attitude error, degrees"
        case .stepErrorPct: "step count error, % (size)"
        case .altitudeErrorM: "median relative altitude error, m"
        default: "event F1, 0–1 (higher is better)"
        }
    }
}

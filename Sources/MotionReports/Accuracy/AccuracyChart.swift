import MotionBench

/// Each scored workload's error against cost as a scatter chart: a point per filter × rate, the
/// Pareto-best filled and joined, recorded competitors (no measurable cost) as dashed lines.
enum AccuracyChart {
    /// What every accuracy chart's file name starts with.
    static let fileNamePrefix = "accuracy-"

    /// The chart file of `workload`'s accuracy.
    static func fileName(for workload: String) -> String { "\(fileNamePrefix)\(workload).svg" }

    /// A chart per workload with at least one row that has both a cost and an error.
    static func make(_ run: RunResult) -> [ReportChart] {
        AccuracyCost.grouped(run).compactMap { group in
            let points = group.rows.compactMap { row -> ScatterChart.Point? in
                guard let cost = row.cpuNsPerSample, let error = row.error else { return nil }
                return ScatterChart.Point(label: label(row.result), x: cost, y: error, isHighlighted: row.isParetoBest)
            }
            guard !points.isEmpty, let first = group.rows.first?.result.measures else { return nil }
            let lines = group.rows.compactMap { row in
                row.cpuNsPerSample == nil ? row.error.map { ScatterChart.ReferenceLine(label: row.result.filter, y: $0) } : nil
            }
            let title = "\(group.workload): error against cost"
            let chart = ScatterChart(
                title: title, xLabel: "CPU ns per sample tick (median)", yLabel: errorLabel(first),
                points: points, lines: lines)
            return ReportChart(fileName: fileName(for: group.workload), title: title, svg: chart.svg())
        }
    }

    /// The filter, parameters and rate: `madgwick beta=0.05 50 Hz`.
    private static func label(_ result: AccuracyResult) -> String {
        let parameters = result.parameters.isEmpty ? "" : " " + Format.parameters(result.parameters)
        return "\(result.filter)\(parameters) \(Format.hertz(result.rateHz)) Hz"
    }

    /// What `AccuracyCost.primaryError` measured, with its unit.
    private static func errorLabel(_ measures: AccuracyMeasures) -> String {
        if measures.attitude != nil { return "median total attitude error, degrees" }
        if measures.steps?.errorPercent != nil { return "step count error, % (size)" }
        return "median relative altitude error, m"
    }
}

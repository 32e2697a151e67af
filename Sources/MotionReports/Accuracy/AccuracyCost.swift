import MotionResults

/// One scored estimator beside what it costs: the accuracy tables' and charts' row, and where the
/// Pareto-best (★) are decided.
///
/// Rows are ranked on figures that hold still from run to run: the cost per second in instructions
/// where every ranked row of the workload counted them, else in virtual-time CPU, else in real-time
/// CPU above the wake floor; the heap at its peak, which repeats to the allocator's rounding; and
/// the accuracy figure, which a seeded source or a recording gives exactly. Two costs count as equal
/// unless they differ beyond what the run resolves (`CostRanking`), so noise never orders two rows.
struct AccuracyCost {
    /// The accuracy scored.
    var result: AccuracyResult
    /// Median CPU ns per sample tick in virtual time (real time when only that ran); nil for a
    /// recorded competitor, whose cost on the phone is not measurable here.
    var cpuNsPerSample: Double?
    /// The CPU % of one core its cost per sample means at its rate, from virtual time (real time when
    /// only that ran).
    var projectedCpuPct: Double?
    /// The workload's CPU % of one core measured in real time, wake-ups included; nil without a
    /// real-time case.
    var measuredCpuPct: Double?
    /// The cost per second the row is ranked by, in its workload's basis; nil when it has none.
    var cost: CostRanking.Cost?
    /// The most heap the estimator had live at once (median, bytes); nil where not counted.
    var heapPeakBytes: Double?
    /// The figure the row is ranked by (see `primaryQuality`): an error, or an event F1.
    var quality: Double?
    /// Which figure `quality` is; nil without one.
    var qualityMetric: ComparedMetric?
    /// Whether the row is Pareto-best, unsettled, or neither.
    var standing = CostRanking.Standing.dominated

    /// Whether no other row of its workload is at least as cheap, as small and as accurate, and
    /// better in one, however close costs near the run's resolution are taken to be.
    var isParetoBest: Bool { standing == .best }

    /// What ranks a row, and whether higher is better: the median total attitude error in degrees;
    /// else the size of the step-count error in percent; else the median altitude error in metres;
    /// else, for a workload that only detects events, their F1 (every label pooled).
    static func primaryQuality(_ measures: AccuracyMeasures) -> (value: Double, metric: ComparedMetric)? {
        for metric in [ComparedMetric.attitudeErrorDeg, .stepErrorPct, .altitudeErrorM, .eventF1] {
            if let value = metric.value(in: measures) { return (value, metric) }
        }
        return nil
    }

    /// The standing as the CSV files write it: best, unsettled, dominated, or empty for a row that is
    /// not ranked (no cost, or nothing scored).
    var standingText: String {
        guard cost != nil, quality != nil else { return "" }
        switch standing {
        case .best: return "best"
        case .unsettled: return "unsettled"
        case .dominated: return "dominated"
        }
    }

    /// Whether `quality` is better higher (an F1) rather than lower (an error).
    var isHigherBetter: Bool { qualityMetric?.isHigherBetter ?? false }

    /// The ranking figure with its unit: "0.15° attitude", "2.1 % steps", "0.031 m altitude", "F1 0.950".
    var qualityText: String? {
        guard let quality, let qualityMetric else { return nil }
        switch qualityMetric {
        case .attitudeErrorDeg: return "\(Format.fixed(quality, 2))° attitude"
        case .stepErrorPct: return "\(Format.fixed(quality, 1)) % steps"
        case .altitudeErrorM: return "\(Format.fixed(quality, 3)) m altitude"
        default: return "F1 \(Format.fixed(quality, 3))"
        }
    }

    /// The run's accuracy results with their cost, grouped by workload in the order scored; each
    /// group's rows ranked (`CostRanking`) among those with a cost and a quality.
    static func grouped(_ run: RunResult) -> [(workload: String, rows: [AccuracyCost])] {
        let groups = Dictionary(CaseKey.group(run.cases).map { ($0.key, $0.cases) }, uniquingKeysWith: { first, _ in first })
        func cases(_ result: AccuracyResult, _ mode: RunMode) -> [CaseResult] {
            result.identity.flatMap { groups[CaseKey($0, mode: mode)] } ?? []
        }
        var order: [String] = []
        var rows: [String: [(row: AccuracyCost, costs: CostRanking.Candidates)]] = [:]
        for result in run.accuracy {
            let virtual = cases(result, .virtual), realtime = cases(result, .realtime)
            let perSample = virtual.isEmpty ? realtime : virtual
            let quality = primaryQuality(result.measures)
            let row = AccuracyCost(
                result: result, cpuNsPerSample: SampleSummary(perSample.map(\.cpuNsPerSample))?.median,
                projectedCpuPct: SampleSummary(perSample.map { $0.spec.mode == .virtual ? $0.projectedCpuPct : $0.cpuPct })?.median,
                measuredCpuPct: SampleSummary(realtime.map(\.cpuPct))?.median,
                heapPeakBytes: SampleSummary(perSample.map { $0.heapPeakBytes.map(Double.init) })?.median,
                quality: quality?.value, qualityMetric: quality?.metric)
            if rows[result.workload] == nil { order.append(result.workload) }
            rows[result.workload, default: []].append((row, CostRanking.Candidates(virtual: virtual, realtime: realtime, run: run)))
        }
        return order.map { workload in (workload, rank(rows[workload]!)) }
    }

    /// Sets each row's cost in the basis every ranked row has, and its standing.
    private static func rank(_ entries: [(row: AccuracyCost, costs: CostRanking.Candidates)]) -> [AccuracyCost] {
        let basis = CostRanking.Basis.allCases.first { basis in
            entries.allSatisfy { $0.row.quality == nil || $0.row.cpuNsPerSample == nil || $0.costs.cost(in: basis) != nil }
        }
        var rows = entries.map { entry in
            var row = entry.row
            row.cost = basis.flatMap { entry.costs.cost(in: $0) }
            return row
        }
        let standings = CostRanking.standings(
            rows.map { row in
                row.cost.flatMap { cost in
                    row.quality.map { CostRanking.Entry(cost: cost, heapPeakBytes: row.heapPeakBytes, quality: row.isHigherBetter ? -$0 : $0) }
                }
            })
        for index in rows.indices { rows[index].standing = standings[index] }
        return rows
    }
}

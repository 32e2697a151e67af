import MotionResults

/// One scored estimator beside what it costs: the accuracy tables' and charts' row.
struct AccuracyCost {
    /// Which figure a row's cost per second is.
    enum CostBasis: String {
        /// The workload threads' CPU measured in real time: what a phone pays, wake-ups included.
        case measured
        /// Virtual time's CPU per simulated second, where the run has no real-time case.
        case projected
    }

    /// The accuracy scored.
    var result: AccuracyResult
    /// Median CPU ns per sample tick in virtual time (real time when only that ran); nil for a
    /// recorded competitor, whose cost on the phone is not measurable here.
    var cpuNsPerSample: Double?
    /// The CPU % of one core that cost means at the case's rate.
    var projectedCpuPct: Double?
    /// The cost across rates: CPU % of one core per second of real time, measured where the run has it.
    var cpuPct: Double?
    /// Which figure `cpuPct` is; nil when there is none.
    var costBasis: CostBasis?
    /// The figure the row is ranked by (see `primaryQuality`): an error, or an event F1.
    var quality: Double?
    /// Whether `quality` is better higher (an F1) rather than lower (an error).
    var isHigherBetter = false
    /// Whether no other row of its workload is at least as cheap per second and as accurate, and better in one.
    var isParetoBest = false

    /// What ranks a row, and whether higher is better: the median total attitude error in degrees;
    /// else the size of the step-count error in percent; else the median altitude error in metres;
    /// else, for a workload that only detects events, their F1 (every label pooled).
    static func primaryQuality(_ measures: AccuracyMeasures) -> (value: Double, isHigherBetter: Bool)? {
        if let attitude = measures.attitude { return (attitude.total.median, false) }
        if let percent = measures.steps?.errorPercent { return (abs(percent), false) }
        if let altitude = measures.altitude { return (altitude.median, false) }
        return measures.events?.pooled?.f1.map { ($0, true) }
    }

    /// The run's accuracy results with their cost, grouped by workload in the order scored; each
    /// group's Pareto-best rows marked among those with both a cost per second and an error.
    static func grouped(_ run: RunResult) -> [(workload: String, rows: [AccuracyCost])] {
        let groups = Dictionary(CaseKey.group(run.cases).map { ($0.key, $0.cases) }, uniquingKeysWith: { first, _ in first })
        func cases(_ result: AccuracyResult, _ mode: RunMode) -> [CaseResult] {
            result.identity.flatMap { groups[CaseKey($0, mode: mode)] } ?? []
        }
        var order: [String] = []
        var rows: [String: [AccuracyCost]] = [:]
        for result in run.accuracy {
            let virtual = cases(result, .virtual), realtime = cases(result, .realtime)
            let perSample = virtual.isEmpty ? realtime : virtual
            let measured = SampleSummary(realtime.map(\.cpuPct))?.median
            let projected = SampleSummary(virtual.map(\.projectedCpuPct))?.median
            let quality = primaryQuality(result.measures)
            let row = AccuracyCost(
                result: result, cpuNsPerSample: SampleSummary(perSample.map(\.cpuNsPerSample))?.median,
                projectedCpuPct: SampleSummary(perSample.map { $0.spec.mode == .virtual ? $0.projectedCpuPct : $0.cpuPct })?.median,
                cpuPct: measured ?? projected, costBasis: measured != nil ? .measured : projected != nil ? .projected : nil,
                quality: quality?.value, isHigherBetter: quality?.isHigherBetter ?? false)
            if rows[result.workload] == nil { order.append(result.workload) }
            rows[result.workload, default: []].append(row)
        }
        return order.map { workload in (workload, markParetoBest(rows[workload]!)) }
    }

    /// Marks the rows no other row dominates (cheaper per second or equal and more accurate or equal,
    /// better in one, as ranked by the same figure). Per second, not per tick: across rates a tick costs less at a higher rate while
    /// the second costs more.
    static func markParetoBest(_ rows: [AccuracyCost]) -> [AccuracyCost] {
        rows.map { row in
            var row = row
            guard let cost = row.cpuPct, let quality = row.quality else { return row }
            // Errors compared as they are, F1s negated, so that smaller is better for both.
            let own = row.isHigherBetter ? -quality : quality
            row.isParetoBest = !rows.contains { other in
                guard let otherCost = other.cpuPct, let otherQuality = other.quality, other.isHigherBetter == row.isHigherBetter else { return false }
                let theirs = other.isHigherBetter ? -otherQuality : otherQuality
                return otherCost <= cost && theirs <= own && (otherCost < cost || theirs < own)
            }
            return row
        }
    }
}

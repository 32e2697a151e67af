import MotionBench

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
    /// The error the row is ranked by (see `primaryError`).
    var error: Double?
    /// Whether no other row of its workload is at least as cheap per second and as accurate, and better in one.
    var isParetoBest = false

    /// What ranks a row: the median total attitude error in degrees; else the size of the step-count
    /// error in percent; else the median altitude error in metres.
    static func primaryError(_ measures: AccuracyMeasures) -> Double? {
        if let attitude = measures.attitude { return attitude.total.median }
        if let percent = measures.steps?.errorPercent { return abs(percent) }
        return measures.altitude?.median
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
            let row = AccuracyCost(
                result: result, cpuNsPerSample: SampleSummary(perSample.map(\.cpuNsPerSample))?.median,
                projectedCpuPct: SampleSummary(perSample.map { $0.spec.mode == .virtual ? $0.projectedCpuPct : $0.cpuPct })?.median,
                cpuPct: measured ?? projected, costBasis: measured != nil ? .measured : projected != nil ? .projected : nil,
                error: primaryError(result.measures))
            if rows[result.workload] == nil { order.append(result.workload) }
            rows[result.workload, default: []].append(row)
        }
        return order.map { workload in (workload, markParetoBest(rows[workload]!)) }
    }

    /// Marks the rows no other row dominates (cheaper per second or equal and more accurate or equal,
    /// better in one). Per second, not per tick: across rates a tick costs less at a higher rate while
    /// the second costs more.
    static func markParetoBest(_ rows: [AccuracyCost]) -> [AccuracyCost] {
        rows.map { row in
            var row = row
            guard let cost = row.cpuPct, let error = row.error else { return row }
            row.isParetoBest = !rows.contains { other in
                guard let otherCost = other.cpuPct, let otherError = other.error else { return false }
                return otherCost <= cost && otherError <= error && (otherCost < cost || otherError < error)
            }
            return row
        }
    }
}

import MotionBench

/// One scored estimator beside what it costs: the accuracy tables' and charts' row.
struct AccuracyCost {
    /// The accuracy scored.
    var result: AccuracyResult
    /// Median CPU ns per sample tick in virtual time (real time when only that ran); nil for a
    /// recorded competitor, whose cost on the phone is not measurable here.
    var cpuNsPerSample: Double?
    /// The CPU % of one core that cost means at the case's rate.
    var projectedCpuPct: Double?
    /// The error the row is ranked by (see `primaryError`).
    var error: Double?
    /// Whether no other row of its workload is at least as cheap and as accurate, and better in one.
    var isParetoBest = false

    /// What ranks a row: the median total attitude error in degrees; else the size of the step-count
    /// error in percent; else the median altitude error in metres.
    static func primaryError(_ measures: AccuracyMeasures) -> Double? {
        if let attitude = measures.attitude { return attitude.total.median }
        if let percent = measures.steps?.errorPercent { return abs(percent) }
        return measures.altitude?.median
    }

    /// The run's accuracy results with their cost, grouped by workload in the order scored; each
    /// group's Pareto-best rows marked among those with both a cost and an error.
    static func grouped(_ run: RunResult) -> [(workload: String, rows: [AccuracyCost])] {
        let groups = CaseKey.group(run.cases)
        func cost(_ result: AccuracyResult, _ mode: RunMode) -> [CaseResult] {
            guard result.recordedEstimate == nil else { return [] }
            let key = CaseKey(workload: result.workload, rateHz: result.rateHz, filter: result.filter, mode: mode, parameters: result.parameters)
            return groups.first { $0.key == key && $0.cases.allSatisfy { $0.spec.recordedTiming == result.recordedTiming } }?.cases ?? []
        }
        var order: [String] = []
        var rows: [String: [AccuracyCost]] = [:]
        for result in run.accuracy {
            let cases = cost(result, .virtual).isEmpty ? cost(result, .realtime) : cost(result, .virtual)
            let row = AccuracyCost(
                result: result, cpuNsPerSample: SampleSummary(cases.map(\.cpuNsPerSample))?.median,
                projectedCpuPct: SampleSummary(cases.map { $0.spec.mode == .virtual ? $0.projectedCpuPct : $0.cpuPct })?.median,
                error: primaryError(result.measures))
            if rows[result.workload] == nil { order.append(result.workload) }
            rows[result.workload, default: []].append(row)
        }
        return order.map { workload in (workload, markParetoBest(rows[workload]!)) }
    }

    /// Marks the rows no other row dominates (cheaper or equal and more accurate or equal, better in one).
    static func markParetoBest(_ rows: [AccuracyCost]) -> [AccuracyCost] {
        rows.map { row in
            var row = row
            guard let cost = row.cpuNsPerSample, let error = row.error else { return row }
            row.isParetoBest = !rows.contains { other in
                guard let otherCost = other.cpuNsPerSample, let otherError = other.error else { return false }
                return otherCost <= cost && otherError <= error && (otherCost < cost || otherError < error)
            }
            return row
        }
    }
}

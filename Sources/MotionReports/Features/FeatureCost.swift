import MotionResults

/// What one feature costs, in one row: a workload's variant (filter and parameters) at one rate,
/// both modes and every repetition together, each figure the one a team decides with. `report.md`
/// opens with these rows and `features.csv` holds them.
struct FeatureCost {
    /// The case: workload, rate (or a recording's own timing), filter and parameters.
    var identity: CaseIdentity
    /// Median CPU ns per sample tick in virtual time (frames included); nil without a virtual-time case.
    var cpuNsPerSample: Double?
    /// What that costs per simulated second: CPU µs per second, from virtual time.
    var cpuUsPerSecond: Double?
    /// Median instructions per sample tick, where counted.
    var instructionsPerSample: Double?
    /// The real-time CPU above the wake floor (medians over repetitions); nil without a real-time
    /// case or a floor.
    var aboveWakeFloor: CostAboveWakeFloor?
    /// Heap held and at its peak, bytes (virtual time, else real time; medians).
    var heapHeldBytes: Double?
    var heapPeakBytes: Double?
    /// Allocations per sample tick (virtual time, else real time; median).
    var allocationsPerSample: Double?
    /// The scored accuracy's ranking figure and standing; nil when nothing was scored.
    var accuracy: AccuracyCost?

    /// One row per case identity of `run`, in the order they first ran.
    static func rows(_ run: RunResult) -> [FeatureCost] {
        var order: [CaseIdentity] = []
        var cases: [CaseIdentity: [CaseResult]] = [:]
        for result in run.cases {
            if cases[result.spec.identity] == nil { order.append(result.spec.identity) }
            cases[result.spec.identity, default: []].append(result)
        }
        var scored: [CaseIdentity: AccuracyCost] = [:]
        for row in AccuracyCost.grouped(run).flatMap(\.rows) {
            if let identity = row.result.identity { scored[identity] = row }
        }
        return order.map { identity in
            let all = cases[identity]!
            let virtual = all.filter { $0.spec.mode == .virtual }, realtime = all.filter { $0.spec.mode == .realtime }
            let steady = virtual.isEmpty ? realtime : virtual
            func median(_ values: [Double?]) -> Double? { SampleSummary(values)?.median }
            return FeatureCost(
                identity: identity, cpuNsPerSample: median(virtual.map(\.cpuNsPerSample)),
                cpuUsPerSecond: median(virtual.map { $0.projectedCpuPct.map { $0 * CostAboveWakeFloor.usPerSecondPerPercent } }),
                instructionsPerSample: median(virtual.map(\.instructionsPerSample)),
                aboveWakeFloor: realtime.isEmpty ? nil : run.costAboveWakeFloor(of: realtime),
                heapHeldBytes: median(steady.map { $0.heapHeldBytes.map(Double.init) }),
                heapPeakBytes: median(steady.map { $0.heapPeakBytes.map(Double.init) }),
                allocationsPerSample: median(steady.map(\.allocationsPerSample)), accuracy: scored[identity])
        }
    }
}

import MotionBench

/// One workload's cost along one swept parameter, the others held (workload, rate, filter fixed).
struct ParameterSweep {
    /// One value of the parameter and the median figures of its cases.
    struct Point {
        var value: Double
        var cpuNsPerSample: Double?
        var projectedCpuPct: Double?
        var measuredCpuPct: Double?
        var peakRssMiB: Double?
    }

    var workload: String
    var rateHz: Double
    var filter: String
    var parameter: String
    var points: [Point]

    /// Every sweep in a run: for each workload, rate, filter and parameter that took more than one value.
    static func all(in groups: [(key: CaseKey, cases: [CaseResult])]) -> [ParameterSweep] {
        var sweeps: [ParameterSweep] = []
        var seen = Set<String>()
        for group in groups {
            for parameter in group.key.parameters.keys.sorted() {
                let id = "\(group.key.workload)|\(group.key.rateHz)|\(group.key.filter)|\(parameter)"
                guard seen.insert(id).inserted else { continue }
                let members = groups.filter {
                    $0.key.workload == group.key.workload && $0.key.rateHz == group.key.rateHz && $0.key.filter == group.key.filter
                }
                var values: [Double] = []
                for member in members {
                    if let value = member.key.parameters[parameter], !values.contains(value) { values.append(value) }
                }
                guard values.count > 1 else { continue }
                let points = values.sorted().map { value in
                    let cases = members.filter { $0.key.parameters[parameter] == value }
                    let virtual = cases.filter { $0.key.mode == .virtual }.flatMap(\.cases)
                    let realtime = cases.filter { $0.key.mode == .realtime }.flatMap(\.cases)
                    return Point(
                        value: value,
                        cpuNsPerSample: SampleSummary(virtual.map(\.cpuNsPerSample))?.median,
                        projectedCpuPct: SampleSummary(virtual.map(\.projectedCpuPct))?.median,
                        measuredCpuPct: SampleSummary(realtime.map(\.cpuPct))?.median,
                        peakRssMiB: SampleSummary((virtual + realtime).map(\.peakRssMiB))?.median
                    )
                }
                sweeps.append(ParameterSweep(
                    workload: group.key.workload, rateHz: group.key.rateHz, filter: group.key.filter,
                    parameter: parameter, points: points
                ))
            }
        }
        return sweeps
    }
}

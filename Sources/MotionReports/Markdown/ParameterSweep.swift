import MotionResults

/// One case's cost along one swept parameter, everything else held (workload, rate, filter, the
/// other parameters).
struct ParameterSweep {
    /// One value of the parameter and the median figures of its cases.
    struct Point {
        var value: Double
        var cpuNsPerSample: Double?
        var projectedCpuPct: Double?
        var measuredCpuPct: Double?
        var peakRssMiB: Double?
    }

    /// The case held, without the swept parameter.
    var held: CaseIdentity
    /// The swept parameter's name.
    var parameter: String
    var points: [Point]

    /// Every sweep in a run: for each case held and parameter that took more than one value, in the
    /// order the cases first ran.
    static func all(in groups: [(key: CaseKey, cases: [CaseResult])]) -> [ParameterSweep] {
        var sweeps: [ParameterSweep] = []
        var seen = Set<[String]>()
        for group in groups {
            for parameter in group.key.parameters.keys.sorted() {
                var held = group.key.identity
                held.parameters[parameter] = nil
                guard seen.insert([held.name, parameter]).inserted else { continue }
                let members = groups.filter { member in
                    var other = member.key.identity
                    guard other.parameters.removeValue(forKey: parameter) != nil else { return false }
                    return other == held
                }
                var values: [Double] = []
                for member in members where !values.contains(member.key.parameters[parameter]!) {
                    values.append(member.key.parameters[parameter]!)
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
                sweeps.append(ParameterSweep(held: held, parameter: parameter, points: points))
            }
        }
        return sweeps
    }

    /// The sweep chart's file name, unique among `sweeps`.
    static func fileNames(_ sweeps: [ParameterSweep]) -> UniqueNames<[String]> {
        UniqueNames(sweeps.map { [$0.held.name, $0.parameter] }) { key in
            sweeps.first { [$0.held.name, $0.parameter] == key }!.held.sweepName(key[1])
        }
    }

    /// `motion-cube at 60 Hz, raw` (with the held parameters, and `native timing` for a recording's own).
    var subject: String {
        let rate = held.recordedTiming ? "native timing" : "\(Format.hertz(held.rateHz)) Hz"
        return "\(held.workload) at \(rate), \(held.filter)" + (held.parameters.isEmpty ? "" : " · \(held.parameterText)")
    }
}

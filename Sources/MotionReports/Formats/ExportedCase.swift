import MotionBench

/// One case of a run as the exported formats show it: the repetitions of a workload at a rate, with a
/// filter, parameters and mode, under one name, with the accuracy its estimates scored (if any).
struct ExportedCase {
    /// `workload/rate/filter[/parameter:value…]/mode`, e.g. `heading/50Hz/mahony/virtual`.
    var name: String
    /// Which workload, among the run's in the order first run, this case belongs to.
    var workloadIndex: Int
    /// Which case of its workload this is, in the order first run.
    var indexInWorkload: Int
    /// The repetitions, in run order.
    var repetitions: [CaseResult]
    /// What the case's estimates scored against the source's truth; nil when nothing was scored.
    var accuracy: AccuracyMeasures?

    /// The run's cases grouped by case, in the order they first ran.
    static func all(in run: RunResult) -> [ExportedCase] {
        var workloads: [String] = []
        var casesPerWorkload: [String: Int] = [:]
        return CaseKey.group(run.cases).map { group in
            let spec = group.cases[0].spec
            if casesPerWorkload[spec.workload] == nil { workloads.append(spec.workload) }
            let indexInWorkload = casesPerWorkload[spec.workload, default: 0]
            casesPerWorkload[spec.workload] = indexInWorkload + 1
            let scored = run.accuracy.first {
                $0.recordedEstimate == nil && $0.workload == spec.workload && $0.rateHz == spec.rateHz && $0.filter == spec.filter
                    && $0.parameters == spec.parameters && $0.recordedTiming == spec.recordedTiming
            }
            return ExportedCase(
                name: name(
                    workload: spec.workload, rateHz: spec.rateHz, recordedTiming: spec.recordedTiming, filter: spec.filter,
                    parameters: spec.parameters, mode: spec.mode
                ),
                workloadIndex: workloads.firstIndex(of: spec.workload)!, indexInWorkload: indexInWorkload,
                repetitions: group.cases, accuracy: scored?.measures
            )
        }
    }

    /// A case's name in the exported formats: its parts joined by `/` as Google Benchmark names an
    /// instance (`BM_name/arg:value`). A rate is `50Hz`, or `native` for a recording replayed at its own
    /// timing (whose rate is the recording's, the same from run to run). Accuracy, which does not
    /// depend on the mode, is named without one.
    static func name(
        workload: String, rateHz: Double, recordedTiming: Bool, filter: String, parameters: [String: Double], mode: RunMode?
    ) -> String {
        let rate = recordedTiming ? "native" : "\(Format.hertz(rateHz))Hz"
        let swept = parameters.keys.sorted().map { "\($0):\(Format.hertz(parameters[$0]!))" }
        return ([workload, rate, filter] + swept + (mode.map { [$0.rawValue] } ?? [])).joined(separator: "/")
    }
}

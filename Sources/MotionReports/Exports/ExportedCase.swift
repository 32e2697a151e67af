import MotionResults

/// One case of a run as the exported formats show it: the repetitions of a workload at a rate, with a
/// filter, parameters and mode, under one name, with the accuracy its estimates scored (if any).
struct ExportedCase {
    /// `CaseIdentity.exportName(mode:)`, e.g. `heading/50Hz/mahony/virtual`.
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
            return ExportedCase(
                name: spec.identity.exportName(mode: spec.mode),
                workloadIndex: workloads.firstIndex(of: spec.workload)!, indexInWorkload: indexInWorkload,
                repetitions: group.cases, accuracy: run.accuracy(of: spec.identity)?.measures
            )
        }
    }
}

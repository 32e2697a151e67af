import Foundation
import MotionResults

/// The plots of a run folder, in its plots folder and linked from report.md: for each scored case
/// group, estimate and truth over time and the error over time, read from the CSV files the run
/// emitted (`TruthPlots`); for each real-time case, CPU % per thread and resident memory over time,
/// from run.json's sampler readings (`ThreadPlots`).
public enum RunPlots {
    /// The plots of `run`, whose emitted CSV files are in `runFolder`; only those of the cases `names`
    /// picks (case names as `RunResult.caseNames` gives them, or workload names) when it is given.
    /// `missing` lists the emitted files a plot needed but that are not there, relative to the run folder.
    public static func make(_ run: RunResult, runFolder: URL, names: Set<String>? = nil) throws -> (charts: [ReportChart], missing: [String]) {
        let caseNames = run.caseNames
        let selected: (CaseIdentity) -> Bool = { identity in
            names.map { $0.contains(identity.workload) || $0.contains(caseNames[identity] ?? identity.name) } ?? true
        }
        let truth = try TruthPlots.make(run, runFolder: runFolder, selected: selected)
        return (truth.charts + ThreadPlots.make(run, selected: selected), truth.missing)
    }

    /// The names `make` accepts for `run`: its workloads and its distinct cases.
    public static func caseNames(_ run: RunResult) -> Set<String> {
        let names = run.caseNames
        return Set(run.cases.flatMap { [$0.spec.workload, names[$0.spec.identity]!] })
    }

    /// Writes `charts` into `folder` (their names start with the plots folder), each atomically.
    public static func write(_ charts: [ReportChart], to folder: URL) throws {
        guard !charts.isEmpty else { return }
        try AtomicFile.prepareFolder(folder.appendingPathComponent(RunFolder.plotsFolderName))
        for chart in charts {
            try AtomicFile.write(chart.svg, to: try RunFolder.file(chart.fileName, in: folder))
        }
    }
}

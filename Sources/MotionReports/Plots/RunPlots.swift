import Foundation
import MotionBench

/// The plots of a run folder, in its `plots/` folder and linked from report.md: for each scored case
/// group, estimate and truth over time and the error over time, read from the CSV files `run --emit`
/// wrote (`TruthPlots`); for each real-time case, CPU % per thread and resident memory over time,
/// from run.json's sampler readings (`ThreadPlots`). `motionbench plot` makes them again.
public enum RunPlots {
    /// The folder, inside the run folder, that holds the plots.
    public static let folderName = "plots"

    /// The plots of `run`, whose emitted CSV files are in `runFolder`; only those of the cases `names`
    /// picks (case names as `EmittedCase.name` gives them, or workload names) when it is given.
    /// `notes` say which plots could not be made for want of an emitted file.
    public static func make(_ run: RunResult, runFolder: URL, names: Set<String>? = nil) throws -> (charts: [ReportChart], notes: [String]) {
        let selected: (String, String) -> Bool = { workload, name in
            names.map { $0.contains(workload) || $0.contains(name) } ?? true
        }
        let truth = try TruthPlots.make(run, emittedFolder: runFolder.appendingPathComponent(EmittedCase.folderName), selected: selected)
        return (truth.charts + ThreadPlots.make(run, selected: selected), truth.notes)
    }

    /// The names `make` accepts for `run`: its workloads and its distinct cases.
    public static func caseNames(_ run: RunResult) -> Set<String> {
        Set(run.cases.flatMap { [$0.spec.workload, EmittedCase($0.spec).name] })
    }

    /// Writes `charts` into `folder` (their names start with `plots/`), each atomically.
    public static func write(_ charts: [ReportChart], to folder: URL) throws {
        guard !charts.isEmpty else { return }
        try AtomicFile.prepareFolder(folder.appendingPathComponent(folderName))
        for chart in charts {
            try AtomicFile.write(chart.svg, to: folder.appendingPathComponent(chart.fileName))
        }
    }
}

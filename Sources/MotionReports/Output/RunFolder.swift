/// The files of a run folder, named in one place: what `run` and `report` write, where the emitted
/// outputs and the plots go, and what the plot command reads back.
public enum RunFolder {
    /// Everything about the run; `compare`, `report` and `plot` read it.
    public static let runFile = "run.json"
    /// One row per case.
    public static let summaryFile = "summary.csv"
    /// One row per case × thread.
    public static let threadsFile = "threads.csv"
    /// One row per sampler reading × thread.
    public static let timeseriesFile = "timeseries.csv"
    /// One row per scored estimator, when the source has truth.
    public static let accuracyFile = "accuracy.csv"
    /// The Markdown report, linking the charts.
    public static let reportFile = "report.md"
    /// The folder of each case's emitted outputs.
    public static let emittedFolderName = "emitted"
    /// The folder of the plots over time.
    public static let plotsFolderName = "plots"
    /// The folder of the instruction profiles (`run --counter instructions`).
    public static let profilesFolderName = "profiles"

    /// The emitted file of the case named `name` (`RunResult.caseNames`), relative to the run folder.
    public static func emittedFile(_ name: String) -> String { "\(emittedFolderName)/\(name).csv" }

    /// The instruction profile (folded stacks, instructions per 1000 ticks) of the case named `name`,
    /// relative to the run folder.
    public static func profileFile(_ name: String) -> String { "\(profilesFolderName)/\(name).folded" }

    /// A plot over time named `name`, relative to the run folder.
    public static func plotFile(_ name: String) -> String { "\(plotsFolderName)/\(name).svg" }
}

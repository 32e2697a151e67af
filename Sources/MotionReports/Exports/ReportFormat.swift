/// A kind of output a run folder can hold; a run or a report picks any of them.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// `summary.csv`, `threads.csv`, `timeseries.csv` and, when anything was scored, `accuracy.csv`.
    case csv
    /// `report.md` and the SVG charts it shows.
    case md
    /// `run.json`: everything, in motionbench's own schema (what `report` and comparisons read).
    case json
    /// `gbench.json`: Google Benchmark's JSON schema (see `GoogleBenchmarkJSON`).
    case gbenchJSON = "gbench-json"
    /// `action-benchmark.json`: github-action-benchmark's `customSmallerIsBetter` input (see `ActionBenchmarkJSON`).
    case actionJSON = "action-json"
    /// `influx.lp`: InfluxDB's line protocol (see `InfluxLineProtocol`).
    case influx
    /// `openmetrics.txt`: the OpenMetrics text format, for a Prometheus Pushgateway (see `OpenMetricsText`).
    case openmetrics
    /// `bmf.json`: the Bencher Metric Format (see `BencherMetricFormat`).
    case bmf

    /// What `run` writes unless told otherwise: everything it wrote before formats could be chosen.
    public static let runDefault: Set<ReportFormat> = [.csv, .md, .json]
    /// What `report` writes unless told otherwise: all but the run.json it reads.
    public static let reportDefault: Set<ReportFormat> = [.csv, .md]
}

import ArgumentParser
import MotionReports

/// Parses `--format csv,md,json,gbench-json,action-json,influx,openmetrics,bmf`, naming the flag in every error.
enum FormatOption {
    /// The formats' names, as `--format` takes them.
    static let names = ReportFormat.allCases.map(\.rawValue)

    /// The option's help, the same for `run` and `report` (each shows its own default).
    static let help = ArgumentHelp(
        "Comma-separated formats to write: csv (the CSV files), md (report.md and its charts), json (run.json), "
            + "gbench-json (gbench.json: Google Benchmark's JSON), "
            + "action-json (action-benchmark.json: github-action-benchmark's customSmallerIsBetter), "
            + "influx (influx.lp: InfluxDB line protocol), openmetrics (openmetrics.txt: OpenMetrics text for a Prometheus Pushgateway), "
            + "bmf (bmf.json: Bencher Metric Format).",
        valueName: names.joined(separator: ",")
    )

    static func parse(_ text: String) throws -> Set<ReportFormat> {
        Set(
            try CommaList.names(text, flag: "--format").map { name in
                guard let format = ReportFormat(rawValue: name) else {
                    throw ValidationError("--format: unknown format '\(name)'; choose from \(names.joined(separator: ", "))")
                }
                return format
            })
    }
}

import MotionResults

/// A run in the OpenMetrics text format, which a Prometheus Pushgateway accepts as it is
/// (`curl --data-binary @openmetrics.txt http://HOST:9091/metrics/job/motionbench`) and Prometheus,
/// VictoriaMetrics and the OpenTelemetry collector read.
///
/// A gauge family per `ExportedMetric`, `motionbench_NAME` (its value the median over the case's
/// repetitions), and per accuracy error, `motionbench_accuracy_NAME`, each sample labelled as
/// `ExportLabels` says; a figure the case lacks has no sample. Samples carry no timestamp, since a
/// Pushgateway refuses them: the run's start is the gauge `motionbench_run_start_timestamp_seconds`.
public enum OpenMetricsText {
    /// The file's name in a run folder.
    public static let fileName = RunFolder.openMetricsFile

    /// The text, ending with OpenMetrics' `# EOF`.
    public static func render(_ run: RunResult) -> String {
        var out = ""
        let cases = ExportedCase.all(in: run)
        for metric in ExportedMetric.perCase {
            let samples = cases.compactMap { exported -> String? in
                guard let summary = metric.summary(exported) else { return nil }
                let spec = exported.repetitions[0].spec
                return sample("motionbench_" + metric.name, ExportLabels.of(spec.identity, mode: spec.mode, in: run), summary.median)
            }
            out += family("motionbench_" + metric.name, help: "\(metric.meaning), \(metric.unit), median over repetitions", samples)
        }
        let accuracy = ExportLabels.accuracy(in: run)
        var names: [(name: String, unit: String)] = []
        for figure in accuracy.flatMap(\.figures) where !names.contains(where: { $0.name == figure.name }) {
            names.append((figure.name, figure.unit))
        }
        for (name, unit) in names {
            let samples = accuracy.compactMap { entry in
                entry.figures.first { $0.name == name }.map { sample("motionbench_accuracy_" + name, entry.labels, $0.value) }
            }
            out += family("motionbench_accuracy_" + name, help: "accuracy.csv's \(name) against the source's truth, \(unit)", samples)
        }
        if let start = RunResult.epochSeconds(run.startedAt) {
            let labels = [("commit", run.environment.gitCommit ?? ""), ("host", run.environment.host)].filter { !$0.1.isEmpty }
            out += family(
                "motionbench_run_start_timestamp_seconds", help: "when the run started, seconds since 1970",
                [sample("motionbench_run_start_timestamp_seconds", labels.map { (key: $0.0, value: $0.1) }, Double(start))])
        }
        return out + "# EOF\n"
    }

    private static func family(_ name: String, help: String, _ samples: [String]) -> String {
        guard !samples.isEmpty else { return "" }
        return "# TYPE \(name) gauge\n# HELP \(name) \(help)\n" + samples.joined()
    }

    private static func sample(_ name: String, _ labels: [(key: String, value: String)], _ value: Double) -> String {
        "\(name){\(labels.map { "\($0.key)=\"\(escape($0.value))\"" }.joined(separator: ","))} \(value)\n"
    }

    /// A label value: backslash, double quote and line feed escaped, as the format asks.
    static func escape(_ text: String) -> String {
        // Most values need nothing escaped, and Foundation's replacing copies even then.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") }) else { return text }
        return text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(
            of: "\n", with: "\\n")
    }
}

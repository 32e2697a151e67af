import MotionResults

/// A run in InfluxDB's line protocol, which InfluxDB, VictoriaMetrics, Telegraf and QuestDB ingest
/// (`curl --data-binary @influx.lp 'http://HOST:8086/write?db=NAME'`).
///
/// A line per case (measurement `motionbench`) and per accuracy entry (`motionbench_accuracy`),
/// tagged as `ExportLabels` says; its fields are each `ExportedMetric` (the median over the
/// repetitions) and `repetitions` (an integer), or the accuracy errors named as `accuracy.csv`'s
/// columns; a figure the case lacks is left out. Every line carries the run's start in nanoseconds,
/// so a store files the figures at the run's time, not at the time they were sent.
public enum InfluxLineProtocol {
    /// The file's name in a run folder.
    public static let fileName = RunFolder.influxFile

    /// The measurement of the cases' figures.
    public static let caseMeasurement = "motionbench"
    /// The measurement of the accuracy entries' figures.
    public static let accuracyMeasurement = "motionbench_accuracy"

    /// The text, a line per case then a line per accuracy entry.
    public static func render(_ run: RunResult) -> String {
        let time = RunResult.epochSeconds(run.startedAt).map { " \($0)000000000" } ?? ""
        var lines: [String] = []
        for exported in ExportedCase.all(in: run) {
            let spec = exported.repetitions[0].spec
            var fields = ExportedMetric.perCase.compactMap { metric in metric.summary(exported).map { (metric.name, "\($0.median)") } }
            fields.append(("repetitions", "\(exported.repetitions.count)i"))
            lines.append(line(caseMeasurement, ExportLabels.of(spec.identity, mode: spec.mode, in: run), fields) + time)
        }
        for (labels, figures) in ExportLabels.accuracy(in: run) where !figures.isEmpty {
            lines.append(line(accuracyMeasurement, labels, figures.map { ($0.name, "\($0.value)") }) + time)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private static func line(_ measurement: String, _ tags: [(key: String, value: String)], _ fields: [(String, String)]) -> String {
        let tagText = tags.map { ",\(escape($0.key))=\(escape($0.value))" }.joined()
        return measurement + tagText + " " + fields.map { "\(escape($0.0))=\($0.1)" }.joined(separator: ",")
    }

    /// A tag key or value, or a field key: commas, equals signs and spaces escaped with a backslash,
    /// as the protocol asks; a line break (which would end the line) becomes a space, escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case ",", "=", " ", "\\": out += "\\\(character)"
            case "\n", "\r": out += "\\ "
            default: out.append(character)
            }
        }
        return out
    }
}

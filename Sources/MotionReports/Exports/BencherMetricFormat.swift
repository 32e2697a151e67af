import Foundation
import MotionResults

/// A run in the Bencher Metric Format, the JSON Bencher ingests with its `json` adapter
/// (`bencher run --adapter json --file bmf.json`): `{benchmark: {measure: {value, lower_value?,
/// upper_value?}}}`.
///
/// A benchmark per case, named as in `gbench.json` (`heading/50Hz/mahony/virtual`), with a measure per
/// `ExportedMetric` whose slug is its name in kebab case (`cpu-ns-per-sample`; Bencher creates a
/// measure it does not know): the median over the repetitions, with their least and greatest as the
/// bounds when there are two or more. A benchmark per scored case of ours (no mode,
/// `heading/50Hz/mahony`) holds the accuracy errors (`total-median-deg`…). A figure the case lacks is
/// left out.
public enum BencherMetricFormat {
    /// The file's name in a run folder.
    public static let fileName = RunFolder.bencherFile

    /// One measure's figures.
    struct Metric: Encodable, Equatable {
        var value: Double
        var lowerValue: Double?
        var upperValue: Double?

        enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }
    }

    /// The JSON text, keys sorted so files diff cleanly.
    public static func render(_ run: RunResult) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(benchmarks(run))
    }

    static func benchmarks(_ run: RunResult) -> [String: [String: Metric]] {
        var benchmarks: [String: [String: Metric]] = [:]
        for exported in ExportedCase.all(in: run) {
            var measures: [String: Metric] = [:]
            for metric in ExportedMetric.perCase {
                guard let summary = metric.summary(exported) else { continue }
                let spread = summary.count >= 2
                measures[slug(metric.name)] = Metric(
                    value: summary.median, lowerValue: spread ? summary.minimum : nil, upperValue: spread ? summary.maximum : nil)
            }
            if !measures.isEmpty { benchmarks[exported.name] = measures }
        }
        for entry in run.accuracy {
            guard let name = entry.identity?.exportName(mode: nil) else { continue }
            let figures = AccuracyFigures.all(entry.measures)
            if !figures.isEmpty {
                benchmarks[name] = Dictionary(uniqueKeysWithValues: figures.map { (slug($0.name), Metric(value: $0.value)) })
            }
        }
        return benchmarks
    }

    /// A measure's slug: the figure's name in kebab case.
    static func slug(_ name: String) -> String { name.replacingOccurrences(of: "_", with: "-") }
}

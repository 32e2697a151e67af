import Foundation
import MotionResults

/// A run as github-action-benchmark's `customSmallerIsBetter` tool reads it: an array of
/// `{name, unit, value, range?, extra?}`, smaller values better, so the action charts each figure over
/// commits and alerts when one grows.
///
/// Per case (named as in `gbench.json`, e.g. `heading/50Hz/mahony/virtual`): each `ExportedMetric`
/// (CPU ns, instructions and allocations per sample tick, peak RSS), the median over repetitions with
/// `± standard deviation` as the range when there are two or more; per scored case of ours (no mode: accuracy does not depend on it): the
/// headline errors (median total attitude error, size of the step-count error, median altitude error,
/// detected events' 1 − F1).
/// A figure the case lacks is left out.
public enum ActionBenchmarkJSON {
    /// The file's name in a run folder.
    public static let fileName = RunFolder.actionBenchmarkFile

    /// One entry of the array, as the action reads it.
    struct Entry: Encodable, Equatable {
        var name: String
        var unit: String
        var value: Double
        /// `± spread`; the action scales the number with the value when it changes units.
        var range: String?
        /// Shown in the chart's tooltip.
        var extra: String?
    }

    /// The JSON text, keys sorted so files diff cleanly.
    public static func render(_ run: RunResult) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(entries(run))
    }

    /// The cases' cost figures in the order the cases first ran, then the accuracy figures in the order scored.
    static func entries(_ run: RunResult) -> [Entry] {
        let costs = ExportedCase.all(in: run).flatMap { exported in
            ExportedMetric.perCase.compactMap { median(exported, $0) }
        }
        let errors = run.accuracy.flatMap { result -> [Entry] in
            guard let name = result.identity?.exportName(mode: nil) else { return [] }
            let stretch = "scored from \(Format.fixed(result.measures.scoredFrom, 1)) s to \(Format.fixed(result.measures.scoredTo, 1)) s"
            return AccuracyFigures.headline(result.measures).map {
                Entry(name: "\(name) \($0.name)", unit: $0.unit, value: $0.value, range: nil, extra: stretch)
            }
        }
        return costs + errors
    }

    /// The median of a figure over the case's repetitions; nil when no repetition has it.
    private static func median(_ exported: ExportedCase, _ metric: ExportedMetric) -> Entry? {
        guard let summary = metric.summary(exported) else { return nil }
        let counts = exported.repetitions.map(\.samples)
        let samples = counts.min() == counts.max() ? "\(counts[0])" : "\(counts.min()!)–\(counts.max()!)"
        let repeated = summary.count >= 2
        return Entry(
            name: "\(exported.name) \(metric.name)", unit: metric.unit, value: summary.median,
            range: repeated ? "± \(Format.significant(summary.standardDeviation, 3))" : nil,
            extra: repeated
                ? "median of \(summary.count) repetitions of \(samples) samples"
                : "1 repetition of \(samples) samples"
        )
    }
}

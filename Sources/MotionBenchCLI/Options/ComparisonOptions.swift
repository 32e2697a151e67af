import ArgumentParser
import MotionBench
import MotionResults

/// The options `compare` and `ab` share, declared once: each metric's tolerance, the significance
/// level of the test a change must pass, and where the Markdown also goes.
struct ComparisonOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A metric's tolerance: METRIC=RELATIVE%,ABSOLUTE, either part optional, e.g. cpu_ns_per_sample=15%,50; repeatable.",
            valueName: "metric=rel%,abs"
        ))
    var tolerance: [String] = []

    @Option(
        help:
            "Significance level of the test a change must pass (compare: Mann-Whitney U; ab: the signed-rank test, its interval at 1 − alpha), in (0, 1)."
    )
    var alpha = 0.05

    @Option(
        help: ArgumentHelp(
            "Also write the Markdown to this file (compare: and beside it a flame graph of each case whose instructions changed).", valueName: "file")
    )
    var markdown: String?

    func validate() throws {
        guard alpha > 0, alpha < 1 else { throw ValidationError("--alpha: \(alpha) is outside (0, 1)") }
    }

    /// The tolerances and α from the command line. With `only`, a tolerance of a metric outside its
    /// `metrics` is refused, the message starting with its `reason` (e.g. `ab compares timings only`).
    func settings(only: (metrics: [ComparedMetric], reason: String)? = nil) throws -> ComparisonSettings {
        var settings = ComparisonSettings()
        settings.alpha = alpha
        for text in tolerance {
            let name = String(text.prefix { $0 != "=" })
            if let only, let metric = ComparedMetric(rawValue: name), !only.metrics.contains(metric) {
                throw ValidationError("--tolerance: \(only.reason) (\(only.metrics.map(\.rawValue).joined(separator: ", "))), not \(name)")
            }
            do {
                try settings.applyTolerance(text)
            } catch let error as ComparisonSettings.InvalidTolerance {
                throw ValidationError("--tolerance: \(error)")
            }
        }
        return settings
    }
}

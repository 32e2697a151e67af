import MotionResults

/// What a comparison gates on and what it only shows, in words: the lines `compare` prints under its
/// headline and `baseline save` prints about the run it saved.
public enum GateSummary {
    /// The metrics that decide the outcome, e.g. `**Gated on:** Instructions/sample, Allocations/sample.`;
    /// nil when none does.
    public static func gated(_ comparison: RunComparison) -> String? {
        let gating = comparison.gatingMetrics.map(\.title)
        return gating.isEmpty ? nil : "**Gated on:** \(gating.joined(separator: ", "))."
    }

    /// The metrics shown but not gating, with why, e.g. `**Not gated:** CPU ns/sample, CPU % (1
    /// repetition cannot tell these from noise: the test needs 5 on both sides).`; nil when every one gates.
    public static func notGated(_ comparison: RunComparison) -> String? {
        let groups = grouped(comparison.exemptMetrics)
        guard !groups.isEmpty else { return nil }
        return "**Not gated:** " + groups.map { "\($0.titles) (\(reason($0.exemption, count: $0.count)))" }.joined(separator: "; ") + "."
    }

    /// One line on what `run` can gate as a baseline, judged as `compare` would against a candidate
    /// made the same way, e.g. `As a baseline it gates Peak RSS (MiB), Allocations/sample; not CPU
    /// ns/sample, CPU % (1 repetition cannot tell these from noise: the test needs 5 on both sides).`
    public static func asBaseline(_ run: RunResult) -> String {
        let comparison = RunComparison(baseline: run, candidate: run)
        let gating = comparison.gatingMetrics.map(\.title)
        var line = "As a baseline it gates " + (gating.isEmpty ? "nothing" : gating.joined(separator: ", "))
        let groups = grouped(comparison.exemptMetrics)
        if !groups.isEmpty {
            line += "; not " + groups.map { "\($0.titles) (\(reason($0.exemption, count: $0.count)))" }.joined(separator: "; ")
        }
        return line + "."
    }

    /// Why a row does not gate, as a reader is told: `1 repetition cannot tell this from noise: the
    /// test needs 5 on both sides`; `count` is how many metrics it speaks of (this, these).
    public static func reason(_ exemption: GateExemption, count: Int = 1) -> String {
        let this = count == 1 ? "this" : "these"
        switch exemption {
        case let .tooFewRepetitions(repetitions):
            return "\(repetitions) repetition\(repetitions == 1 ? "" : "s") cannot tell \(this) from noise: "
                + "the test needs \(ComparisonSettings.minimumRepetitionsForTest) on both sides"
        case .instructionsCounted:
            return "instructions were counted, which gate the cost exactly"
        case .differentTicks:
            return "counted over different sample ticks on the two sides"
        }
    }

    /// The metrics by reason, in the order first met.
    private static func grouped(_ exempt: [(metric: ComparedMetric, exemption: GateExemption)]) -> [(
        titles: String, exemption: GateExemption, count: Int
    )] {
        var order: [GateExemption] = []
        var metrics: [GateExemption: [String]] = [:]
        for (metric, exemption) in exempt {
            if metrics[exemption] == nil { order.append(exemption) }
            metrics[exemption, default: []].append(metric.title)
        }
        return order.map { (metrics[$0]!.joined(separator: ", "), $0, metrics[$0]!.count) }
    }
}

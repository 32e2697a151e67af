import MotionResults

/// The files that show where a case's instructions went: a flame graph (differential when the
/// baseline has a profile too) and its stacks as text other flame-graph tools read (folded, or
/// Brendan Gregg's differential `stack before after` when there is a baseline).
public enum CompareProfiles {
    /// Each comparison's files, named from `prefix` and the case: `PREFIX-flame-CASE.svg` and `.folded`.
    public static func files(_ comparisons: [ProfileComparison], prefix: String) -> [(name: String, text: String)] {
        comparisons.flatMap { comparison -> [(name: String, text: String)] in
            let stem = fileStem(comparison, prefix: prefix)
            let graph = FlameGraph(
                title: "\(CompareMarkdown.label(comparison.subject)): instructions per sample"
                    + (comparison.baseline == nil ? "" : ", against the baseline (red grew, blue fell)"),
                stacks: comparison.candidate, baseline: comparison.baseline)
            return [("\(stem).svg", graph.svg()), ("\(stem).folded", folded(comparison))]
        }
    }

    /// `PREFIX-flame-CASE`, the case named as its files are.
    static func fileStem(_ comparison: ProfileComparison, prefix: String) -> String {
        "\(prefix)-flame-\(comparison.subject.identity.name)"
    }

    /// The candidate's folded stacks, or both sides' counts per stack when there is a baseline.
    private static func folded(_ comparison: ProfileComparison) -> String {
        guard let baseline = comparison.baseline else { return comparison.candidate.text }
        let stacks = Set(baseline.counts.keys).union(comparison.candidate.counts.keys).sorted()
        return stacks.map { stack in
            "\(stack) \(Int((baseline.counts[stack] ?? 0).rounded())) \(Int((comparison.candidate.counts[stack] ?? 0).rounded()))\n"
        }.joined()
    }
}

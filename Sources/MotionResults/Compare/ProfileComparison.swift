/// Where a case's instructions went, between two runs' profiles (`FoldedStacks`, instructions per
/// 1000 ticks): the functions whose inclusive instructions per sample changed most.
public struct ProfileComparison: Sendable {
    /// One function's inclusive instructions per sample on either side.
    public struct FunctionChange: Sendable, Equatable {
        /// The function, as the profiles name it.
        public var function: String
        /// Its instructions per sample in the baseline (0 where it did not run).
        public var baseline: Double
        /// Its instructions per sample in the candidate (0 where it did not run).
        public var candidate: Double
        /// Candidate less baseline.
        public var change: Double { candidate - baseline }
    }

    /// The case.
    public var subject: ComparisonSubject
    /// The baseline's profile; nil where the baseline has none.
    public var baseline: FoldedStacks?
    /// The candidate's profile.
    public var candidate: FoldedStacks
    /// The functions whose inclusive instructions per sample changed most, the largest change first.
    /// A caller whose change is all one callee's (a loop, a dispatch, a thunk on the way to the code
    /// that changed) is left out: the callee says more.
    public var changes: [FunctionChange]

    /// Compares the profiles, keeping the `top` largest changes (by size, either way).
    public init(subject: ComparisonSubject, baseline: FoldedStacks?, candidate: FoldedStacks, top: Int = 10) {
        self.subject = subject
        self.baseline = baseline
        self.candidate = candidate
        let before = baseline?.inclusiveByFunction ?? [:]
        let after = candidate.inclusiveByFunction
        let all = Set(before.keys).union(after.keys)
            .map { FunctionChange(function: $0, baseline: (before[$0] ?? 0) / 1000, candidate: (after[$0] ?? 0) / 1000) }
            .filter { $0.change != 0 }
        let change = Dictionary(all.map { ($0.function, $0.change) }, uniquingKeysWith: { first, _ in first })
        var callees: [String: Set<String>] = [:]
        for stack in Array(candidate.counts.keys) + Array(baseline?.counts.keys ?? [:].keys) {
            let frames = stack.split(separator: ";").map(String.init)
            for (caller, callee) in zip(frames, frames.dropFirst()) where caller != callee { callees[caller, default: []].insert(callee) }
        }
        func passesThrough(_ function: FunctionChange) -> Bool {
            (callees[function.function] ?? []).contains { callee in
                change[callee].map { abs($0 - function.change) <= abs(function.change) * 0.01 } ?? false
            }
        }
        changes = all.filter { !passesThrough($0) }
            .sorted { (abs($0.change), $0.function) > (abs($1.change), $1.function) }
            .prefix(top).map { $0 }
    }
}

extension RunComparison {
    /// Where it went, for each case whose instructions changed beyond tolerance and whose candidate
    /// has a profile (`baseline` and `candidate` map cases to their runs' profiles).
    public func profileComparisons(baseline: [CaseIdentity: FoldedStacks], candidate: [CaseIdentity: FoldedStacks]) -> [ProfileComparison] {
        rows.filter { $0.metric == .instructionsPerSample && ($0.verdict == .regressed || $0.verdict == .improved) }.compactMap { row in
            guard let after = candidate[row.subject.identity] else { return nil }
            return ProfileComparison(subject: row.subject, baseline: baseline[row.subject.identity], candidate: after)
        }
    }
}

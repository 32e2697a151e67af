/// What identifies a case apart from its repetition: the unit reports group repetitions by and
/// comparisons match runs on.
public struct CaseKey: Hashable, Sendable, Comparable {
    public var workload: String
    public var rateHz: Double
    public var filter: String
    public var mode: RunMode

    /// The key of `spec`.
    public init(_ spec: CaseSpec) {
        workload = spec.workload
        rateHz = spec.rateHz
        filter = spec.filter
        mode = spec.mode
    }

    public static func < (lhs: CaseKey, rhs: CaseKey) -> Bool {
        (lhs.workload, lhs.rateHz, lhs.filter, lhs.mode.rawValue) < (rhs.workload, rhs.rateHz, rhs.filter, rhs.mode.rawValue)
    }

    /// Groups `cases` by key, keys sorted, repetitions in run order.
    public static func group(_ cases: [CaseResult]) -> [(key: CaseKey, cases: [CaseResult])] {
        Dictionary(grouping: cases) { CaseKey($0.spec) }
            .map { (key: $0.key, cases: $0.value) }
            .sorted { $0.key < $1.key }
    }
}

extension CaseKey {
    /// A key from its parts.
    public init(workload: String, rateHz: Double, filter: String, mode: RunMode) {
        self.workload = workload
        self.rateHz = rateHz
        self.filter = filter
        self.mode = mode
    }
}

/// A case in one mode: what reports group repetitions by and comparisons match runs on.
public struct CaseKey: Hashable, Sendable {
    /// Which case.
    public var identity: CaseIdentity
    /// Real time or virtual time.
    public var mode: RunMode

    /// The key of `identity` in `mode`.
    public init(_ identity: CaseIdentity, mode: RunMode) {
        self.identity = identity
        self.mode = mode
    }

    /// The key of `spec`.
    public init(_ spec: CaseSpec) {
        self.init(spec.identity, mode: spec.mode)
    }

    /// The workload's name.
    public var workload: String { identity.workload }
    /// The case's rate in Hz (the recording's own with `recordedTiming`).
    public var rateHz: Double { identity.rateHz }
    /// The case's filter.
    public var filter: String { identity.filter }
    /// The case's parameters, by name.
    public var parameters: [String: Double] { identity.parameters }

    /// Groups `cases` by key, in the order keys first ran (the plan's order), repetitions in run order.
    public static func group(_ cases: [CaseResult]) -> [(key: CaseKey, cases: [CaseResult])] {
        var order: [CaseKey] = []
        var members: [CaseKey: [CaseResult]] = [:]
        for result in cases {
            let key = CaseKey(result.spec)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(result)
        }
        return order.map { (key: $0, cases: members[$0]!) }
    }
}

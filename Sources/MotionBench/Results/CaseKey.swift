/// What identifies a case apart from its repetition: the unit reports group repetitions by and
/// comparisons match runs on.
public struct CaseKey: Hashable, Sendable {
    public var workload: String
    public var rateHz: Double
    public var filter: String
    public var mode: RunMode
    public var parameters: [String: Double]

    /// The key of `spec`.
    public init(_ spec: CaseSpec) {
        workload = spec.workload
        rateHz = spec.rateHz
        filter = spec.filter
        mode = spec.mode
        parameters = spec.parameters
    }

    /// `name=value;…` of the parameters, empty when none.
    public var parameterText: String {
        Format.parameters(parameters)
    }

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

extension CaseKey {
    /// A key from its parts.
    public init(workload: String, rateHz: Double, filter: String, mode: RunMode, parameters: [String: Double] = [:]) {
        self.workload = workload
        self.rateHz = rateHz
        self.filter = filter
        self.mode = mode
        self.parameters = parameters
    }
}

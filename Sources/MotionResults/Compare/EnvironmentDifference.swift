/// Something about where or on what two runs ran that makes their figures less comparable: a
/// different CPU model, core count or build configuration moves every timing, and a different
/// source changes what the workloads computed and what accuracy means.
public struct EnvironmentDifference: Sendable, Equatable {
    /// What differs, e.g. `CPU model`.
    public let field: String
    /// The baseline's value.
    public let baseline: String
    /// The candidate's value.
    public let candidate: String

    /// Creates a difference.
    public init(field: String, baseline: String, candidate: String) {
        self.field = field
        self.baseline = baseline
        self.candidate = candidate
    }

    /// Every difference between `baseline` and `candidate` that matters to a comparison, in a fixed order.
    public static func between(_ baseline: RunResult, _ candidate: RunResult) -> [EnvironmentDifference] {
        let fields: [(String, (RunResult) -> String)] = [
            ("CPU model", { $0.environment.cpuModel }),
            ("cores", { String($0.environment.cores) }),
            ("build configuration", { $0.environment.buildConfiguration }),
            ("source", { $0.settings.source }),
        ]
        return fields.compactMap { field, value in
            value(baseline) == value(candidate) ? nil : EnvironmentDifference(field: field, baseline: value(baseline), candidate: value(candidate))
        }
    }
}

/// What one row of a comparison is about, and what two runs are matched on: a case (all its
/// repetitions, in one mode), or an accuracy entry (scored once per case, whatever the modes and
/// repetitions, or a recorded estimate).
public struct ComparisonSubject: Hashable, Sendable {
    /// The case; for a recorded estimate, its workload, mean rate and competitor name (`core-motion`) as the filter.
    public var identity: CaseIdentity
    /// A case's mode; nil for an accuracy entry.
    public var mode: RunMode?
    /// An accuracy entry's recorded estimate (`apple-cmattitude`); nil for our own estimators and for cases.
    public var recordedEstimate: String?

    /// The case `key` names.
    public init(_ key: CaseKey) {
        identity = key.identity
        mode = key.mode
        recordedEstimate = nil
    }

    /// The estimator `entry` scores.
    public init(accuracyOf entry: AccuracyResult) {
        identity = CaseIdentity(
            workload: entry.workload, rateHz: entry.rateHz, recordedTiming: entry.recordedTiming, filter: entry.filter,
            parameters: entry.parameters)
        mode = nil
        recordedEstimate = entry.recordedEstimate
    }

    /// The workload's name.
    public var workload: String { identity.workload }
    /// Rate in Hz.
    public var rateHz: Double { identity.rateHz }
    /// The filter, or a recorded estimate's competitor name.
    public var filter: String { identity.filter }
    /// Swept parameters by name; empty when none.
    public var parameters: [String: Double] { identity.parameters }
    /// `name=value;…` of the swept parameters; empty when none.
    public var parameterText: String { identity.parameterText }
}

/// What identifies an accuracy entry, so two runs' entries can be matched: the estimator (a workload
/// case's rate, filter and parameters, or a recorded estimate) and how it was fed.
public struct AccuracyKey: Hashable, Sendable {
    /// The workload scored, or whose outputs the recorded estimate competes with.
    public var workload: String
    /// Rate in Hz.
    public var rateHz: Double
    /// The filter, or the recorded estimate's competitor name.
    public var filter: String
    /// Swept parameters.
    public var parameters: [String: Double]
    /// Whether the case replayed a recording at its own timing (`--rate native`).
    public var recordedTiming: Bool
    /// The recorded estimate's id; nil for our own cases.
    public var recordedEstimate: String?

    /// The key of `result`.
    public init(_ result: AccuracyResult) {
        workload = result.workload
        rateHz = result.rateHz
        filter = result.filter
        parameters = result.parameters
        recordedTiming = result.recordedTiming
        recordedEstimate = result.recordedEstimate
    }
}

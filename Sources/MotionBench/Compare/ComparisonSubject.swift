/// What one row of a comparison is about, and what two runs are matched on: a case (all its
/// repetitions, in one mode), or an accuracy entry (scored once per workload case, whatever the
/// modes and repetitions, or a recorded estimate).
public struct ComparisonSubject: Hashable, Sendable {
    /// The workload's name.
    public var workload: String
    /// Rate in Hz.
    public var rateHz: Double
    /// The filter, or a recorded estimate's competitor name (`core-motion`).
    public var filter: String
    /// Swept parameters by name; empty when none.
    public var parameters: [String: Double]
    /// A case's mode; nil for an accuracy entry.
    public var mode: RunMode?
    /// An accuracy entry's recorded estimate (`apple-cmattitude`); nil for our own estimators and for cases.
    public var recordedEstimate: String?
    /// Whether an accuracy entry's case replayed a recording at its own timing (`--rate native`).
    public var recordedTiming: Bool

    /// The case `key` names.
    public init(_ key: CaseKey) {
        workload = key.workload
        rateHz = key.rateHz
        filter = key.filter
        parameters = key.parameters
        mode = key.mode
        recordedEstimate = nil
        recordedTiming = false
    }

    /// The estimator `entry` scores.
    public init(accuracyOf entry: AccuracyResult) {
        workload = entry.workload
        rateHz = entry.rateHz
        filter = entry.filter
        parameters = entry.parameters
        mode = nil
        recordedEstimate = entry.recordedEstimate
        recordedTiming = entry.recordedTiming
    }

    /// `name=value;…` of the swept parameters; empty when none.
    public var parameterText: String {
        Format.parameters(parameters)
    }

    /// A one-line label, e.g. `accelerometer 10 Hz low-pass virtual` or
    /// `heading 50 Hz madgwick beta=0.1 accuracy`.
    public var label: String {
        let parameters = parameterText.isEmpty ? "" : " " + parameterText
        return "\(workload) \(Format.hertz(rateHz)) Hz \(filter)\(parameters) \(mode?.rawValue ?? "accuracy")"
    }
}

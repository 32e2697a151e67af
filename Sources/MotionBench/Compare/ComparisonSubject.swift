/// What one row of a comparison is about: a case (all its repetitions, in one mode), or an accuracy
/// entry (scored once per workload case, whatever the modes and repetitions).
public enum ComparisonSubject: Hashable, Sendable {
    /// A case's cost figures.
    case cost(CaseKey)
    /// An estimator's accuracy.
    case accuracy(AccuracyKey)

    /// The workload's name.
    public var workload: String {
        switch self {
        case let .cost(key): return key.workload
        case let .accuracy(key): return key.workload
        }
    }

    /// Rate in Hz.
    public var rateHz: Double {
        switch self {
        case let .cost(key): return key.rateHz
        case let .accuracy(key): return key.rateHz
        }
    }

    /// The filter, or a recorded estimate's competitor name.
    public var filter: String {
        switch self {
        case let .cost(key): return key.filter
        case let .accuracy(key): return key.filter
        }
    }

    /// `name=value;…` of the swept parameters; empty when none.
    public var parameterText: String {
        switch self {
        case let .cost(key): return key.parameterText
        case let .accuracy(key): return Format.parameters(key.parameters)
        }
    }

    /// A case's mode; nil for an accuracy entry, scored once whatever the modes.
    public var mode: RunMode? {
        switch self {
        case let .cost(key): return key.mode
        case .accuracy: return nil
        }
    }

    /// A one-line label, e.g. `accelerometer 10 Hz low-pass virtual` or
    /// `heading 50 Hz madgwick gain=0.1 accuracy`.
    public var label: String {
        let parameters = parameterText.isEmpty ? "" : " " + parameterText
        return "\(workload) \(Format.hertz(rateHz)) Hz \(filter)\(parameters) \(mode?.rawValue ?? "accuracy")"
    }
}

/// What names a case, apart from the mode it runs in and its repetition: the workload, its rate or the
/// recording's own timing, its filter and its parameters. Result keys (`CaseKey`), accuracy rows,
/// emitted file names, chart file names and export names are all derived from it (`CaseIdentity+Names`),
/// so two different cases never share a name.
public struct CaseIdentity: Hashable, Sendable {
    /// The workload's name, as the catalogue lists it.
    public var workload: String
    /// Sample ticks per second; with `recordedTiming`, the recording's own rate (its fastest sensor's
    /// samples per second), the same from run to run of the recording.
    public var rateHz: Double
    /// Whether the case replays a recording at its own timing (`rate native`) instead of at `rateHz`.
    public var recordedTiming: Bool
    /// The workload's filter.
    public var filter: String
    /// The workload's parameters the plan set, by name; empty when none.
    public var parameters: [String: Double]

    /// An identity from its parts.
    public init(workload: String, rateHz: Double, recordedTiming: Bool = false, filter: String, parameters: [String: Double] = [:]) {
        self.workload = workload
        self.rateHz = rateHz
        self.recordedTiming = recordedTiming
        self.filter = filter
        self.parameters = parameters
    }
}

extension CaseSpec {
    /// Which case this is, whatever its mode and repetition.
    public var identity: CaseIdentity {
        CaseIdentity(workload: workload, rateHz: rateHz, recordedTiming: recordedTiming, filter: filter, parameters: parameters)
    }
}

extension AccuracyResult {
    /// The case scored, for one of our estimators; nil for a recorded competitor.
    public var identity: CaseIdentity? {
        guard recordedEstimate == nil else { return nil }
        return CaseIdentity(workload: workload, rateHz: rateHz, recordedTiming: recordedTiming, filter: filter, parameters: parameters)
    }
}

extension RunResult {
    /// What the accuracy pass scored for `identity`; nil when it scored nothing.
    public func accuracy(of identity: CaseIdentity) -> AccuracyResult? {
        accuracy.first { $0.identity == identity }
    }
}

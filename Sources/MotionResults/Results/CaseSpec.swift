/// One cell of the plan's matrix: a workload at one rate, with one filter, in one mode, one repetition.
public struct CaseSpec: Sendable, Equatable, Codable {
    /// The workload's name, as `motionbench list` shows it.
    public var workload: String
    /// Sensor samples per second.
    public var rateHz: Double
    /// The workload filter in use.
    public var filter: String
    /// Real time or virtual time.
    public var mode: RunMode
    /// 1-based repetition number.
    public var repetition: Int
    /// Real-time length in seconds (real-time mode).
    public var durationSeconds: Double
    /// Samples to feed (virtual mode): exactly these, or at most these when `virtualBudgetSeconds` is set.
    public var sampleCount: Int
    /// Virtual mode: wall seconds a case may take; fewer samples are fed when `sampleCount` of them would
    /// take longer (the 1000-shape motion cube), judged from the warm-up's cost. Nil feeds exactly
    /// `sampleCount`.
    public var virtualBudgetSeconds: Double?
    /// Display frames per second for workloads that animate; nil for the others.
    public var displayRateHz: Double?
    /// Seed of the synthetic source and of the workload's own randomness.
    public var seed: UInt64
    /// Values of the workload's swept parameters, by name (empty when it has none).
    public var parameters: [String: Double]
    /// Whether the case replays a recording at its own timing; `rateHz` is then the recording's own
    /// rate (`RunInput.recordedTiming(of:)`).
    public var recordedTiming: Bool

    /// Creates a case.
    public init(
        workload: String, rateHz: Double, filter: String, mode: RunMode, repetition: Int,
        durationSeconds: Double, sampleCount: Int, displayRateHz: Double?, seed: UInt64, parameters: [String: Double] = [:],
        recordedTiming: Bool = false, virtualBudgetSeconds: Double? = nil
    ) {
        self.workload = workload
        self.rateHz = rateHz
        self.filter = filter
        self.mode = mode
        self.repetition = repetition
        self.durationSeconds = durationSeconds
        self.sampleCount = sampleCount
        self.displayRateHz = displayRateHz
        self.seed = seed
        self.parameters = parameters
        self.recordedTiming = recordedTiming
        self.virtualBudgetSeconds = virtualBudgetSeconds
    }

    /// The parameters as `name=value` joined by `;`, names sorted: `shapes=100`; empty when none.
    public var parameterText: String { identity.parameterText }
}

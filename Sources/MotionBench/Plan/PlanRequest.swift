import MotionResults

/// What a user asked to run, before it is checked against the catalogue and the source and expanded
/// into cases. A setting left nil takes the default the request carries, or the workload's own.
public struct PlanRequest: Sendable, Equatable {
    /// Workload names; empty means every workload of the catalogue (a run of all).
    public var workloads: [String]
    /// Rates in Hz; nil means each workload's default rates (or, with `recordedTiming`, the recording's own).
    public var rates: [Double]?
    /// Whether cases replay the recording at its own timing (`rates` must then be nil).
    public var recordedTiming: Bool
    /// Filters; nil means each workload's default filters.
    public var filters: [String]?
    /// Modes to run each case in.
    public var modes: [RunMode]
    /// Real-time case length asked for, seconds; nil takes `defaultDurationSeconds`, shortened to a
    /// recording's length.
    public var durationSeconds: Double?
    /// Real-time case length when none is asked for, seconds.
    public var defaultDurationSeconds: Double
    /// Virtual-time ticks per case asked for, exactly; nil takes `defaultSampleCount` (with the recording's
    /// own timing, the recording's samples).
    public var sampleCount: Int?
    /// Virtual-time ticks per case when none is asked for, at most (see `virtualBudgetSeconds`).
    public var defaultSampleCount: Int
    /// Wall seconds a virtual-time case may take, feeding fewer samples if needed; nil feeds exactly
    /// the sample count.
    public var virtualBudgetSeconds: Double?
    /// Repetitions of every case.
    public var repetitions: Int
    /// Display rate for animating workloads (60 or 120 on an iPhone).
    public var displayRateHz: Double
    /// Seed for the synthetic source and the workloads.
    public var seed: UInt64
    /// Values to sweep for workload parameters, by name; a parameter not named sweeps its own default values.
    public var parameters: [String: [Double]]
    /// Which of the cases the rest of the request makes are run, by name; every one by default.
    public var selection: CaseSelection

    /// Creates a request.
    public init(
        workloads: [String], rates: [Double]? = nil, recordedTiming: Bool = false, filters: [String]? = nil,
        modes: [RunMode] = [.virtual, .realtime], durationSeconds: Double? = nil, defaultDurationSeconds: Double = 10,
        sampleCount: Int? = nil, defaultSampleCount: Int = 200_000, virtualBudgetSeconds: Double? = nil, repetitions: Int = 1,
        displayRateHz: Double = 60, seed: UInt64 = 1, parameters: [String: [Double]] = [:], selection: CaseSelection = CaseSelection()
    ) {
        self.workloads = workloads
        self.rates = rates
        self.recordedTiming = recordedTiming
        self.filters = filters
        self.modes = modes
        self.durationSeconds = durationSeconds
        self.defaultDurationSeconds = defaultDurationSeconds
        self.sampleCount = sampleCount
        self.defaultSampleCount = defaultSampleCount
        self.virtualBudgetSeconds = virtualBudgetSeconds
        self.repetitions = repetitions
        self.displayRateHz = displayRateHz
        self.seed = seed
        self.parameters = parameters
        self.selection = selection
    }
}

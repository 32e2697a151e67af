import MotionSensors

/// The static facts about a workload that planning, `motionbench list` and the hub need.
public struct WorkloadDescriptor: Sendable, Equatable {
    /// The workload's command-line name, e.g. `gyro-translation`.
    public var name: String
    /// One line on what it computes.
    public var summary: String
    /// The sensors it needs, all delivered at the case's rate.
    public var sensors: [SensorKind]
    /// Sensors it reads when the source has them and does without otherwise (the pedometer's
    /// barometer, for floors), delivered like the others.
    public var optionalSensors: [SensorKind]
    /// The rates, in Hz, that a run of every workload measures.
    public var defaultRates: [Double]
    /// Every filter it accepts; the first is used when none is asked for.
    public var filters: [String]
    /// The filters a run of every workload measures.
    public var defaultFilters: [String]
    /// Display frames per second when the workload animates; nil when it only reacts to samples.
    public var displayRate: Double?
    /// Numbers a run may sweep; empty for most workloads.
    public var parameters: [WorkloadParameter]
    /// What `currentEstimate` carries that a source's truth can score; empty for most workloads.
    public var estimates: Set<EstimatedQuantity>
    /// The events `detectedEvents` reports, each label once, that a source's labelled truth can score;
    /// empty for most workloads.
    public var events: [EventKind]
    /// Where the workload's own threads (named with `workerThreadPrefix`) do their per-sample work:
    /// functions by their names up to the argument list (`MotionWorkloads.PedometerEngine.process(`),
    /// never inlined and never called on the workload's thread. Counting instructions counts these
    /// on the workers. Empty for a workload without threads of its own.
    public var workerFunctions: [String]
    /// Functions on the workload's own thread that hand samples to its workers, whose cost depends on
    /// how the threads interleave (a wait for room, a wake-up): counting instructions leaves them out.
    public var handOffFunctions: [String]

    /// Creates a descriptor.
    public init(
        name: String, summary: String, sensors: [SensorKind], defaultRates: [Double],
        filters: [String], defaultFilters: [String], displayRate: Double?, parameters: [WorkloadParameter] = [],
        optionalSensors: [SensorKind] = [], estimates: Set<EstimatedQuantity> = [], workerFunctions: [String] = [],
        handOffFunctions: [String] = [], events: [EventKind] = []
    ) {
        self.name = name
        self.summary = summary
        self.sensors = sensors
        self.defaultRates = defaultRates
        self.filters = filters
        self.defaultFilters = defaultFilters
        self.displayRate = displayRate
        self.parameters = parameters
        self.optionalSensors = optionalSensors
        self.estimates = estimates
        self.workerFunctions = workerFunctions
        self.handOffFunctions = handOffFunctions
        self.events = events
    }
}

import MotionSensors

/// How one case configures a workload.
public struct WorkloadConfiguration: Sendable, Equatable {
    /// Sensor samples per second.
    public var rate: Double
    /// One of the descriptor's filters.
    public var filter: String
    /// Display frames per second (60 or 120) for workloads that animate.
    public var displayRate: Double
    /// Canvas size in points; an iPhone 8 in portrait by default.
    public var canvasWidth: Double
    /// Canvas height in points.
    public var canvasHeight: Double
    /// Seed for anything random the workload does (colours, shapes), so runs repeat.
    public var seed: UInt64
    /// Values of the descriptor's parameters by name; a parameter not set takes its default.
    public var parameters: [String: Double]
    /// The parameters a benchmark run sets as a point of a sweep (a case labelled `shapes=100`),
    /// rather than as an app would: a workload whose parameter sizes its scene (the motion cube's
    /// shape count) then keeps that size for the whole case, so the figure measured is the one the
    /// label names. The runner marks every parameter its plan set, whether swept by default or asked
    /// for (one value or several), so a label means the same in every run. Empty outside a run.
    public var sweptParameters: Set<String>
    /// What the source knows of its sensors' errors (a recording's calibration recordings), as a
    /// phone's own calibration would give an app; nil when it knows nothing.
    public var calibration: SensorCalibration?
    /// Whether the workload keeps the events it detects for `Workload.detectedEvents` (an `EventLog`
    /// made `for:` this configuration does): true only on the unmeasured accuracy replay, so a measured
    /// run keeps none.
    public var recordsEvents: Bool

    /// Creates a configuration; the defaults are an iPhone's: a 60 Hz display and a 375 × 667 point canvas.
    public init(
        rate: Double, filter: String, displayRate: Double = 60,
        canvasWidth: Double = 375, canvasHeight: Double = 667, seed: UInt64 = 1, parameters: [String: Double] = [:],
        sweptParameters: Set<String> = [], calibration: SensorCalibration? = nil, recordsEvents: Bool = false
    ) {
        self.rate = rate
        self.filter = filter
        self.displayRate = displayRate
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.seed = seed
        self.parameters = parameters
        self.sweptParameters = sweptParameters
        self.calibration = calibration
        self.recordsEvents = recordsEvents
    }

    /// The value of `parameter` in this configuration: the one set, or its default.
    public func value(of parameter: WorkloadParameter) -> Double {
        parameters[parameter.name] ?? parameter.defaultValue
    }

    /// Whether `parameter` is a point of a benchmark run's sweep (`sweptParameters`).
    public func isSwept(_ parameter: WorkloadParameter) -> Bool {
        sweptParameters.contains(parameter.name)
    }
}

extension WorkloadConfiguration {
    /// Checks what every workload's initializer checks first: a positive finite rate, and a filter
    /// `descriptor` offers.
    public func validate(for descriptor: WorkloadDescriptor) throws {
        guard rate > 0, rate.isFinite else { throw WorkloadError.invalidRate(rate) }
        guard descriptor.filters.contains(filter) else {
            throw WorkloadError.unknownFilter(workload: descriptor.name, filter: filter, known: descriptor.filters)
        }
    }
}

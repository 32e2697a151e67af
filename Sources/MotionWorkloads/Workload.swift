import MotionSensors

/// A motion feature of one of the iOS apps in WORKLOADS.md, reduced to its per-sample computation and a
/// headless model of what the screen showed.
///
/// A workload never knows how it is measured: the runner creates it, feeds it samples and display
/// frames in time order on one thread, and reads `outputSummary` at the end. Steady-state `handle` and
/// `renderFrame` calls must not allocate.
public protocol Workload: AnyObject {
    /// What the workload needs and offers: sensors, default rates, filters, display rate.
    static var descriptor: WorkloadDescriptor { get }

    /// Creates the workload in its initial state; throws `WorkloadError` for a filter it does not offer.
    init(configuration: WorkloadConfiguration) throws

    /// Consumes one sensor sample (of `descriptor.sensors` or `optionalSensors`), as a Core Motion handler would.
    func handle(_ sample: SensorSample)

    /// Evaluates one display frame at `time` seconds (only called when `descriptor.displayRate` is set).
    func renderFrame(at time: Double)

    /// Takes a scripted gesture when it starts (`touch.time`); a gesture with a duration (drag, pinch,
    /// rotation) is followed by the workload itself over the frames that come. Delivered in time order
    /// with samples and frames; workloads without touch input ignore it.
    func handle(_ touch: TouchEvent)

    /// Called once after the last event of a case, on the same thread: a workload that hands work to
    /// threads of its own waits here until they have caught up, so their work counts in the case.
    /// Such threads are named with `workerThreadPrefix` so reports count them as the workload's.
    func finish()

    /// Counts and final values that show the work was done (frames drawn, shakes seen, last labels…),
    /// recorded with each run; names are lower_snake_case.
    var outputSummary: [String: Double] { get }

    /// What the workload estimates now that a source's truth can score, in `GroundTruth`'s fields (an
    /// attitude and headings, a relative altitude, a step count), timed by the sample it came from;
    /// nil before the first estimate, and always for a workload whose outputs have nothing true to meet.
    /// Read by the accuracy pass between events, never on a measured run.
    var currentEstimate: GroundTruth? { get }

    /// One line on what the headless screen shows now (labels, positions, colours…), numbers with fixed
    /// decimals so it compares as text across platforms: for golden tests and verbose output, never
    /// called on the hot path.
    func describeState() -> String

    /// The columns `writeOutputs` fills, in order: what the screen shows, in WORKLOADS.md's units.
    static var outputColumns: [OutputColumn] { get }

    /// Appends what the headless screen shows now to `rows`, a value per `outputColumns` entry, and
    /// ends the row; a workload showing many items (the motion cube's shapes) writes a row per item.
    /// Called by `run --emit`'s unmeasured replay after each sample instant (after each frame for a
    /// workload with a display rate), never on a measured run.
    func writeOutputs(into rows: inout OutputRows)
}

extension Workload {
    /// The output summary as sorted `key=value` pairs with six decimals, for workloads with no richer
    /// state to show.
    public func describeState() -> String {
        outputSummary.sorted { $0.key < $1.key }
            .map { "\($0.key)=\(FixedDecimal.format($0.value, decimals: 6))" }
            .joined(separator: " ")
    }
}

extension Workload {
    /// No touch input by default.
    public func handle(_ touch: TouchEvent) {}

    /// Nothing to wait for by default.
    public func finish() {}

    /// Nothing to score by default.
    public var currentEstimate: GroundTruth? { nil }

    /// No outputs of its own by default: the emitted rows hold the time and the inputs.
    public static var outputColumns: [OutputColumn] { [] }

    /// One row with no outputs of its own by default.
    public func writeOutputs(into rows: inout OutputRows) {
        rows.endRow()
    }
}

/// The name prefix of threads a workload starts for itself (at most 15 bytes in all on Linux, e.g.
/// `mb-worker-steps`): reports give them the role `worker` and add their CPU to the workload's.
public let workerThreadPrefix = "mb-worker"

/// A number a workload lets a run sweep (`--param name=v1,v2,…`), e.g. the motion cube's shape count.
public struct WorkloadParameter: Sendable, Equatable {
    /// The parameter's command-line name, lower-case with hyphens, e.g. `shapes`.
    public var name: String
    /// One line on what it changes, with its unit.
    public var summary: String
    /// The value used when a run does not set it.
    public var defaultValue: Double
    /// The values `run --all` sweeps; `[defaultValue]` when it sweeps none.
    public var defaultSweep: [Double]
    /// The accepted range, inclusive.
    public var range: ClosedRange<Double>
    /// Whether only whole numbers make sense (counts).
    public var isInteger: Bool
    /// The filters it tunes (a gain of one fusion filter); nil when it applies whatever the filter.
    /// A run sweeps it only in cases with those filters.
    public var filters: [String]?

    /// Creates a parameter.
    public init(
        name: String, summary: String, defaultValue: Double, defaultSweep: [Double]? = nil, range: ClosedRange<Double>,
        isInteger: Bool, filters: [String]? = nil
    ) {
        self.name = name
        self.summary = summary
        self.defaultValue = defaultValue
        self.defaultSweep = defaultSweep ?? [defaultValue]
        self.range = range
        self.isInteger = isInteger
        self.filters = filters
    }

    /// Whether it tunes `filter`.
    public func applies(to filter: String) -> Bool {
        filters?.contains(filter) ?? true
    }
}

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
    /// The rates, in Hz, that `run --all` measures.
    public var defaultRates: [Double]
    /// Every filter it accepts; the first is used when none is asked for.
    public var filters: [String]
    /// The filters `run --all` measures.
    public var defaultFilters: [String]
    /// Display frames per second when the workload animates; nil when it only reacts to samples.
    public var displayRate: Double?
    /// Numbers a run may sweep; empty for most workloads.
    public var parameters: [WorkloadParameter]
    /// What `currentEstimate` carries that a source's truth can score; empty for most workloads.
    public var estimates: Set<EstimatedQuantity>

    /// Creates a descriptor.
    public init(
        name: String, summary: String, sensors: [SensorKind], defaultRates: [Double],
        filters: [String], defaultFilters: [String], displayRate: Double?, parameters: [WorkloadParameter] = [],
        optionalSensors: [SensorKind] = [], estimates: Set<EstimatedQuantity> = []
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
    }
}

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
    /// What the source knows of its sensors' errors (a recording's calibration recordings), as a
    /// phone's own calibration would give an app; nil when it knows nothing.
    public var calibration: SensorCalibration?

    /// Creates a configuration; defaults follow WORKLOADS.md.
    public init(
        rate: Double, filter: String, displayRate: Double = 60,
        canvasWidth: Double = 375, canvasHeight: Double = 667, seed: UInt64 = 1, parameters: [String: Double] = [:],
        calibration: SensorCalibration? = nil
    ) {
        self.rate = rate
        self.filter = filter
        self.displayRate = displayRate
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.seed = seed
        self.parameters = parameters
        self.calibration = calibration
    }

    /// The value of `parameter` in this configuration: the one set, or its default.
    public func value(of parameter: WorkloadParameter) -> Double {
        parameters[parameter.name] ?? parameter.defaultValue
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

/// Why a workload could not be created.
public enum WorkloadError: Error, Equatable, CustomStringConvertible {
    /// The filter is not one the workload offers.
    case unknownFilter(workload: String, filter: String, known: [String])
    /// The rate is not a positive finite number.
    case invalidRate(Double)

    /// The reason in a sentence, for the command line.
    public var description: String {
        switch self {
        case let .unknownFilter(workload, filter, known):
            return "workload '\(workload)' has no filter '\(filter)' (known: \(known.joined(separator: ", ")))"
        case let .invalidRate(rate):
            return "rate \(rate) Hz is not a positive finite number"
        }
    }
}

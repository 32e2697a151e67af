import MotionSensors

/// A workload written as closures: for a feature that is a function of samples (a filter, a detector,
/// a counter), its name, sensors, default rates, variants and parameters, and a closure that makes the
/// per-sample handler (`SampleHandler`) for each case's configuration.
///
/// ```swift
/// let faceDown = ClosureWorkload(name: "face-down", sensors: [.accelerometer], rates: [50, 100],
///                                filters: ["plain", "debounced"]) { configuration in
///     SampleHandler(FaceDownDetector(debounced: configuration.filter == "debounced")) { detector, sample in
///         detector.update(sample.value)
///     }
///     .summary { detector in ["episodes": Double(detector.episodes)] }
/// }
/// MotionbenchCommand.main(catalogue: try WorkloadCatalogue([faceDown]))
/// ```
///
/// It runs as a `Workload` class does, in every mode, pass and command, and costs per sample what the
/// same code written as a class costs, and one call more: the virtual-time replay's loop calls its
/// handler's closure directly, with the address of the lap's copy of the sample, where a class's
/// small `handle` may be inlined into the loop. A workload that animates, takes touches or runs
/// threads of its own is a `Workload`.
public struct ClosureWorkload: Sendable {
    /// Its sensors, rates, filters and parameters, as a class's `descriptor`.
    public let descriptor: WorkloadDescriptor
    /// The columns the handler's `outputs` fills, in order.
    public let outputColumns: [OutputColumn]
    private let makeInstance: @Sendable (WorkloadConfiguration) throws -> any WorkloadInstance

    /// A workload called `name` (lower-case words joined by hyphens) reading `sensors` (and
    /// `optionalSensors` when the source has them), measured at `rates` (Hz) in each of `filters` (the
    /// variants a run compares; `raw` when there is one) and at each default of `parameters`.
    /// `estimates` names what the handler's `estimate` gives that a source's truth can score, `events`
    /// the events its `events` reports that a source's labelled truth can score; `outputColumns` the
    /// columns its `outputs` fills. `handler` makes a case's `SampleHandler`
    /// from the case's configuration (rate, filter, parameters, calibration), after its rate and filter
    /// were checked; it may throw to refuse one.
    public init<State>(
        name: String, summary: String = "", sensors: [SensorKind], optionalSensors: [SensorKind] = [], rates: [Double],
        filters: [String] = ["raw"], parameters: [WorkloadParameter] = [], estimates: Set<EstimatedQuantity> = [],
        events: [EventKind] = [], outputColumns: [OutputColumn] = [],
        handler: @escaping @Sendable (WorkloadConfiguration) throws -> SampleHandler<State>
    ) {
        let descriptor = WorkloadDescriptor(
            name: name, summary: summary, sensors: sensors, defaultRates: rates, filters: filters, defaultFilters: filters,
            displayRate: nil, parameters: parameters, optionalSensors: optionalSensors, estimates: estimates, events: events)
        self.descriptor = descriptor
        self.outputColumns = outputColumns
        makeInstance = { configuration in
            try configuration.validate(for: descriptor)
            return ClosureWorkloadInstance(try handler(configuration))
        }
    }

    /// A new instance for a case configured by `configuration`; throws `WorkloadError` for a rate or
    /// filter it does not accept, and what the handler's closure throws.
    public func make(_ configuration: WorkloadConfiguration) throws -> any WorkloadInstance {
        try makeInstance(configuration)
    }
}

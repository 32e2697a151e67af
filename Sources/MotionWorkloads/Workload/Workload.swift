/// A motion feature of an iOS app, or of a package's own, written as a class:
/// its per-sample computation and a headless model of what the screen showed.
///
/// The full form, for a workload that animates (`renderFrame(at:)` at its display rate), takes touches,
/// or runs threads of its own (`finish()`). A feature that is a function of samples alone is shorter
/// as a `ClosureWorkload`; both run the same way (see `WorkloadInstance`).
public protocol Workload: WorkloadInstance {
    /// What the workload needs and offers: sensors, default rates, filters, display rate.
    static var descriptor: WorkloadDescriptor { get }

    /// Creates the workload in its initial state; throws `WorkloadError` for a filter it does not offer.
    init(configuration: WorkloadConfiguration) throws

    /// The columns `writeOutputs` fills, in order: what the screen shows, in the units each column names.
    static var outputColumns: [OutputColumn] { get }
}

extension Workload {
    /// No outputs of its own by default: the emitted rows hold the time and the inputs.
    public static var outputColumns: [OutputColumn] { [] }
}

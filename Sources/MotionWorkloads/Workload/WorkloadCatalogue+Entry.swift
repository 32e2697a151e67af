extension WorkloadCatalogue {
    /// One workload of a catalogue, in either form: what a run plans from (its descriptor), the columns
    /// its emitted outputs have, and how it is made for a case.
    public enum Entry {
        /// A workload written as a class.
        case type(any Workload.Type)
        /// A workload written as closures.
        case closure(ClosureWorkload)

        /// Its sensors, rates, filters and parameters.
        public var descriptor: WorkloadDescriptor {
            switch self {
            case let .type(type): type.descriptor
            case let .closure(workload): workload.descriptor
            }
        }

        /// The columns its `writeOutputs` fills, in order.
        public var outputColumns: [OutputColumn] {
            switch self {
            case let .type(type): type.outputColumns
            case let .closure(workload): workload.outputColumns
            }
        }

        /// A new instance for a case configured by `configuration`; throws `WorkloadError` for a rate
        /// or filter it does not accept (and whatever its own initializer throws).
        public func make(_ configuration: WorkloadConfiguration) throws -> any WorkloadInstance {
            switch self {
            case let .type(type): try type.init(configuration: configuration)
            case let .closure(workload): try workload.make(configuration)
            }
        }
    }
}

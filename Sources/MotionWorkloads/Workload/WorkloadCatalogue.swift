import MotionSensors

/// The workloads a run can plan from: a value handed to the plan, the runner and the command line, so
/// a package can bring its own beside the built-in nine (`WorkloadCatalogue.builtIn`), written as
/// classes (`Workload`) or as closures (`ClosureWorkload`).
///
/// Names are what a case is identified and its files named by, so a catalogue refuses two workloads
/// of one name, and names (of workloads, filters and parameters) that are not lower-case words
/// joined by hyphens (`gyro-translation`, `low-pass`, `gyro-bias`), and an event label declared twice.
public struct WorkloadCatalogue {
    /// The workloads, in the order listed and run.
    public let entries: [Entry]

    /// A catalogue of `entries`, in that order; throws `CatalogueError` for a repeated or malformed name.
    public init(_ entries: [Entry]) throws {
        var seen = Set<String>()
        for descriptor in entries.map(\.descriptor) {
            guard seen.insert(descriptor.name).inserted else { throw CatalogueError.repeatedWorkload(descriptor.name) }
            try Self.check(descriptor.name, kind: "workload", of: descriptor.name)
            for filter in descriptor.filters { try Self.check(filter, kind: "filter", of: descriptor.name) }
            for parameter in descriptor.parameters { try Self.check(parameter.name, kind: "parameter", of: descriptor.name) }
            if descriptor.filters.isEmpty { throw CatalogueError.noFilter(workload: descriptor.name) }
            var labels = Set<String>()
            for event in descriptor.events {
                try Self.check(event.label, kind: "event label", of: descriptor.name)
                guard labels.insert(event.label).inserted else { throw CatalogueError.repeatedEvent(event.label, workload: descriptor.name) }
            }
        }
        self.entries = entries
    }

    /// A catalogue of workloads written as classes, in that order; throws as `init(_:)` does.
    public init(_ workloads: [any Workload.Type]) throws {
        try self.init(workloads.map(Entry.type))
    }

    /// A catalogue of workloads written as closures, in that order; throws as `init(_:)` does.
    public init(_ workloads: [ClosureWorkload]) throws {
        try self.init(workloads.map(Entry.closure))
    }

    /// This catalogue with `more` after its own; throws `CatalogueError` as `init` does.
    public func adding(_ more: [Entry]) throws -> WorkloadCatalogue {
        try WorkloadCatalogue(entries + more)
    }

    /// This catalogue with the classes `more` after its own; throws `CatalogueError` as `init` does.
    public func adding(_ more: [any Workload.Type]) throws -> WorkloadCatalogue {
        try adding(more.map(Entry.type))
    }

    /// This catalogue with the closure workloads `more` after its own; throws `CatalogueError` as `init` does.
    public func adding(_ more: [ClosureWorkload]) throws -> WorkloadCatalogue {
        try adding(more.map(Entry.closure))
    }

    /// The workload called `name`, if any.
    public func named(_ name: String) -> Entry? {
        entries.first { $0.descriptor.name == name }
    }

    /// The descriptors, in order.
    public var descriptors: [WorkloadDescriptor] { entries.map(\.descriptor) }

    /// Lower-case letters and digits, in words joined by single hyphens (`LabelledEvent.isValidLabel`).
    private static func check(_ name: String, kind: String, of workload: String) throws {
        guard LabelledEvent.isValidLabel(name) else { throw CatalogueError.malformedName(name, kind: kind, workload: workload) }
    }
}

/// Why a set of workloads cannot be a catalogue.
public enum CatalogueError: Error, Equatable, CustomStringConvertible {
    /// Two workloads share a name.
    case repeatedWorkload(String)
    /// A workload, filter or parameter name is not lower-case words joined by hyphens.
    case malformedName(String, kind: String, workload: String)
    /// A workload offers no filter (every case runs one; `raw` when there is nothing to choose).
    case noFilter(workload: String)
    /// A workload declares one event label twice.
    case repeatedEvent(String, workload: String)

    /// The reason in a sentence.
    public var description: String {
        switch self {
        case let .repeatedWorkload(name):
            "two workloads are named '\(name)'"
        case let .malformedName(name, kind, workload):
            "\(workload): \(kind) name '\(name)' is not lower-case letters and digits in words joined by hyphens"
        case let .noFilter(workload):
            "\(workload): offers no filter (name one, e.g. raw)"
        case let .repeatedEvent(label, workload):
            "\(workload): declares the event '\(label)' twice"
        }
    }
}

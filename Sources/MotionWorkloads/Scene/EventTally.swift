/// The events a workload raised, kept as a count and the latest one: enough for outputs and tests,
/// and recording one never allocates (a growing list would, on the hot path).
public struct EventTally<Event: Hashable & Sendable>: Hashable, Sendable {
    /// How many events were recorded.
    public private(set) var count = 0
    /// The latest event, if any.
    public private(set) var last: Event?

    /// Creates an empty tally.
    public init() {}

    /// Records an event.
    public mutating func record(_ event: Event) {
        count += 1
        last = event
    }
}

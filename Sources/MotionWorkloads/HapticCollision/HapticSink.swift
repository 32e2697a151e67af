/// Where the haptic events go instead of the Taptic Engine: a count per style and the latest
/// event, in storage made once, so recording on the hot path never allocates.
public struct HapticSink: Hashable, Sendable {
    /// All events, and the latest.
    public private(set) var events = EventTally<HapticEvent>()
    private var counts = Array(repeating: 0, count: ImpactStyle.allCases.count)

    /// Creates an empty sink.
    public init() {}

    /// Plays (records) an event.
    public mutating func play(_ event: HapticEvent) {
        events.record(event)
        counts[event.style.index] += 1
    }

    /// Events played in `style`.
    public func count(of style: ImpactStyle) -> Int { counts[style.index] }
}

import MotionSensors

/// Sample ticks, display frames and touches merged in time order, as the hub would deliver them with
/// no lateness, collected into an array (see `HubEventStream` for the ordering rules).
public enum EventTimeline {
    /// Events for sample ticks `0 ..< tickCount` at `rateHz` (one sample per sensor per tick), the
    /// frames at `displayRateHz` due before tick `tickCount`, and the `touches` due by then.
    public static func events<Source: SensorSource>(
        rateHz: Double, displayRateHz: Double?, sensors: [SensorKind], tickCount: Int,
        source: inout Source, touches: [TouchEvent] = []
    ) -> [HubEvent] {
        var stream = HubEventStream(
            rateHz: rateHz, displayRateHz: displayRateHz, sensors: sensors, tickCount: tickCount, source: source, touches: touches)
        let frameCount = displayRateHz.map { Int((Double(tickCount) * $0 / rateHz).rounded(.up)) } ?? 0
        var events: [HubEvent] = []
        events.reserveCapacity(tickCount * sensors.count + frameCount + touches.count)
        while let event = stream.next() { events.append(event) }
        // The stream read a copy of the source; hand back the advanced one.
        if let advanced = stream.source as? Source { source = advanced }
        return events
    }

    /// Events for recorded samples at their own times (from 0), the frames at `displayRateHz` due
    /// before `endSeconds`, and the `touches` due by then.
    public static func events(
        recorded: ArraySlice<SensorSample>, endSeconds: Double, displayRateHz: Double?, touches: [TouchEvent] = []
    ) -> [HubEvent] {
        Array(HubEventStream(recorded: recorded, endSeconds: endSeconds, displayRateHz: displayRateHz, touches: touches))
    }
}

/// Touches waiting for their time, in time order.
struct TouchQueue {
    private let touches: [TouchEvent]
    private var next = 0

    init(_ touches: [TouchEvent]) {
        self.touches = touches.sorted { $0.time < $1.time }
    }

    /// Passes every touch due at or before `time` to `deliver`, once.
    mutating func deliver(dueBy time: Double, _ deliver: (TouchEvent) -> Void) {
        while next < touches.count, touches[next].time <= time {
            deliver(touches[next])
            next += 1
        }
    }
}

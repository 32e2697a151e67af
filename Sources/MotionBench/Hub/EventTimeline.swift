import MotionSensors

/// Sample ticks, display frames and touches merged in time order, as the hub would deliver them with
/// no lateness. A frame due at the same instant as a sample tick comes after it, as in the real-time
/// hub; a touch comes just before the first sample or frame at or after its time.
public enum EventTimeline {
    /// Events for sample ticks `0 ..< tickCount` at `rateHz` (one sample per sensor per tick), the
    /// frames at `displayRateHz` due before tick `tickCount`, and the `touches` due by then.
    public static func events(
        rateHz: Double, displayRateHz: Double?, sensors: [SensorKind], tickCount: Int,
        source: inout some SensorSource, touches: [TouchEvent] = []
    ) -> [HubEvent] {
        // Frame j comes before tick k when j / displayRate < k / rate; compared cross-multiplied so
        // that instants which coincide (frame 4 at 60 Hz, tick 1 at 15 Hz) are equal, not off by an ulp.
        let frameCount = displayRateHz.map { Int((Double(tickCount) * $0 / rateHz).rounded(.up)) } ?? 0
        var events: [HubEvent] = []
        events.reserveCapacity(tickCount * sensors.count + frameCount + touches.count)
        var pendingTouches = TouchQueue(touches)
        var frame = 0
        func appendFrames(before tick: Int) {
            while let displayRateHz, frame < frameCount, Double(frame) * rateHz < Double(tick) * displayRateHz {
                let time = Double(frame) / displayRateHz
                pendingTouches.deliver(dueBy: time) { events.append(.touch($0)) }
                events.append(.frame(time))
                frame += 1
            }
        }
        for tick in 0..<tickCount {
            appendFrames(before: tick)
            let time = Double(tick) / rateHz
            pendingTouches.deliver(dueBy: time) { events.append(.touch($0)) }
            for sensor in sensors {
                events.append(.sample(source.reading(of: sensor, at: time)))
            }
        }
        appendFrames(before: tickCount)
        return events
    }
}

extension EventTimeline {
    /// Events for recorded samples at their own times (from 0), the frames at `displayRateHz` due
    /// before `endSeconds`, and the `touches` due by then; same ordering rules as the fixed-rate timeline.
    public static func events(
        recorded: ArraySlice<SensorSample>, endSeconds: Double, displayRateHz: Double?, touches: [TouchEvent] = []
    ) -> [HubEvent] {
        var events: [HubEvent] = []
        var pendingTouches = TouchQueue(touches)
        var frame = 0
        func appendFrames(before time: Double) {
            while let displayRateHz, Double(frame) / displayRateHz < min(time, endSeconds) {
                let frameTime = Double(frame) / displayRateHz
                pendingTouches.deliver(dueBy: frameTime) { events.append(.touch($0)) }
                events.append(.frame(frameTime))
                frame += 1
            }
        }
        for sample in recorded {
            appendFrames(before: sample.time)
            pendingTouches.deliver(dueBy: sample.time) { events.append(.touch($0)) }
            events.append(.sample(sample))
        }
        appendFrames(before: endSeconds)
        return events
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

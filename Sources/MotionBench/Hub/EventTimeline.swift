import MotionSensors

/// Sample ticks and display frames merged in time order, as the hub would deliver them with no
/// lateness. A frame due at the same instant as a sample tick comes after it, as in the real-time hub.
public enum EventTimeline {
    /// Events for sample ticks `0 ..< tickCount` at `rateHz` (one sample per sensor per tick) and the
    /// frames at `displayRateHz` due before tick `tickCount`.
    public static func events(
        rateHz: Double, displayRateHz: Double?, sensors: [SensorKind], tickCount: Int, source: inout some SensorSource
    ) -> [HubEvent] {
        // Frame j comes before tick k when j / displayRate < k / rate; compared cross-multiplied so
        // that instants which coincide (frame 4 at 60 Hz, tick 1 at 15 Hz) are equal, not off by an ulp.
        let frameCount = displayRateHz.map { Int((Double(tickCount) * $0 / rateHz).rounded(.up)) } ?? 0
        var events: [HubEvent] = []
        events.reserveCapacity(tickCount * sensors.count + frameCount)
        var frame = 0
        for tick in 0..<tickCount {
            let time = Double(tick) / rateHz
            while let displayRateHz, frame < frameCount, Double(frame) * rateHz < Double(tick) * displayRateHz {
                events.append(.frame(Double(frame) / displayRateHz))
                frame += 1
            }
            for sensor in sensors {
                events.append(.sample(source.reading(of: sensor, at: time)))
            }
        }
        while let displayRateHz, frame < frameCount {
            events.append(.frame(Double(frame) / displayRateHz))
            frame += 1
        }
        return events
    }
}

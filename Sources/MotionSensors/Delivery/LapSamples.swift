/// A lap's events as `SensorSample`s in memory, one slot per event, made before the clock starts: what
/// a replay hands a receiver that takes each sample by its address (`LapReplay.deliver(to:samplesTo:)`),
/// so that per sample it writes only the time, shifted to its lap, and never copies the rest.
///
/// It holds as many samples as the lap has events, freed with it; a frame's slot is never handed out.
@usableFromInline
final class LapSamples {
    @usableFromInline let base: UnsafeMutablePointer<SensorSample>
    private let count: Int

    /// The samples of `lap`, at their times in the lap.
    init(_ lap: EventLap) {
        count = lap.events.count
        base = UnsafeMutablePointer<SensorSample>.allocate(capacity: max(1, count))
        for (index, event) in lap.events.enumerated() {
            (base + index).initialize(to: SensorSample(sensor: event.sensor ?? .accelerometer, time: event.time, value: event.value))
        }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

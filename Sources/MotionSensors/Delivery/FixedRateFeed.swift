/// Sample ticks `0 ..< tickCount` at `rate` per second, each one reading of every sensor listed,
/// in that order, from a source: what a phone's sensors give an app subscribed at that rate.
/// A workload that reads no sensor gets no sample, but its ticks still clock the stretch.
public struct FixedRateFeed<Source: SensorSource>: SampleFeed {
    /// The source, advanced past what was read.
    public var source: Source { _source }
    @usableFromInline var _source: Source
    @usableFromInline let sensors: [SensorKind]
    @usableFromInline let rate: Double
    @usableFromInline let tickCount: Int
    @usableFromInline var tick = 0
    @usableFromInline var sensorIndex = 0
    @usableFromInline var tickInstant = 0.0

    /// `tickCount` ticks of `sensors` from `source` at `rate` Hz.
    public init(source: Source, sensors: [SensorKind], rate: Double, tickCount: Int) {
        _source = source
        self.sensors = sensors
        self.rate = rate
        self.tickCount = max(0, tickCount)
    }

    @inlinable public var nextInstant: Double? {
        tick < tickCount && !sensors.isEmpty ? tickInstant : nil
    }

    @inlinable public var endInstant: Double {
        DeliveryOrder.instant(of: tickCount, rate: rate)
    }

    @inlinable public mutating func next() -> SensorSample {
        let sample = _source.reading(of: sensors[sensorIndex], at: tickInstant)
        sensorIndex += 1
        if sensorIndex == sensors.count {
            sensorIndex = 0
            tick += 1
            tickInstant = DeliveryOrder.instant(of: tick, rate: rate)
        }
        return sample
    }
}

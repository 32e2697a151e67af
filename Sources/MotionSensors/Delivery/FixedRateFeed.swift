/// Sample ticks `0 ..< tickCount` at `rate` per second, each one reading of every sensor listed,
/// in that order, from a source: what a phone's sensors give an app subscribed at that rate.
/// A workload that reads no sensor gets no sample, but its ticks still clock the stretch.
public struct FixedRateFeed<Source: SensorSource>: SampleFeed {
    /// The source, advanced past what was read.
    public private(set) var source: Source
    private let sensors: [SensorKind]
    private let rate: Double
    private let tickCount: Int
    private var tick = 0
    private var sensorIndex = 0
    public private(set) var nextInstant: Double?
    public let endInstant: Double

    /// `tickCount` ticks of `sensors` from `source` at `rate` Hz.
    public init(source: Source, sensors: [SensorKind], rate: Double, tickCount: Int) {
        self.source = source
        self.sensors = sensors
        self.rate = rate
        self.tickCount = max(0, tickCount)
        nextInstant = self.tickCount > 0 && !sensors.isEmpty ? 0 : nil
        endInstant = DeliveryOrder.instant(of: self.tickCount, rate: rate)
    }

    public mutating func next() -> SensorSample {
        let instant = nextInstant!
        let sample = source.reading(of: sensors[sensorIndex], at: instant)
        sensorIndex += 1
        if sensorIndex == sensors.count {
            sensorIndex = 0
            tick += 1
            nextInstant = tick < tickCount ? DeliveryOrder.instant(of: tick, rate: rate) : nil
        }
        return sample
    }
}

/// Any sensor source behind one concrete type, for code that picks its source at run time (the
/// virtual device or a recording) yet feeds a generic stream.
public struct AnySensorSource: SensorSource {
    private var base: any SensorSource

    /// Wraps `base`.
    public init(_ base: any SensorSource) {
        self.base = base
    }

    public var sensors: Set<SensorKind> { base.sensors }

    public mutating func reading(of sensor: SensorKind, at time: Double) -> SensorSample {
        base.reading(of: sensor, at: time)
    }
}

import MotionMath

/// One reading of one sensor, in Core Motion's units and device axes (see `SensorKind`).
public struct SensorSample: Hashable, Sendable {
    /// Which sensor produced the reading.
    public var sensor: SensorKind
    /// Seconds on a monotonic clock, like `CMLogItem.timestamp`.
    public var time: Double
    /// The reading; for the barometer, `x` holds the pressure in kPa and `y`, `z` are 0.
    public var value: Vector3

    /// Creates a sample.
    @inlinable public init(sensor: SensorKind, time: Double, value: Vector3) {
        self.sensor = sensor
        self.time = time
        self.value = value
    }
}

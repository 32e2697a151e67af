/// Something that can be asked for sensor readings at given times: a virtual device or a recording.
///
/// Readings are asked for in increasing time order for each sensor; a source may keep state (noise
/// generators, a read position) that depends on that order, and the same seed and the same sequence
/// of calls give the same readings.
public protocol SensorSource {
    /// The sensors this source can produce.
    var sensors: Set<SensorKind> { get }

    /// The reading of `sensor` at `time` seconds since the source started.
    mutating func reading(of sensor: SensorKind, at time: Double) -> SensorSample
}

import MotionMath

/// A recording read at a workload's rate: one `StreamResampler` per sensor, times measured from
/// `origin` on the recording's clock, so `reading(of:at: 0)` is the reading at `origin`.
public struct ResampledSource: SensorSource {
    /// The sensors the recording has.
    public let sensors: Set<SensorKind>
    /// Seconds from time 0 to the end of the shortest stream.
    public let duration: Double
    /// The recording's time that reads as 0.
    public let origin: Double
    /// Indexed by `SensorKind`'s position in `allCases`, so a reading costs no hashing.
    private var resamplers: [StreamResampler?]

    /// Reads `streams` (each time-ordered and not empty) at `rate` Hz, time 0 at `origin` (by default
    /// the latest first sample, the first instant every stream has begun). No streams at all is a valid
    /// subscription, for a workload that reads no sensor.
    public init(streams: [SensorKind: [SensorSample]], rate: Double, origin: Double? = nil) {
        precondition(streams.values.allSatisfy { !$0.isEmpty }, "every stream has samples")
        sensors = Set(streams.keys)
        let origin = origin ?? streams.values.map { $0[0].time }.max() ?? 0
        self.origin = origin
        duration = max(0, (streams.values.map { $0[$0.count - 1].time }.min() ?? origin) - origin)
        resamplers = SensorKind.allCases.map { kind in
            streams[kind].map { StreamResampler(samples: $0, outputRate: rate) }
        }
    }

    /// The reading of `sensor` `time` seconds after the recording's start.
    public mutating func reading(of sensor: SensorKind, at time: Double) -> SensorSample {
        let slot = Self.slot(of: sensor)
        precondition(resamplers[slot] != nil, "the recording has no \(sensor)")
        return SensorSample(sensor: sensor, time: time, value: resamplers[slot]!.value(at: origin + time))
    }

    private static func slot(of sensor: SensorKind) -> Int {
        switch sensor {
        case .accelerometer: 0
        case .gyroscope: 1
        case .magnetometer: 2
        case .barometer: 3
        }
    }
}

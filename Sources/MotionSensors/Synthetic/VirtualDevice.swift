import MotionMath

/// A virtual phone following a `Scenario`: its readings are the scenario's ground truth plus seeded
/// errors (see `SensorNoise`), in Core Motion's units and axes.
///
/// - Accelerometer: gravity in device axes minus user acceleration, in g, so lying flat, screen up,
///   it reads (0, 0, −1), as `CMAccelerometerData` does.
/// - Gyroscope: the angular rate in device axes, in rad/s.
/// - Magnetometer: the scenario's Earth field rotated into device axes, in µT, plus the hard-iron
///   offset (the magnetometer's bias), as raw `CMMagnetometerData`.
/// - Barometer: the pressure at the device's altitude by `StandardAtmosphere`, in kPa, in `value.x`.
///
/// Each sensor draws its errors from its own streams of the seed, so the readings of one sensor
/// depend only on the seed and the times at which that sensor was read, not on whether others were
/// read. A reading allocates nothing.
public struct VirtualDevice: SensorSource {
    /// What the device does.
    public let scenario: Scenario
    /// How imperfect its sensors are.
    public let noise: SensorNoise
    /// How often each sensor samples on its own, for `nextReading(of:)` and for a hub that resamples.
    public let rates: SensorRates
    /// All four sensors.
    public let sensors: Set<SensorKind> = Set(SensorKind.allCases)

    private var channels: PerSensor<ErrorChannel>
    private var ticks = PerSensor { _ in 0 }
    /// The Earth's field in the reference frame, worked out once.
    private let referenceField: Vector3
    /// The attitude last worked out, and its time: the sensors of one tick are read at one time.
    private var latestAttitude: (time: Double, attitude: Quaternion)?

    /// Creates the device at the start of its scenario.
    public init(scenario: Scenario, seed: UInt64, noise: SensorNoise = .phone, rates: SensorRates = .phone) {
        self.scenario = scenario
        self.noise = noise
        self.rates = rates
        // Streams 1 and 2 are the accelerometer's and gyroscope's since before the other sensors
        // existed, which keeps their readings for a seed unchanged.
        channels = PerSensor { sensor in
            let stream: UInt64 =
                switch sensor {
                case .accelerometer: 1
                case .gyroscope: 2
                case .magnetometer: 3
                case .barometer: 4
                }
            return ErrorChannel(seed: seed, stream: stream)
        }
        referenceField = scenario.earthField.vector
    }

    /// The reading of `sensor` at `time`; each sensor must be read at increasing times.
    public mutating func reading(of sensor: SensorKind, at time: Double) -> SensorSample {
        let model = noise[sensor]
        let value: Vector3
        switch sensor {
        case .accelerometer:
            let attitude = self.attitude(at: time)
            let truth =
                attitude.conjugate.rotate(Scenario.referenceGravity)
                - scenario.userAcceleration(at: time, attitude: attitude)
            value = channels.accelerometer.corrupt(truth, at: time, by: model)
        case .gyroscope:
            value = channels.gyroscope.corrupt(scenario.angularRate(at: time), at: time, by: model)
        case .magnetometer:
            let truth = attitude(at: time).conjugate.rotate(referenceField)
            value = channels.magnetometer.corrupt(truth, at: time, by: model)
        case .barometer:
            value = Vector3(channels.barometer.corrupt(scenario.pressure(at: time), at: time, by: model), 0, 0)
        }
        return SensorSample(sensor: sensor, time: time, value: value)
    }

    /// The scenario's attitude at `time`, worked out once for the sensors read at that time.
    private mutating func attitude(at time: Double) -> Quaternion {
        if let latestAttitude, latestAttitude.time == time { return latestAttitude.attitude }
        let attitude = scenario.attitude(at: time)
        latestAttitude = (time, attitude)
        return attitude
    }

    /// The next sample `sensor` takes at its own rate: at 0, 1/rate, 2/rate… seconds. Shares the
    /// sensor's error streams with `reading(of:at:)`, so mixing the two must still keep each sensor's
    /// times increasing.
    public mutating func nextReading(of sensor: SensorKind) -> SensorSample {
        let tick = ticks[sensor]
        ticks[sensor] = tick + 1
        return reading(of: sensor, at: Double(tick) / rates[sensor])
    }

    /// What is true at `time` (see `Scenario.truth(at:)`).
    public func truth(at time: Double) -> GroundTruth {
        scenario.truth(at: time)
    }
}

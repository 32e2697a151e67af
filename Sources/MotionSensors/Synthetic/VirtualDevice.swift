import MotionMath

/// A virtual phone following a `Scenario`: its readings are the scenario's ground truth plus seeded
/// noise, in Core Motion's units and axes.
///
/// - Accelerometer: gravity in device axes minus user acceleration, in g, so lying flat, screen up,
///   it reads (0, 0, −1), as `CMAccelerometerData` does.
/// - Gyroscope: the angular rate in device axes plus bias, in rad/s.
///
/// Each sensor draws its noise from its own stream of the seed, so the readings of one sensor depend
/// only on the seed and the times at which that sensor was read, not on whether others were read.
public struct VirtualDevice: SensorSource {
    /// What the device does.
    public let scenario: Scenario
    /// How imperfect its sensors are.
    public let noise: SensorNoise
    /// The sensors a virtual device has so far.
    public let sensors: Set<SensorKind> = [.accelerometer, .gyroscope]

    private var accelerometerNoise: GaussianGenerator
    private var gyroscopeNoise: GaussianGenerator

    /// Creates the device at the start of its scenario.
    public init(scenario: Scenario, seed: UInt64, noise: SensorNoise = .phone) {
        self.scenario = scenario
        self.noise = noise
        accelerometerNoise = GaussianGenerator(SplitMix64(seed: seed, stream: 1))
        gyroscopeNoise = GaussianGenerator(SplitMix64(seed: seed, stream: 2))
    }

    /// The reading of `sensor` at `time`; `sensor` must be one of `sensors`.
    public mutating func reading(of sensor: SensorKind, at time: Double) -> SensorSample {
        let value: Vector3
        switch sensor {
        case .accelerometer:
            value = scenario.gravity(at: time) - scenario.userAcceleration(at: time)
                + accelerometerNoise.nextVector(standardDeviation: noise.accelerometerStandardDeviation)
        case .gyroscope:
            value = scenario.angularRate(at: time) + noise.gyroscopeBias
                + gyroscopeNoise.nextVector(standardDeviation: noise.gyroscopeStandardDeviation)
        case .magnetometer, .barometer:
            preconditionFailure("a virtual device has no \(sensor.rawValue) yet")
        }
        return SensorSample(sensor: sensor, time: time, value: value)
    }
}

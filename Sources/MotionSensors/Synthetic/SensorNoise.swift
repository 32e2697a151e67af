import MotionMath

/// The imperfections a virtual device adds to its true readings: white noise on each axis of each
/// sample (independent of the sample rate) and a constant gyroscope bias.
public struct SensorNoise: Hashable, Sendable {
    /// Standard deviation of the accelerometer's noise on each axis, in g.
    public var accelerometerStandardDeviation: Double
    /// Standard deviation of the gyroscope's noise on each axis, in rad/s.
    public var gyroscopeStandardDeviation: Double
    /// What the gyroscope reads at rest, in rad/s, as raw `CMGyroData` does before calibration.
    public var gyroscopeBias: Vector3

    /// Creates a noise model.
    public init(accelerometerStandardDeviation: Double, gyroscopeStandardDeviation: Double, gyroscopeBias: Vector3) {
        self.accelerometerStandardDeviation = accelerometerStandardDeviation
        self.gyroscopeStandardDeviation = gyroscopeStandardDeviation
        self.gyroscopeBias = gyroscopeBias
    }

    /// Perfect sensors: readings are the ground truth.
    public static let none = SensorNoise(accelerometerStandardDeviation: 0, gyroscopeStandardDeviation: 0, gyroscopeBias: .zero)

    /// The order of magnitude of a phone's MEMS sensors sampled at tens of Hz: 0.005 g and
    /// 0.002 rad/s of noise, and a few thousandths of a rad/s of uncalibrated gyroscope bias.
    public static let phone = SensorNoise(
        accelerometerStandardDeviation: 0.005, gyroscopeStandardDeviation: 0.002,
        gyroscopeBias: Vector3(0.004, -0.003, 0.002))
}

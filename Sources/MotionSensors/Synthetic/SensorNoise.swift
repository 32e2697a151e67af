import MotionMath

/// The imperfections a virtual device adds to its true readings, one `SensorErrorModel` per sensor.
public struct SensorNoise: Hashable, Sendable {
    /// The accelerometer's errors, in g.
    public var accelerometer: SensorErrorModel
    /// The gyroscope's errors, in rad/s.
    public var gyroscope: SensorErrorModel
    /// The magnetometer's errors, in µT; its bias is the hard-iron offset.
    public var magnetometer: SensorErrorModel
    /// The barometer's errors, in kPa (x components only).
    public var barometer: SensorErrorModel

    /// Creates a noise model; sensors left out are perfect.
    public init(
        accelerometer: SensorErrorModel = .none, gyroscope: SensorErrorModel = .none,
        magnetometer: SensorErrorModel = .none, barometer: SensorErrorModel = .none
    ) {
        self.accelerometer = accelerometer
        self.gyroscope = gyroscope
        self.magnetometer = magnetometer
        self.barometer = barometer
    }

    /// The errors of `sensor`.
    public subscript(sensor: SensorKind) -> SensorErrorModel {
        switch sensor {
        case .accelerometer: accelerometer
        case .gyroscope: gyroscope
        case .magnetometer: magnetometer
        case .barometer: barometer
        }
    }

    /// Perfect sensors: readings are the ground truth.
    public static let none = SensorNoise()

    /// The order of magnitude of a phone's sensors sampled at tens of Hz: 0.005 g and 0.002 rad/s of
    /// noise and a few thousandths of a rad/s of uncalibrated gyroscope bias; 0.4 µT of magnetometer
    /// noise on a hard-iron offset of tens of µT (raw `CMMagnetometerData` is dominated by it); about
    /// 1 Pa (8 cm of altitude) of barometer noise, a 10 Pa offset and slow wander.
    ///
    /// The accelerometer and gyroscope do not drift here, so that workloads' golden outputs, recorded
    /// before drift existed, still hold; set `biasRandomWalk` to study drift.
    public static let phone = SensorNoise(
        accelerometer: SensorErrorModel(whiteNoise: 0.005),
        gyroscope: SensorErrorModel(whiteNoise: 0.002, bias: Vector3(0.004, -0.003, 0.002)),
        magnetometer: SensorErrorModel(whiteNoise: 0.4, bias: Vector3(18, -11, 32), biasRandomWalk: 0.005),
        barometer: SensorErrorModel(whiteNoise: 0.001, bias: Vector3(0.01, 0, 0), biasRandomWalk: 0.00002))
}

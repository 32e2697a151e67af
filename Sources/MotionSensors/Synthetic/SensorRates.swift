/// How often each sensor of a virtual device produces a sample on its own, in Hz: what a source
/// gives before the hub decimates or holds it for a workload.
public struct SensorRates: Hashable, Sendable {
    /// Accelerometer samples per second.
    public var accelerometer: Double
    /// Gyroscope samples per second.
    public var gyroscope: Double
    /// Magnetometer samples per second.
    public var magnetometer: Double
    /// Barometer samples per second.
    public var barometer: Double

    /// Creates the rates.
    public init(accelerometer: Double, gyroscope: Double, magnetometer: Double, barometer: Double) {
        precondition([accelerometer, gyroscope, magnetometer, barometer].allSatisfy { $0 > 0 }, "rates must be positive")
        self.accelerometer = accelerometer
        self.gyroscope = gyroscope
        self.magnetometer = magnetometer
        self.barometer = barometer
    }

    /// The rate of `sensor`.
    public subscript(sensor: SensorKind) -> Double {
        switch sensor {
        case .accelerometer: accelerometer
        case .gyroscope: gyroscope
        case .magnetometer: magnetometer
        case .barometer: barometer
        }
    }

    /// An iPhone's: Core Motion's 100 Hz ceiling for the motion sensors, and `CMAltimeter`'s own
    /// cadence of about 1 Hz for pressure.
    public static let phone = SensorRates(accelerometer: 100, gyroscope: 100, magnetometer: 100, barometer: 1)
}

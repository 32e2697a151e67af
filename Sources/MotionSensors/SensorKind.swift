/// The sensors a phone exposes through Core Motion, each with the unit its samples carry.
public enum SensorKind: String, CaseIterable, Sendable, Codable, Comparable {
    /// Acceleration including gravity, in g; a device lying flat, screen up, reads about (0, 0, −1).
    case accelerometer
    /// Rotation rate about the device axes, in rad/s, right-hand rule.
    case gyroscope
    /// Raw magnetic field, in µT.
    case magnetometer
    /// Pressure in kPa (in the sample's `value.x`), as `CMAltimeter` reports it.
    case barometer

    /// Orders sensors as `allCases` lists them, so reports list them the same way every time.
    public static func < (lhs: SensorKind, rhs: SensorKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

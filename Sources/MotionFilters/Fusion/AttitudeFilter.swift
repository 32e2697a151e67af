import MotionMath

/// A filter that fuses a gyroscope, an accelerometer and (optionally) a magnetometer into an attitude.
///
/// Conventions shared by every implementation, so they can be swapped in a workload and scored
/// against the same truth: readings in Core Motion's units and signs (rad/s; g, lying flat screen up
/// reading (0, 0, −1); any unit for the field), and `attitude` rotating device axes into
/// North-West-Up about magnetic north, the frame `TiltCompensatedCompass` gives.
///
/// Implementations are value types that allocate nothing per update, start from the e-compass on
/// their first usable update rather than converging from the identity, and skip a correction whose
/// reading is zero or degenerate rather than letting it put NaNs into the attitude.
public protocol AttitudeFilter {
    /// The current estimate, device to North-West-Up about magnetic north; the identity until the
    /// first update that had a usable accelerometer reading.
    var attitude: Quaternion { get }

    /// Advances the estimate by `dt` seconds of `gyroscope` rate and corrects it toward the
    /// accelerometer's gravity and, when given and usable, the magnetometer's north.
    mutating func update(gyroscope: Vector3, accelerometer: Vector3, magnetometer: Vector3?, dt: Double)
}

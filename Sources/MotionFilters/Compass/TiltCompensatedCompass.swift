import MotionMath

/// The attitude an accelerometer and a magnetometer alone give, without a gyroscope: an e-compass.
///
/// At rest the accelerometer reads gravity: Core Motion's reading is minus the specific force in g,
/// so lying flat, screen up, it reads (0, 0, −1) and *up* is minus the reading. The field's component
/// across up points to magnetic north; up × field points west. North, west and up, expressed in
/// device axes, are the rows of the device-to-reference rotation of the North-West-Up frame (the
/// frame of `GroundTruth` and Core Motion's `xMagneticNorthZVertical`), here about magnetic north.
///
/// Tilt compensation is exact for any attitude; what an e-compass cannot do is tell gravity from the
/// user's acceleration, so a moving device tilts its estimate, and every magnetometer disturbance
/// goes straight into the heading. The gyroscope-aided filters exist for that.
public enum TiltCompensatedCompass {
    /// The device-to-North-West-Up attitude, north being magnetic north, from an accelerometer
    /// reading (g, Core Motion's sign) and a magnetic field (any unit, device axes); nil when either
    /// is zero or they are parallel (no horizontal field to point north).
    @inlinable @inline(__always) public static func attitude(acceleration: Vector3, magneticField: Vector3) -> Quaternion? {
        let up = -acceleration.normalized
        let west = up.cross(magneticField)
        // Relative to the field's own size: at a magnetic pole, or with a zero reading, there is no north.
        guard west.lengthSquared > 1e-12 * magneticField.lengthSquared, up != .zero else { return nil }
        let westUnit = west.normalized
        return Quaternion(rotationRows: westUnit.cross(up), westUnit, up)
    }
}

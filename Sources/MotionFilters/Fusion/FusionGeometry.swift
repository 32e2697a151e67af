import MotionMath

/// The maths the fusion filters share: where they start, and how far the directions they predict
/// from their attitude are from the ones the sensors measure.
///
/// Every error here is `measured × predicted`, both unit vectors in device axes: a rotation vector
/// (length the sine of the angle between them) which, added to the gyroscope's rate, turns the
/// predicted direction toward the measured one (a reference direction seen from the device moves as
/// `d/dt v = v × ω`, so adding `e = s × v` gives `d/dt v = s − (s·v) v`).
public enum FusionGeometry {
    /// The attitude to start from: the e-compass's when the field gives a north; otherwise the tilt
    /// the accelerometer gives with the device's x axis (or y, when x is vertical) taken as north,
    /// since without a field any heading is as good; nil when the accelerometer reads zero.
    @inlinable public static func initialAttitude(accelerometer: Vector3, magnetometer: Vector3?) -> Quaternion? {
        if let magnetometer, let attitude = TiltCompensatedCompass.attitude(acceleration: accelerometer, magneticField: magnetometer) {
            return attitude
        }
        return TiltCompensatedCompass.attitude(acceleration: accelerometer, magneticField: Vector3(1, 0, 0))
            ?? TiltCompensatedCompass.attitude(acceleration: accelerometer, magneticField: Vector3(0, 1, 0))
    }

    /// Measured up (minus the accelerometer's reading) × the up `attitude` predicts; nil for a zero reading.
    @inlinable @inline(__always) public static func gravityError(attitude: Quaternion, accelerometer: Vector3) -> Vector3? {
        let up = -accelerometer.normalized
        guard up != .zero else { return nil }
        return up.cross(attitude.conjugate.rotate(Vector3(0, 0, 1)))
    }

    /// Measured west (up × field, as the e-compass finds it) × the west `attitude` predicts. Only the
    /// field's horizontal part enters, so the dip and a vertical disturbance leave the tilt alone;
    /// nil when either reading is zero or they are parallel.
    @inlinable @inline(__always) public static func westError(attitude: Quaternion, accelerometer: Vector3, magnetometer: Vector3) -> Vector3? {
        let west = magnetometer.cross(accelerometer)
        guard pointsNorth(west, accelerometer: accelerometer, magnetometer: magnetometer) else { return nil }
        return west.normalized.cross(attitude.conjugate.rotate(Vector3(0, 1, 0)))
    }

    /// Madgwick's magnetic error: the field, normalized, × the field `attitude` predicts from a
    /// reference with the measured field's own dip, (√(hx² + hy²), 0, hz) where h is the field seen in
    /// the reference frame, so that only the direction of north is corrected, never the field's
    /// strength or inclination; nil when either reading is zero or they are parallel, as for `westError`.
    @inlinable @inline(__always) public static func fieldError(attitude: Quaternion, accelerometer: Vector3, magnetometer: Vector3) -> Vector3? {
        guard pointsNorth(magnetometer.cross(accelerometer), accelerometer: accelerometer, magnetometer: magnetometer) else { return nil }
        let field = magnetometer.normalized
        let h = attitude.rotate(field)
        let reference = Vector3((h.x * h.x + h.y * h.y).squareRoot(), 0, h.z)
        return field.cross(attitude.conjugate.rotate(reference))
    }

    /// Whether `west`, the readings' cross product, is long enough for a north: relative to the
    /// readings' sizes, as in the e-compass, so that zero readings and a field along gravity (at a
    /// magnetic pole) both fail.
    @usableFromInline static func pointsNorth(_ west: Vector3, accelerometer: Vector3, magnetometer: Vector3) -> Bool {
        west.lengthSquared > 1e-12 * magnetometer.lengthSquared * accelerometer.lengthSquared
    }
}

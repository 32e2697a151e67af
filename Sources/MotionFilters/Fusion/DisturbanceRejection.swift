import MotionMath

/// Decides, update by update, whether the accelerometer measures gravity alone and the magnetometer
/// the Earth's field alone, so a fusion filter corrects toward them only then and otherwise trusts
/// its gyroscope.
///
/// - Acceleration: a reading whose size is more than `accelerationTolerance` g from 1 g carries the
///   device's own acceleration (a step, a swing, a car braking), and its direction is not "down".
/// - Field: a reading whose strength is more than `fieldTolerance` (a fraction) from the local
///   field's is bent by nearby iron or a magnet, and its direction is not north. The local strength is
///   learned, not assumed (calibration leaves it in arbitrary units, and buildings change it): it
///   starts at the first reading and follows the readings with a time constant of
///   `strengthTimeConstant` seconds, so a disturbance passing by moves it little while a new
///   building's field is adopted.
///
/// A tolerance of 0 turns that test off. Neither test allocates.
public struct DisturbanceRejection: Hashable, Sendable {
    /// How far from 1 g an accelerometer reading may be, in g, and still be taken for gravity; 0 accepts all.
    public var accelerationTolerance: Double
    /// How far from the local field's strength a reading may be, as a fraction of it, and still be
    /// taken for the Earth's field; 0 accepts all.
    public var fieldTolerance: Double
    /// How slowly the local field's strength follows the readings, seconds.
    public var strengthTimeConstant: Double
    /// The local field's strength as learned, in the readings' unit; nil before the first reading.
    public private(set) var localStrength: Double?

    /// Creates the tests with their tolerances (both off by default).
    public init(accelerationTolerance: Double = 0, fieldTolerance: Double = 0, strengthTimeConstant: Double = 30) {
        self.accelerationTolerance = accelerationTolerance
        self.fieldTolerance = fieldTolerance
        self.strengthTimeConstant = strengthTimeConstant
    }

    /// Whether `accelerometer` (in g) can be taken for gravity.
    @inlinable public func acceptsGravity(_ accelerometer: Vector3) -> Bool {
        accelerationTolerance == 0 || abs(accelerometer.length - 1) <= accelerationTolerance
    }

    /// Whether `field` can be taken for the Earth's field; learns the local strength from it, `dt`
    /// seconds after the previous reading.
    public mutating func acceptsField(_ field: Vector3, dt: Double) -> Bool {
        let strength = field.length
        guard let local = localStrength else {
            localStrength = strength
            return true
        }
        localStrength = local + (strength - local) * (dt / (strengthTimeConstant + dt))
        return fieldTolerance == 0 || abs(strength - local) <= fieldTolerance * local
    }
}

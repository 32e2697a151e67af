import MotionMath

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Decides, update by update, whether the accelerometer measures gravity alone and the magnetometer
/// the Earth's field alone, so a fusion filter corrects toward them only then and otherwise trusts
/// its gyroscope.
///
/// - Acceleration: a reading whose size is more than `accelerationTolerance` g from 1 g carries the
///   device's own acceleration (a step, a swing, a car braking), and its direction is not "down".
/// - Field: a calibrated reading is judged by its strength and its dip (the angle below the
///   horizontal, which needs the attitude) against the local field's: the reference a calibrator
///   learnt, or else one learnt here from accepted readings with time constant
///   `referenceTimeConstant`. Iron nearby changes both; so do a calibration's last errors and the
///   filter's tilt error as the device turns, by amounts that differ from phone to phone. So the
///   tolerance is `fieldTolerance` times the typical deviation of each, learnt as it goes (a 10 s
///   average of deviations clipped at three typical ones), not a fixed fraction.
/// - Recovery: after a disturbance the field is trusted again once `minimumCleanTime` seconds of
///   readings pass the test; a field judged disturbed for `maximumRejectionTime` seconds on end is
///   taken as the new local field (a new room), trusted, and learnt.
///
/// A tolerance of 0 turns that test off. Nothing here allocates.
public struct DisturbanceRejection: Hashable, Sendable {
    /// How far from 1 g an accelerometer reading may be, in g, and still be taken for gravity; 0 accepts all.
    public var accelerationTolerance: Double
    /// How many typical deviations of strength or dip a field reading may be off and still be taken
    /// for the Earth's field; 0 accepts all.
    public var fieldTolerance: Double
    /// Seconds of readings within tolerance before a disturbed field is trusted again.
    public var minimumCleanTime: Double
    /// Seconds of disturbance after which the field is taken as it is.
    public var maximumRejectionTime: Double
    /// How slowly the learnt reference follows accepted readings, seconds.
    public var referenceTimeConstant: Double
    /// Whether the latest field reading was rejected.
    public private(set) var isFieldDisturbed = false

    private var learntStrength: Double?
    private var learntDip = 0.0
    private var typicalStrengthDeviation = 3.0
    private var typicalDipDeviation = 0.1
    private var cleanTime = 0.0
    private var disturbedTime = 0.0

    /// Creates the tests with their tolerances (both off by default).
    public init(
        accelerationTolerance: Double = 0, fieldTolerance: Double = 0, minimumCleanTime: Double = 0.5,
        maximumRejectionTime: Double = 60, referenceTimeConstant: Double = 30
    ) {
        self.accelerationTolerance = accelerationTolerance
        self.fieldTolerance = fieldTolerance
        self.minimumCleanTime = minimumCleanTime
        self.maximumRejectionTime = maximumRejectionTime
        self.referenceTimeConstant = referenceTimeConstant
    }

    /// Whether `accelerometer` (in g) can be taken for gravity.
    @inlinable public func acceptsGravity(_ accelerometer: Vector3) -> Bool {
        accelerationTolerance == 0 || abs(accelerometer.length - 1) <= accelerationTolerance
    }

    /// Whether the calibrated `field` (device axes) can be taken for the Earth's field, with the
    /// device's `attitude` (device to North-West-Up) and the local field `reference` (North-West-Up,
    /// nil to learn it here), `dt` seconds after the previous reading.
    public mutating func acceptsField(_ field: Vector3, attitude: Quaternion, reference: Vector3?, dt: Double) -> Bool {
        let strength = field.length
        guard strength > 0 else { return false }
        let dip = asin(max(-1, min(1, -attitude.rotate(field).z / strength)))
        let referenceStrength: Double, referenceDip: Double
        if let reference, reference.length > 0 {
            referenceStrength = reference.length
            referenceDip = asin(max(-1, min(1, -reference.z / referenceStrength)))
        } else if let learntStrength {
            referenceStrength = learntStrength
            referenceDip = learntDip
        } else {
            learntStrength = strength
            learntDip = dip
            return true
        }
        let strengthDeviation = abs(strength - referenceStrength), dipDeviation = abs(dip - referenceDip)
        let within = fieldTolerance == 0
            || (strengthDeviation <= fieldTolerance * typicalStrengthDeviation && dipDeviation <= fieldTolerance * typicalDipDeviation)
        let follow = 1 - exp(-dt / 10)
        typicalStrengthDeviation = max(0.5, typicalStrengthDeviation + follow * (min(strengthDeviation, 3 * typicalStrengthDeviation) - typicalStrengthDeviation))
        typicalDipDeviation = max(0.01, typicalDipDeviation + follow * (min(dipDeviation, 3 * typicalDipDeviation) - typicalDipDeviation))
        if within {
            cleanTime += dt
        } else {
            cleanTime = 0
            disturbedTime += dt
        }
        let accepted = (within && (!isFieldDisturbed || cleanTime >= minimumCleanTime)) || disturbedTime >= maximumRejectionTime
        isFieldDisturbed = !accepted
        if accepted {
            disturbedTime = 0
            if reference == nil, let learnt = learntStrength {
                let weight = dt / (referenceTimeConstant + dt)
                learntStrength = learnt + (strength - learnt) * weight
                learntDip += (dip - learntDip) * weight
            }
        }
        return accepted
    }
}

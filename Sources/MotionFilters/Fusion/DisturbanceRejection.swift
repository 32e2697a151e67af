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
/// - Field: a calibrated reading's strength and dip (the angle below the horizontal, which needs the
///   attitude), smoothed over `smoothingTime` so that a fast magnetometer's noise does not decide,
///   are judged against the local field's: the reference a calibrator learnt, or else one learnt
///   here from accepted readings with time constant `referenceTimeConstant`. Iron nearby changes
///   both; so do a calibration's last errors and the filter's tilt error as the device turns, by
///   amounts that differ from device to device. So the tolerance is `fieldTolerance` times the
///   typical deviation of each, learnt as it goes (a 10 s average of the deviations of the readings
///   that pass), not a fixed fraction.
/// - Recovery: after a disturbance the field is trusted again once `minimumCleanTime` seconds of
///   readings pass the test.
/// - A new local field (another room): a field that stays the same, within the tolerance, for
///   `newFieldTime` seconds while the device turns at `minimumTurnRate` or more is taken as the
///   local field. A magnet nearby or on the device does not pass: turning and moving change the
///   field it bends. A field disturbed for `maximumRejectionTime` seconds on end is trusted as it
///   is, turning or not (a device left beside a magnet), rather than never again.
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
    /// Seconds of disturbance after which the field is trusted as it is.
    public var maximumRejectionTime: Double
    /// How slowly the learnt reference follows accepted readings, seconds.
    public var referenceTimeConstant: Double
    /// The time constant that smooths strength and dip before they are judged, seconds.
    public var smoothingTime: Double
    /// Seconds a steady field must last, while the device turns, to be taken as the new local field.
    public var newFieldTime: Double
    /// The turn rate, rad/s, at which a steady field counts toward `newFieldTime`.
    public var minimumTurnRate: Double
    /// Whether the latest field reading was rejected.
    public private(set) var isFieldDisturbed = false

    private var smoothedStrength: Double?
    private var smoothedDip = 0.0
    private var learntStrength: Double?
    private var learntDip = 0.0
    private var typicalStrengthDeviation = 3.0
    private var typicalDipDeviation = 0.1
    private var cleanTime = 0.0
    private var disturbedTime = 0.0
    private var candidateStrength = 0.0
    private var candidateDip = 0.0
    private var candidateTime = 0.0

    /// Creates the tests with their tolerances (both off by default).
    public init(
        accelerationTolerance: Double = 0, fieldTolerance: Double = 0, minimumCleanTime: Double = 0.5,
        maximumRejectionTime: Double = 60, referenceTimeConstant: Double = 30, smoothingTime: Double = 0.05,
        newFieldTime: Double = 20, minimumTurnRate: Double = 0.35
    ) {
        self.accelerationTolerance = accelerationTolerance
        self.fieldTolerance = fieldTolerance
        self.minimumCleanTime = minimumCleanTime
        self.maximumRejectionTime = maximumRejectionTime
        self.referenceTimeConstant = referenceTimeConstant
        self.smoothingTime = smoothingTime
        self.newFieldTime = newFieldTime
        self.minimumTurnRate = minimumTurnRate
    }

    /// Whether `accelerometer` (in g) can be taken for gravity.
    @inlinable public func acceptsGravity(_ accelerometer: Vector3) -> Bool {
        accelerationTolerance == 0 || abs(accelerometer.length - 1) <= accelerationTolerance
    }

    /// Whether the calibrated `field` (device axes) can be taken for the Earth's field, with the
    /// device's `attitude` (device to North-West-Up), the local field `reference` (North-West-Up,
    /// nil to learn it here) and the device's turn rate (rad/s), `dt` seconds after the previous reading.
    public mutating func acceptsField(_ field: Vector3, attitude: Quaternion, reference: Vector3?, turnRate: Double = 0, dt: Double) -> Bool {
        let length = field.length
        guard length > 0 else { return false }
        let dip = asin(max(-1, min(1, -attitude.rotate(field).z / length)))
        let strength: Double
        if let smoothed = smoothedStrength {
            let follow = dt / (smoothingTime + dt)
            strength = smoothed + (length - smoothed) * follow
            smoothedDip += (dip - smoothedDip) * follow
        } else {
            strength = length
            smoothedDip = dip
        }
        smoothedStrength = strength
        let referenceStrength: Double, referenceDip: Double
        if let reference, reference.length > 0 {
            referenceStrength = reference.length
            referenceDip = asin(max(-1, min(1, -reference.z / referenceStrength)))
        } else if let learntStrength {
            referenceStrength = learntStrength
            referenceDip = learntDip
        } else {
            learntStrength = strength
            learntDip = smoothedDip
            return true
        }
        let strengthTolerance = fieldTolerance * typicalStrengthDeviation, dipTolerance = fieldTolerance * typicalDipDeviation
        let strengthDeviation = abs(strength - referenceStrength), dipDeviation = abs(smoothedDip - referenceDip)
        let within = fieldTolerance == 0 || (strengthDeviation <= strengthTolerance && dipDeviation <= dipTolerance)
        if within {
            // Only readings taken for the Earth's field teach what is typical: a magnet that stays
            // would otherwise widen the tolerance until it passed.
            let follow = 1 - exp(-dt / 10)
            typicalStrengthDeviation = max(0.5, typicalStrengthDeviation + follow * (strengthDeviation - typicalStrengthDeviation))
            typicalDipDeviation = max(0.01, typicalDipDeviation + follow * (dipDeviation - typicalDipDeviation))
        }
        if within {
            cleanTime += dt
            disturbedTime = 0
        } else {
            cleanTime = 0
            disturbedTime += dt
        }
        trackCandidate(
            strength: strength, dip: smoothedDip, tolerances: (strengthTolerance, dipTolerance), counts: !within && turnRate >= minimumTurnRate,
            dt: dt)
        var accepted = within && (!isFieldDisturbed || cleanTime >= minimumCleanTime)
        if !accepted, candidateTime >= newFieldTime || disturbedTime >= maximumRejectionTime {
            // A new local field: learnt here it becomes the reference; a calibrator's follows it on its own.
            if reference == nil {
                learntStrength = candidateTime >= newFieldTime ? candidateStrength : strength
                learntDip = candidateTime >= newFieldTime ? candidateDip : smoothedDip
            }
            accepted = true
        }
        isFieldDisturbed = !accepted
        if accepted, reference == nil, let learnt = learntStrength {
            let weight = dt / (referenceTimeConstant + dt)
            learntStrength = learnt + (strength - learnt) * weight
            learntDip += (smoothedDip - learntDip) * weight
        }
        return accepted
    }

    /// Follows a field that stays the same, counting the time it held while it `counts` (disturbed,
    /// the device turning).
    private mutating func trackCandidate(strength: Double, dip: Double, tolerances: (strength: Double, dip: Double), counts: Bool, dt: Double) {
        if abs(strength - candidateStrength) <= tolerances.strength, abs(dip - candidateDip) <= tolerances.dip {
            if counts { candidateTime += dt }
            let weight = dt / (referenceTimeConstant + dt)
            candidateStrength += (strength - candidateStrength) * weight
            candidateDip += (dip - candidateDip) * weight
        } else {
            candidateStrength = strength
            candidateDip = dip
            candidateTime = 0
        }
    }
}

import MotionMath

/// A complementary filter: the gyroscope's integrated attitude, pulled each update a fraction
/// `dt / (τ + dt)` of the way toward the e-compass's attitude.
///
/// That fraction makes a first-order low-pass with time constant `τ` of the e-compass's attitude and
/// a high-pass of the gyroscope's: below 1/(2πτ) Hz the accelerometer and magnetometer are trusted,
/// above it the gyroscope, whose bias then drifts the estimate by at most about bias × τ. The blend
/// is a normalized linear interpolation of quaternions, on the same hemisphere, which for the small
/// steps of one update is the spherical one to within rounding.
///
/// Without a usable field the target is the gyroscope's attitude turned by the shortest arc that
/// takes its up onto the accelerometer's, so tilt is still corrected and heading left to the gyroscope;
/// without a usable accelerometer nothing is corrected.
public struct ComplementaryFilter: AttitudeFilter {
    /// The time constant in seconds: how long the accelerometer and magnetometer take to pull the
    /// estimate about 63 % of the way to theirs; 1 s by default.
    public var timeConstant: Double
    /// The current estimate, device to North-West-Up about magnetic north.
    @inlinable public var attitude: Quaternion { prediction.attitude }
    @usableFromInline var prediction = GyroPrediction()

    /// Creates the filter with a time constant in seconds (1 s by default).
    public init(timeConstant: Double = 1) {
        self.timeConstant = timeConstant
    }

    /// Integrates the gyroscope, then blends toward the e-compass (or the accelerometer's tilt);
    /// the first usable update takes the e-compass's attitude as it is.
    public mutating func update(gyroscope: Vector3, accelerometer: Vector3, magnetometer: Vector3?, dt: Double) {
        guard let predicted = prediction.predict(gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: magnetometer, dt: dt) else {
            return
        }
        prediction.attitude = predicted
        guard let target = target(from: predicted, accelerometer: accelerometer, magnetometer: magnetometer) else { return }
        let weight = dt / (timeConstant + dt)
        // q and −q are the same rotation: blend toward whichever is nearer so the path is short.
        let sign: Double = predicted.w * target.w + predicted.x * target.x + predicted.y * target.y + predicted.z * target.z < 0 ? -1 : 1
        prediction.attitude =
            Quaternion(
                w: predicted.w + weight * (sign * target.w - predicted.w),
                x: predicted.x + weight * (sign * target.x - predicted.x),
                y: predicted.y + weight * (sign * target.y - predicted.y),
                z: predicted.z + weight * (sign * target.z - predicted.z)
            ).normalized
    }

    /// The attitude the accelerometer and magnetometer point to: the e-compass's, or `predicted`
    /// levelled onto the accelerometer's up when the field gives no north; nil without an up.
    @inline(__always) private func target(from predicted: Quaternion, accelerometer: Vector3, magnetometer: Vector3?) -> Quaternion? {
        if let magnetometer, let compass = TiltCompensatedCompass.attitude(acceleration: accelerometer, magneticField: magnetometer) {
            return compass
        }
        let up = predicted.rotate(-accelerometer.normalized)
        guard up != .zero else { return nil }
        // The shortest arc from up to z is (1 + up·z, up × z) normalized, half the angle by
        // construction; up straight down has no unique arc, and that one update is skipped.
        let arc = Quaternion(w: 1 + up.z, x: up.y, y: -up.x, z: 0)
        guard arc.norm > 1e-9 else { return nil }
        return arc.normalized * predicted
    }
}

import MotionMath

/// Madgwick's gradient-descent filter (Madgwick, Harrison and Vaidyanathan, 2011).
///
/// Each update takes one normalized step of gradient descent on the mismatch between the directions
/// the attitude predicts and those measured, and adds it to the gyroscope's rate of change:
/// `q̇ = ½ q ⊗ ω − β ∇f / |∇f|`. For a unit quaternion the gradient of `½|R(q)ᵀd − s|²` is
/// `q ⊗ (0, (R(q)ᵀd) × s)`, less a radial part that renormalizing removes, so with `e` the sum of
/// `FusionGeometry`'s errors the step is a body rate: `q̇ = ½ q ⊗ (ω + 2β e/|e|)`. The correction
/// therefore turns the attitude at a fixed 2β rad/s whatever the size of the error: β is the
/// gyroscope error it is meant to outrun, and even with perfect readings the estimate chatters about
/// the answer by up to one step, 2β dt (0.23° at 50 Hz with the default β).
///
/// The MARG version uses gravity and Madgwick's field reference with the measured dip
/// (`FusionGeometry.fieldError`), so a magnetic disturbance tilts the estimate a little as well as
/// turning it; the IMU version, when the magnetometer is nil, zero or parallel to gravity, uses
/// gravity alone and leaves heading to the gyroscope.
public struct MadgwickFilter: AttitudeFilter {
    /// The gain β in rad/s; 0.1 by default (Madgwick's suggestion for a MEMS gyroscope), which
    /// corrects at 2β ≈ 11.5°/s.
    public var beta: Double
    /// The current estimate, device to North-West-Up about magnetic north.
    @inlinable public var attitude: Quaternion { prediction.attitude }
    @usableFromInline var prediction = GyroPrediction()

    /// Creates the filter with gain `beta` in rad/s (0.1 by default).
    public init(beta: Double = 0.1) {
        self.beta = beta
    }

    /// One gradient step plus the gyroscope's rate, integrated over `dt`; the first usable update
    /// takes the e-compass's attitude as it is.
    public mutating func update(gyroscope: Vector3, accelerometer: Vector3, magnetometer: Vector3?, dt: Double) {
        guard let predicted = prediction.predict(gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: magnetometer, dt: dt) else {
            return
        }
        var error = Vector3.zero
        if let gravity = FusionGeometry.gravityError(attitude: predicted, accelerometer: accelerometer) {
            error += gravity
            if let magnetometer, let field = FusionGeometry.fieldError(attitude: predicted, accelerometer: accelerometer, magnetometer: magnetometer)
            {
                error += field
            }
        }
        // `normalized` keeps a zero error (no correction available) at zero rather than NaN.
        prediction.attitude = predicted.integrated(angularRate: error.normalized * (2 * beta), over: dt)
    }
}

import MotionMath

/// Mahony's nonlinear complementary filter on SO(3) (Mahony, Hamel and Pflimlin, 2008): the
/// gyroscope's rate corrected by proportional-integral feedback of the attitude error.
///
/// With `e` the sum of `FusionGeometry`'s gravity and west errors (each the sine of its angle, along
/// the axis that would close it), the rate integrated is `ω + kp e + b̂`, where `b̂ += ki e dt` (the gyroscope's part first, the
/// error measured on its prediction). The
/// proportional term alone makes a complementary filter of time constant 1/kp; the integral term
/// settles where the error's average is zero, so it converges to minus a constant gyroscope bias and
/// the heading stops drifting (a proportional term alone would leave a standing error of bias/kp).
/// Using west (up × field) rather than the field keeps the dip and vertical disturbances out of tilt.
///
/// The integral only learns while a correction is available: without a usable field it learns the
/// bias about the horizontal axes only, as gravity says nothing about rotation about the vertical.
public struct MahonyFilter: AttitudeFilter {
    /// The proportional gain in rad/s per unit of error; 1 by default (time constant about 1 s,
    /// like `ComplementaryFilter`'s default).
    public var kp: Double
    /// The integral gain in rad/s² per unit of error; 0.1 by default, which with kp = 1 learns a bias
    /// within about ten seconds without overshooting (damping ratio about 1.6).
    public var ki: Double
    /// The current estimate, device to North-West-Up about magnetic north.
    @inlinable public var attitude: Quaternion { prediction.attitude }
    /// The integral term, rad/s, in device axes: minus the gyroscope bias it has learnt.
    public private(set) var integralCorrection = Vector3.zero
    @usableFromInline var prediction = GyroPrediction()

    /// Creates the filter with proportional gain `kp` (1 by default) and integral gain `ki` (0.1).
    public init(kp: Double = 1, ki: Double = 0.1) {
        self.kp = kp
        self.ki = ki
    }

    /// The PI correction added to the gyroscope's rate, integrated over `dt`; the first usable
    /// update takes the e-compass's attitude as it is.
    public mutating func update(gyroscope: Vector3, accelerometer: Vector3, magnetometer: Vector3?, dt: Double) {
        guard let predicted = prediction.predict(gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: magnetometer, dt: dt) else {
            return
        }
        var error = Vector3.zero
        if let gravity = FusionGeometry.gravityError(attitude: predicted, accelerometer: accelerometer) {
            error += gravity
            if let magnetometer, let west = FusionGeometry.westError(attitude: predicted, accelerometer: accelerometer, magnetometer: magnetometer) {
                error += west
            }
        }
        integralCorrection += error * (ki * dt)
        prediction.attitude = predicted.integrated(angularRate: error * kp + integralCorrection, over: dt)
    }
}

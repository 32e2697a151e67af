import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// How far an estimated attitude is from the true one, in degrees, split the way a user feels it:
/// tilt (is "up" right?) and heading (is north right?).
///
/// Both attitudes rotate device axes into the same North-West-Up frame. The error rotation, in that
/// frame, is `E = truth ⊗ estimate⁻¹` (it carries the estimate onto the truth). `total` is its angle.
/// `tilt` is the angle between the up directions the two attitudes put in the device frame, which is
/// the angle of E's swing, the part about a horizontal axis. `heading` is E's twist about the
/// vertical, `2 atan2(E.z, E.w)`, signed (positive when the estimate must turn anticlockwise, seen
/// from above, to meet the truth), so that E = swing ⊗ twist.
public struct AttitudeError: Equatable, Sendable {
    /// The whole error rotation's angle, 0…180°.
    public var total: Double
    /// The angle between the true and the estimated up, 0…180°.
    public var tilt: Double
    /// The error's turn about the vertical, −180…180°.
    public var heading: Double

    /// The error of `estimate` against `truth`.
    public init(estimate: Quaternion, truth: Quaternion) {
        let error = truth * estimate.conjugate
        total = Angle.degrees(fromRadians: 2 * acos(min(1, abs(error.w) / error.norm)))
        let up = Vector3(0, 0, 1)
        let cosine = estimate.conjugate.rotate(up).dot(truth.conjugate.rotate(up))
        tilt = Angle.degrees(fromRadians: acos(max(-1, min(1, cosine))))
        // The twist of E and of −E is the same turn: take the half with w ≥ 0.
        let sign: Double = error.w < 0 ? -1 : 1
        heading = Angle.degrees(fromRadians: 2 * atan2(sign * error.z, sign * error.w))
    }
}

import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// How a virtual device turns: roll, pitch and yaw (`EulerAngles`' order and axes) each following an
/// `AngleCurve`, relative to the device lying flat, screen up, top pointing along the reference y axis.
public struct AttitudeTrajectory: Hashable, Sendable {
    /// Rotation about the device's x axis.
    public var roll: AngleCurve
    /// Rotation about the device's y axis.
    public var pitch: AngleCurve
    /// Rotation about the vertical.
    public var yaw: AngleCurve

    /// Creates the trajectory; angles left out stay at 0.
    public init(roll: AngleCurve = .constant, pitch: AngleCurve = .constant, yaw: AngleCurve = .constant) {
        self.roll = roll
        self.pitch = pitch
        self.yaw = yaw
    }

    /// Lying flat and still.
    public static let flat = AttitudeTrajectory()

    /// Held still in front of someone looking at the screen: top forward toward `heading` degrees,
    /// raised 30° from the horizontal toward the face.
    public static func inHand(heading: Double) -> AttitudeTrajectory {
        AttitudeTrajectory(roll: AngleCurve(offset: Angle.radians(fromDegrees: 30)), yaw: AngleCurve(offset: Heading.yaw(forHeading: heading)))
    }

    /// The true attitude (device to reference frame) at `time` seconds.
    @inlinable public func attitude(at time: Double) -> Quaternion {
        attitude(at: time, turn: 0)
    }

    /// The true attitude at `time` seconds with `turn` radians added to the yaw: a vehicle's turns
    /// carrying the device round (see `Route`).
    @inlinable public func attitude(at time: Double, turn: Double) -> Quaternion {
        Quaternion(EulerAngles(roll: roll.value(at: time), pitch: pitch.value(at: time), yaw: yaw.value(at: time) + turn))
    }

    /// The true angular rate in the device frame at `time`, in rad/s: what an ideal gyroscope reads.
    ///
    /// The Euler angle rates mapped onto the body axes (the z-y-x kinematic equations), exact rather
    /// than a finite difference.
    @inlinable public func angularRate(at time: Double) -> Vector3 {
        angularRate(at: time, turnRate: 0)
    }

    /// The true angular rate in the device frame at `time` with `turnRate` rad/s added to the yaw
    /// rate (see `attitude(at:turn:)`); the yaw itself does not enter the body rates.
    @inlinable public func angularRate(at time: Double, turnRate: Double) -> Vector3 {
        let phi = roll.value(at: time), theta = pitch.value(at: time)
        let rollRate = roll.derivative(at: time), pitchRate = pitch.derivative(at: time)
        let yawRate = yaw.derivative(at: time) + turnRate
        let (sinPhi, cosPhi) = (sin(phi), cos(phi))
        let (sinTheta, cosTheta) = (sin(theta), cos(theta))
        return Vector3(
            rollRate - yawRate * sinTheta,
            pitchRate * cosPhi + yawRate * sinPhi * cosTheta,
            -pitchRate * sinPhi + yawRate * cosPhi * cosTheta
        )
    }
}

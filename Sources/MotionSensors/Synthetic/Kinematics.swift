import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Where a point is, how fast it moves and how fast that changes, in the North-West-Up reference
/// frame: metres, m/s and m/s². Motions that superpose (a car's route, its vibration) add up.
public struct Kinematics: Hashable, Sendable {
    /// Position, in metres from where the motion starts.
    public var position: Vector3
    /// Velocity, in m/s: the time derivative of `position`.
    public var velocity: Vector3
    /// Acceleration, in m/s²: the time derivative of `velocity`.
    public var acceleration: Vector3

    /// Creates the state.
    @inlinable public init(position: Vector3, velocity: Vector3, acceleration: Vector3) {
        self.position = position
        self.velocity = velocity
        self.acceleration = acceleration
    }

    /// At rest at the origin.
    public static let rest = Kinematics(position: .zero, velocity: .zero, acceleration: .zero)

    /// Two motions superposed.
    @inlinable public static func + (lhs: Kinematics, rhs: Kinematics) -> Kinematics {
        Kinematics(
            position: lhs.position + rhs.position, velocity: lhs.velocity + rhs.velocity,
            acceleration: lhs.acceleration + rhs.acceleration)
    }

    /// A one-dimensional motion `(distance, speed, acceleration)` along the unit vector `direction`.
    @inlinable public static func along(_ direction: Vector3, _ motion: (Double, Double, Double)) -> Kinematics {
        Kinematics(position: direction * motion.0, velocity: direction * motion.1, acceleration: direction * motion.2)
    }

    /// Distance, speed and acceleration `elapsed` seconds into a smooth change of speed from
    /// `initial` to `final` m/s over `duration` seconds; before it the speed is `initial`, after it
    /// `final`, both steady.
    ///
    /// The speed follows a half cosine, `v₀ + Δv (1 − cos πτ/T) / 2`, so the acceleration
    /// `Δv π/(2T) sin πτ/T` starts and ends at zero and joins a steady speed without a jolt; the
    /// distance covered during the change is `(v₀ + v₁) T / 2`.
    @inlinable public static func speedChange(
        from initial: Double, to final: Double, over duration: Double, elapsed: Double
    ) -> (distance: Double, speed: Double, acceleration: Double) {
        if elapsed <= 0 { return (initial * elapsed, initial, 0) }
        if elapsed >= duration { return ((initial + final) * duration / 2 + final * (elapsed - duration), final, 0) }
        let change = final - initial
        let angle = Double.pi * elapsed / duration
        return (
            initial * elapsed + change * (elapsed / 2 - duration * sin(angle) / (2 * Double.pi)),
            initial + change * (1 - cos(angle)) / 2,
            change * Double.pi / (2 * duration) * sin(angle)
        )
    }
}

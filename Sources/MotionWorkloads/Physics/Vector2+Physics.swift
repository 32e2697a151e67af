import MotionMath

// The few vector operations the physics needs beyond MotionMath's, kept internal to the module.
extension Vector2 {
    /// The dot product.
    @inline(__always) func dot(_ other: Vector2) -> Double { x * other.x + y * other.y }

    /// The z component of the 3D cross product of the two vectors in the plane.
    @inline(__always) func cross(_ other: Vector2) -> Double { x * other.y - y * other.x }

    /// The vector turned a quarter turn, from +x toward +y.
    @inline(__always) var perpendicular: Vector2 { Vector2(-y, x) }

    /// The opposite vector.
    @inline(__always) static prefix func - (vector: Vector2) -> Vector2 { Vector2(-vector.x, -vector.y) }

    /// Adds in place.
    @inline(__always) static func += (lhs: inout Vector2, rhs: Vector2) { lhs = lhs + rhs }

    /// Subtracts in place.
    @inline(__always) static func -= (lhs: inout Vector2, rhs: Vector2) { lhs = lhs - rhs }

    /// The velocity of a point at offset `self` from a centre turning at `angularVelocity` rad/s.
    @inline(__always) func crossedBy(_ angularVelocity: Double) -> Vector2 {
        Vector2(-angularVelocity * y, angularVelocity * x)
    }
}

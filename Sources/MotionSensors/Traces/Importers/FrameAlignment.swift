import MotionMath

/// The constants importers convert with, in one place so every format converts the same way.
enum FrameAlignment {
    /// 1 g in m/s² (the standard gravity Core Motion's g is defined by).
    static let standardGravity = 9.80665

    /// Re-expresses an East-North-Up attitude in North-West-Up: `q_NWU = this ⊗ q_ENU`. It is the
    /// rotation by −90° about up, which takes east (1, 0, 0) to (0, −1, 0), minus west, and north
    /// (0, 1, 0) to (1, 0, 0).
    static let eastNorthUpToNorthWestUp = Quaternion(w: 0.5.squareRoot(), x: 0, y: 0, z: -(0.5.squareRoot()))

    /// Core Motion's raw accelerometer reading, in g, from a specific force in m/s² (what Android,
    /// research IMUs and x-io report: +9.8 on the axis pointing up). Core Motion reports the opposite
    /// sign, so a phone lying face up reads z ≈ −1 rather than +1. `unitsPerG` is 9.80665 for m/s²
    /// and 1 for g; dividing (not multiplying by a reciprocal) keeps the documented `−a / 9.80665` exact.
    @inline(__always) static func coreMotionAcceleration(fromSpecificForce value: Vector3, unitsPerG: Double) -> Vector3 {
        Vector3(-value.x / unitsPerG, -value.y / unitsPerG, -value.z / unitsPerG)
    }
}

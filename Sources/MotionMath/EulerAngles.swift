/// An attitude as three angles in radians: roll about x, pitch about y, yaw about z, applied yaw first
/// (see `Quaternion.init(_:)` for the order).
public struct EulerAngles: Hashable, Sendable, Codable {
    /// Rotation about the x axis, −π ... π.
    public var roll: Double
    /// Rotation about the y axis, −π/2 ... π/2.
    public var pitch: Double
    /// Rotation about the z axis, −π ... π.
    public var yaw: Double

    /// Creates the angles, in radians.
    @inlinable public init(roll: Double, pitch: Double, yaw: Double) {
        self.roll = roll
        self.pitch = pitch
        self.yaw = yaw
    }
}

/// A vector in three dimensions, in whatever unit its owner states (g, rad/s, µT, metres…).
public struct Vector3: Hashable, Sendable, Codable {
    /// The first component: the device's x axis (to the right of the screen) for sensor readings.
    public var x: Double
    /// The second component: the device's y axis (toward the top of the screen) for sensor readings.
    public var y: Double
    /// The third component: the device's z axis (out of the screen) for sensor readings.
    public var z: Double

    /// Creates a vector from its three components.
    @inlinable public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The zero vector.
    @inlinable public static var zero: Vector3 { Vector3(0, 0, 0) }

    /// The sum of two vectors.
    @inlinable public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(lhs.x + rhs.x, lhs.y + rhs.y, lhs.z + rhs.z)
    }

    /// The difference of two vectors.
    @inlinable public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(lhs.x - rhs.x, lhs.y - rhs.y, lhs.z - rhs.z)
    }

    /// The vector pointing the other way.
    @inlinable public static prefix func - (vector: Vector3) -> Vector3 {
        Vector3(-vector.x, -vector.y, -vector.z)
    }

    /// The vector scaled by a number.
    @inlinable public static func * (vector: Vector3, scale: Double) -> Vector3 {
        Vector3(vector.x * scale, vector.y * scale, vector.z * scale)
    }

    /// The vector scaled by a number.
    @inlinable public static func * (scale: Double, vector: Vector3) -> Vector3 {
        vector * scale
    }

    /// The vector divided by a number.
    @inlinable public static func / (vector: Vector3, divisor: Double) -> Vector3 {
        Vector3(vector.x / divisor, vector.y / divisor, vector.z / divisor)
    }

    /// Adds a vector in place.
    @inlinable public static func += (lhs: inout Vector3, rhs: Vector3) {
        lhs = lhs + rhs
    }

    /// Subtracts a vector in place.
    @inlinable public static func -= (lhs: inout Vector3, rhs: Vector3) {
        lhs = lhs - rhs
    }

    /// Scales in place.
    @inlinable public static func *= (lhs: inout Vector3, scale: Double) {
        lhs = lhs * scale
    }

    /// The dot (scalar) product.
    @inlinable public func dot(_ other: Vector3) -> Double {
        x * other.x + y * other.y + z * other.z
    }

    /// The cross product `self × other`, right-handed.
    @inlinable public func cross(_ other: Vector3) -> Vector3 {
        Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    /// The squared Euclidean length; cheaper than `length` when only comparing.
    @inlinable public var lengthSquared: Double { dot(self) }

    /// The Euclidean length.
    @inlinable public var length: Double { lengthSquared.squareRoot() }

    /// The vector of length 1 pointing the same way, or zero for the zero vector (rather than NaNs,
    /// which would poison every filter downstream).
    @inlinable public var normalized: Vector3 {
        let length = self.length
        return length > 0 ? self / length : .zero
    }
}

/// A point or offset on the screen, in points, origin top-left, y down (UIKit's convention).
public struct Vector2: Hashable, Sendable, Codable {
    /// Points to the right.
    public var x: Double
    /// Points downward.
    public var y: Double

    /// Creates a vector from its two components.
    @inlinable public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, or no offset.
    public static let zero = Vector2(0, 0)

    /// The sum of two vectors.
    @inlinable public static func + (lhs: Vector2, rhs: Vector2) -> Vector2 {
        Vector2(lhs.x + rhs.x, lhs.y + rhs.y)
    }

    /// The difference of two vectors.
    @inlinable public static func - (lhs: Vector2, rhs: Vector2) -> Vector2 {
        Vector2(lhs.x - rhs.x, lhs.y - rhs.y)
    }

    /// The vector scaled by a number.
    @inlinable public static func * (vector: Vector2, scale: Double) -> Vector2 {
        Vector2(vector.x * scale, vector.y * scale)
    }

    /// The Euclidean length.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// The point a fraction `progress` of the way from `self` to `other` (0 gives `self`, 1 gives
    /// `other`); progress outside 0...1 extrapolates, which an overshooting curve needs.
    @inlinable public func interpolated(to other: Vector2, progress: Double) -> Vector2 {
        self + (other - self) * progress
    }
}

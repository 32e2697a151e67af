import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A rotation in the plane kept as its cosine and sine, so turning a point costs four multiplies.
///
/// Angles are positive from +x toward +y, which on a y-down screen is clockwise, as
/// `UIRotationGestureRecognizer` and `CGAffineTransform(rotationAngle:)` count them.
public struct Rotation: Hashable, Sendable {
    /// The cosine of the angle.
    public private(set) var cos: Double
    /// The sine of the angle.
    public private(set) var sin: Double

    /// The rotation by `angle` radians.
    public init(angle: Double) {
        (cos, sin) = cosineAndSine(angle)
    }

    /// No rotation.
    public static let identity = Rotation(angle: 0)

    /// The angle in −π ... π.
    public var angle: Double { atan2(sin, cos) }

    /// `vector` turned by the rotation (body frame to world).
    @inline(__always) func apply(_ vector: Vector2) -> Vector2 {
        Vector2(cos * vector.x - sin * vector.y, sin * vector.x + cos * vector.y)
    }

    /// `vector` turned back (world frame to body).
    @inline(__always) func applyInverse(_ vector: Vector2) -> Vector2 {
        Vector2(cos * vector.x + sin * vector.y, -sin * vector.x + cos * vector.y)
    }

    /// The body's x axis in the world.
    @inline(__always) var xAxis: Vector2 { Vector2(cos, sin) }

    /// The body's y axis in the world.
    @inline(__always) var yAxis: Vector2 { Vector2(-sin, cos) }

    /// Turns further by a small `angle`, without trigonometry (the position solver's corrections are
    /// a fraction of a degree; the next integration step recomputes the rotation exactly).
    @inline(__always) mutating func nudge(by angle: Double) {
        let c = cos - sin * angle, s = sin + cos * angle
        let scale = 1 / (c * c + s * s).squareRoot()
        cos = c * scale
        sin = s * scale
    }
}

/// The libm functions, outside `Rotation` whose `cos` and `sin` properties would shadow them.
private func cosineAndSine(_ angle: Double) -> (Double, Double) {
    (cos(angle), sin(angle))
}

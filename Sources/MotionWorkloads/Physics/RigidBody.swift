import MotionMath

/// One shape of the scene as the physics sees it: a square or a circle with a mass spread evenly
/// over its area, moving and turning in the plane of the screen (points, seconds, radians; y down).
public struct RigidBody: Hashable, Sendable {
    /// Square or circle.
    public let kind: ShapeKind
    /// The side of a square or the diameter of a circle, in points.
    public private(set) var size: Double
    /// The centre, in points.
    public var position: Vector2
    /// How the body is turned.
    public internal(set) var rotation: Rotation
    /// The turn in radians, unwrapped: the rotation follows it exactly after each step.
    public internal(set) var angle: Double
    /// Points per second.
    public var velocity: Vector2
    /// Radians per second, positive clockwise on screen.
    public var angularVelocity: Double
    /// Whether a finger holds the body: it then has no gravity but still collides, as the exercise
    /// removes a held view from its `UIGravityBehavior` and keeps it in the `UICollisionBehavior`.
    public var isHeld: Bool
    /// 1 / mass, in 1 / (area units); mass is the area times `density`.
    public private(set) var inverseMass: Double
    /// 1 / moment of inertia about the centre.
    public private(set) var inverseInertia: Double
    /// Mass per square point; only ratios matter, and all shapes of the exercise have the same
    /// (UIKit Dynamics' default of 1), so a shape's mass goes with its area.
    public let density: Double

    /// Creates a body at rest.
    public init(kind: ShapeKind, size: Double, position: Vector2, angle: Double = 0, density: Double = 1) {
        self.kind = kind
        self.size = size
        self.position = position
        self.angle = angle
        rotation = Rotation(angle: angle)
        velocity = .zero
        angularVelocity = 0
        isHeld = false
        self.density = density
        inverseMass = 0
        inverseInertia = 0
        updateMass()
    }

    /// Half the side of a square, or the radius of a circle.
    @inline(__always) public var halfSize: Double { size / 2 }

    /// Changes the size about the centre (a pinch), keeping the density: mass and inertia follow.
    public mutating func resize(to newSize: Double) {
        size = newSize
        updateMass()
    }

    /// Turns the body to `angle` radians.
    public mutating func turn(to angle: Double) {
        self.angle = angle
        rotation = Rotation(angle: angle)
    }

    /// The smallest axis-aligned box around the body.
    @inline(__always) public var bounds: AxisAlignedBox {
        let reach = extent
        return AxisAlignedBox(
            minX: position.x - reach.x, minY: position.y - reach.y, maxX: position.x + reach.x, maxY: position.y + reach.y)
    }

    /// Half the width and half the height of `bounds`.
    @inline(__always) var extent: Vector2 {
        switch kind {
        case .circle:
            return Vector2(halfSize, halfSize)
        case .square:
            let reach = halfSize * (abs(rotation.cos) + abs(rotation.sin))
            return Vector2(reach, reach)
        }
    }

    /// The square's corner `index` (0...3, counter-clockwise in body axes from (+, +)) relative to
    /// the body, in body axes.
    @inline(__always) func localCorner(_ index: Int) -> Vector2 {
        let h = halfSize
        switch index {
        case 0: return Vector2(h, h)
        case 1: return Vector2(-h, h)
        case 2: return Vector2(-h, -h)
        default: return Vector2(h, -h)
        }
    }

    /// Whether `point` lies on the body (a finger landing on its view).
    public func contains(_ point: Vector2) -> Bool {
        let local = rotation.applyInverse(point - position)
        switch kind {
        case .circle: return local.length <= halfSize
        case .square: return abs(local.x) <= halfSize && abs(local.y) <= halfSize
        }
    }

    private mutating func updateMass() {
        let h = halfSize
        switch kind {
        case .square:
            let mass = density * size * size
            inverseMass = 1 / mass
            inverseInertia = 1 / (mass * size * size / 6)
        case .circle:
            let mass = density * Double.pi * h * h
            inverseMass = 1 / mass
            inverseInertia = 1 / (mass * h * h / 2)
        }
    }
}

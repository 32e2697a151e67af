import MotionMath

/// One point where two bodies, or a body and a canvas edge, touch or are about to: the narrow
/// phase's output and the solver's unit of work.
///
/// Geometry is kept in the bodies' own frames (Box2D's position manifold): for a `face`
/// contact, a plane fixed to body `a` (normal and point) and a point fixed to body `b` lying
/// `radiusB` inside b's surface; for `circles`, the two centres and radii.
public struct ContactPoint: Hashable, Sendable {
    /// How the gap is measured.
    public enum Kind: Hashable, Sendable {
        /// `b`'s point against `a`'s plane.
        case face
        /// Centre to centre, minus both radii.
        case circles
    }

    /// Body whose face (or circle) is the reference, or `wall` for a canvas edge.
    public var a: Int32
    /// The other body.
    public var b: Int32
    /// How the gap is measured.
    public var kind: Kind
    /// Tells apart the contacts of one pair (which face, which corner), so impulses carry over.
    public var feature: UInt16
    /// The plane's normal in `a`'s frame (the world's for a wall), pointing toward `b`.
    var localNormal: Vector2
    /// A point of the plane (or `a`'s centre offset for circles) in `a`'s frame.
    var localPlanePoint: Vector2
    /// The point of `b` in `b`'s frame.
    var localPoint: Vector2
    /// `a`'s radius for circles.
    var radiusA: Double
    /// How far inside `b`'s surface `localPoint` lies: a circle's radius, 0 for a corner.
    var radiusB: Double

    /// World normal from `a` to `b` when the step began (a manifold's points share its first's).
    public internal(set) var normal = Vector2.zero
    /// The gap when the step began, points; negative when overlapping.
    public internal(set) var separation = 0.0
    /// Accumulated normal impulse this step, never negative (contacts push, never pull).
    public internal(set) var normalImpulse = 0.0
    /// Accumulated friction impulse this step, within ±friction × normal impulse.
    public internal(set) var tangentImpulse = 0.0
    /// 2 for the first point of a two-point manifold (same bodies, same normal; the second follows
    /// it), 0 for that second point, 1 for a point alone.
    var manifoldSize: UInt8 = 1

    /// The `a` of a contact with a canvas edge.
    public static let wall: Int32 = -1

    /// Creates a contact of `b`'s point against `a`'s plane.
    init(face a: Int32, _ b: Int32, feature: UInt16, localNormal: Vector2, localPlanePoint: Vector2, localPoint: Vector2, radiusB: Double) {
        self.a = a
        self.b = b
        kind = .face
        self.feature = feature
        self.localNormal = localNormal
        self.localPlanePoint = localPlanePoint
        self.localPoint = localPoint
        radiusA = 0
        self.radiusB = radiusB
    }

    /// Creates a contact between two circles.
    init(circles a: Int32, _ b: Int32, radiusA: Double, radiusB: Double) {
        self.a = a
        self.b = b
        kind = .circles
        feature = 0
        localNormal = .zero
        localPlanePoint = .zero
        localPoint = .zero
        self.radiusA = radiusA
        self.radiusB = radiusB
    }

    /// Identifies the contact across steps: the pair, in index order, and the feature.
    var cacheKey: UInt64 {
        let low = UInt64(UInt32(bitPattern: min(a, b) &+ 1)), high = UInt64(UInt32(bitPattern: max(a, b)))
        return low << 40 | high << 16 | UInt64(feature)
    }
}

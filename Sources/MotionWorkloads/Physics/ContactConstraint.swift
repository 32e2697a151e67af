import MotionMath

/// One manifold (one or two contact points sharing a normal) prepared for the solver: anchors fixed
/// relative to the bodies' centres at the start of the step, masses, and the impulses it starts
/// with. `ContactBlock` packs four of these side by side.
struct ContactConstraint {
    /// One point of the manifold.
    struct Point {
        /// The point relative to `a`'s centre, world axes, at the start of the step.
        var anchorA: Vector2
        /// The point relative to `b`'s centre.
        var anchorB: Vector2
        /// The gap at the start of the step minus the anchors' separation along the normal, so the
        /// gap now is this plus the normal component of how far the anchors have moved.
        var adjustedSeparation: Double
        /// 1 / the effective mass along the normal.
        var normalMass: Double
        /// 1 / the effective mass along the tangent.
        var tangentMass: Double
        /// Accumulated push, carried over between steps.
        var normalImpulse: Double
        /// Accumulated friction, carried over between steps.
        var tangentImpulse: Double
        /// Normal speed of `b` relative to `a` at the start of the step (negative approaching).
        var approachSpeed: Double

        /// The second point of a one-point manifold: no mass, so it never pushes.
        static let unused = Point(
            anchorA: .zero, anchorB: .zero, adjustedSeparation: 0, normalMass: 0, tangentMass: 0, normalImpulse: 0,
            tangentImpulse: 0, approachSpeed: 0)
    }

    /// Solver index of body `a` (the edges' index for a canvas edge).
    var a: Int32
    /// Solver index of body `b`.
    var b: Int32
    /// The first of the manifold's points in the world's contact list.
    var firstContact: Int32
    /// 1 or 2.
    var pointCount: Int32
    /// World normal from `a` to `b`, fixed for the step.
    var normal: Vector2
    /// 1 / mass and 1 / moment of inertia of `a` (0 for an edge) and of `b`.
    var inverseMassA: Double
    var inverseInertiaA: Double
    var inverseMassB: Double
    var inverseInertiaB: Double
    /// The manifold's first point.
    var first: Point
    /// The second point; unused when `pointCount` is 1.
    var second: Point
}

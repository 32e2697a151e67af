/// Four contact manifolds side by side, one per SIMD lane, so the solver works on four at a time
/// (Box2D v3's wide contact rows). The four share no movable body (`ConstraintColoring` sees to
/// that), so their impulses can be computed at once and written back without conflict. An empty
/// lane, or a manifold's missing second point, has zero mass: every impulse it computes is zero.
///
/// The block holds what the lanes' points share; the points themselves, which the solver writes,
/// live in an array of their own, two per block, so a pass reads the block in place.
struct ContactBlock {
    typealias Lanes = SIMD4<Float>

    /// One point of each lane's manifold.
    struct Point {
        var anchorAX = Lanes(), anchorAY = Lanes(), anchorBX = Lanes(), anchorBY = Lanes()
        /// The gap at the start of the step minus the anchors' separation along the normal.
        var adjustedSeparation = Lanes()
        /// 1 / the effective masses along the normal and the tangent; 0 in an unused lane.
        var normalMass = Lanes(), tangentMass = Lanes()
        /// Accumulated push and friction.
        var normalImpulse = Lanes(), tangentImpulse = Lanes()
        /// The largest push applied this step: restitution only acts on points that pushed.
        var largestImpulse = Lanes()
        /// Normal speed at the start of the step (negative approaching).
        var approachSpeed = Lanes()
    }

    /// How many points the block's manifolds have: 1 or 2 (a lane's second point may still be
    /// missing in a block of two).
    var points: Int32
    /// Solver body indices of each lane's `a` and `b`.
    var a: SIMD4<Int32>
    var b: SIMD4<Int32>
    /// World normal from `a` to `b`.
    var normalX = Lanes(), normalY = Lanes()
    var inverseMassA = Lanes(), inverseInertiaA = Lanes(), inverseMassB = Lanes(), inverseInertiaB = Lanes()
    /// Each lane's softness (stiffer against an edge).
    var biasRate = Lanes(), massScale = Lanes(), impulseScale = Lanes()
    /// Each lane's first and second contact in the world's list, −1 where there is none.
    var firstContact = SIMD4<Int32>(repeating: -1)
    var secondContact = SIMD4<Int32>(repeating: -1)

    /// A block of manifolds of `points` points whose lanes are all empty, pointing at `edges`, the
    /// immovable body.
    init(edges: Int32, points: Int) {
        self.points = Int32(points)
        a = SIMD4(repeating: edges)
        b = SIMD4(repeating: edges)
    }

    /// Puts `constraint` in `lane`, with `softness` for its push-out; its points go in the block's
    /// two `Point`s, with `Point.set`.
    mutating func set(_ lane: Int, to constraint: ContactConstraint, softness: Softness) {
        a[lane] = constraint.a
        b[lane] = constraint.b
        normalX[lane] = Float(constraint.normal.x)
        normalY[lane] = Float(constraint.normal.y)
        inverseMassA[lane] = Float(constraint.inverseMassA)
        inverseInertiaA[lane] = Float(constraint.inverseInertiaA)
        inverseMassB[lane] = Float(constraint.inverseMassB)
        inverseInertiaB[lane] = Float(constraint.inverseInertiaB)
        biasRate[lane] = Float(softness.biasRate)
        massScale[lane] = Float(softness.massScale)
        impulseScale[lane] = Float(softness.impulseScale)
        firstContact[lane] = constraint.firstContact
        if constraint.pointCount == 2 { secondContact[lane] = constraint.firstContact + 1 }
    }
}

extension ContactBlock.Point {
    /// Puts `source` in `lane`.
    mutating func set(_ lane: Int, to source: ContactConstraint.Point) {
        anchorAX[lane] = Float(source.anchorA.x)
        anchorAY[lane] = Float(source.anchorA.y)
        anchorBX[lane] = Float(source.anchorB.x)
        anchorBY[lane] = Float(source.anchorB.y)
        adjustedSeparation[lane] = Float(source.adjustedSeparation)
        normalMass[lane] = Float(source.normalMass)
        tangentMass[lane] = Float(source.tangentMass)
        normalImpulse[lane] = Float(source.normalImpulse)
        tangentImpulse[lane] = Float(source.tangentImpulse)
        approachSpeed[lane] = Float(source.approachSpeed)
    }
}

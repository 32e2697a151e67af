import MotionMath

/// Box2D v3's soft step over the contact manifolds (Catto, "Solver2D"): a step is cut into substeps;
/// each applies gravity, re-applies the accumulated impulses (warm start), solves the contacts with
/// a soft push-out of overlaps, moves the bodies, then relaxes (solves again without the push, so the
/// push-out leaves no speed behind). Restitution comes last, once per step. A contact's gap is
/// re-measured each pass from how far its anchors have moved, not by running the narrow phase again.
///
/// The passes work on `ContactBlock`s, four manifolds that share no movable body at a time, in
/// single precision; the solver bodies hold one more entry than the world's bodies: the canvas
/// edges, which no contact can move.
enum ContactSolver {
    typealias Bodies = UnsafeMutableBufferPointer<SolverBody>
    typealias Blocks = UnsafeMutableBufferPointer<ContactBlock>
    /// The blocks' points, two per block.
    typealias Points = UnsafeMutableBufferPointer<ContactBlock.Point>
    typealias Lanes = SIMD4<Float>
    /// One of a block's points, worked on in place (a copy would be 176 bytes).
    typealias Point = UnsafeMutablePointer<ContactBlock.Point>

    /// What a solving pass needs besides the contacts and bodies.
    struct Pass {
        /// 1 / the substep, per second.
        var inverseSubstep: Float
        /// The fastest an overlap is pushed out, points per second.
        var maximumPushSpeed: Float
        /// Coulomb friction coefficient.
        var friction: Float
    }

    /// Where a contact stands now: the world normal from `a` to `b`, the point midway between the
    /// surfaces, and the gap (negative when overlapping).
    @inline(__always) static func measure(_ contact: ContactPoint, _ bodies: UnsafeMutableBufferPointer<RigidBody>) -> (
        normal: Vector2, point: Vector2, separation: Double
    ) {
        let isWall = contact.a == ContactPoint.wall
        let positionA = isWall ? Vector2.zero : bodies[Int(contact.a)].position
        let rotationA = isWall ? Rotation.identity : bodies[Int(contact.a)].rotation
        let b = bodies[Int(contact.b)]
        switch contact.kind {
        case .face:
            let normal = rotationA.apply(contact.localNormal)
            let plane = positionA + rotationA.apply(contact.localPlanePoint)
            let pointB = b.position + b.rotation.apply(contact.localPoint)
            let separation = normal.dot(pointB - plane) - contact.radiusB
            return (normal, pointB - normal * (contact.radiusB + separation / 2), separation)
        case .circles:
            let d = b.position - positionA
            let distance = d.length
            // Coincident centres: any direction separates them; up, as a dropped shape would go.
            let normal = distance > 1e-12 ? d * (1 / distance) : Vector2(0, -1)
            let separation = distance - contact.radiusA - contact.radiusB
            return (normal, positionA + normal * (contact.radiusA + separation / 2), separation)
        }
    }

    /// The constraint of the manifold starting at contact `k` (whose impulses hold the previous
    /// step's); records its contacts' normal and gap.
    static func constraint(
        at k: Int, _ contacts: UnsafeMutableBufferPointer<ContactPoint>, _ bodies: UnsafeMutableBufferPointer<RigidBody>
    ) -> ContactConstraint {
        let count = contacts[k].manifoldSize == 2 ? 2 : 1
        let hasA = contacts[k].a != ContactPoint.wall
        let a = hasA ? contacts[k].a : Int32(bodies.count), b = contacts[k].b
        let bodyB = bodies[Int(b)]
        let bodyA = hasA ? bodies[Int(a)] : bodyB
        let measured = measure(contacts[k], bodies)
        var constraint = ContactConstraint(
            a: a, b: b, firstContact: Int32(k), pointCount: Int32(count), normal: measured.normal,
            inverseMassA: hasA ? bodyA.inverseMass : 0, inverseInertiaA: hasA ? bodyA.inverseInertia : 0,
            inverseMassB: bodyB.inverseMass, inverseInertiaB: bodyB.inverseInertia,
            first: .unused, second: .unused)
        contacts[k].normal = measured.normal
        contacts[k].separation = measured.separation
        constraint.first = point(contacts[k], measured, constraint, hasA ? bodyA : nil, bodyB)
        if count == 2 {
            let next = measure(contacts[k + 1], bodies)
            contacts[k + 1].normal = measured.normal
            contacts[k + 1].separation = next.separation
            constraint.second = point(contacts[k + 1], next, constraint, hasA ? bodyA : nil, bodyB)
        }
        return constraint
    }

    /// One point's anchors, masses, starting impulses and approach speed; both points of a manifold
    /// share its first point's normal.
    @inline(__always) private static func point(
        _ contact: ContactPoint, _ measured: (normal: Vector2, point: Vector2, separation: Double),
        _ constraint: ContactConstraint, _ bodyA: RigidBody?, _ bodyB: RigidBody
    ) -> ContactConstraint.Point {
        let normal = constraint.normal, tangent = normal.perpendicular
        let anchorA = bodyA.map { measured.point - $0.position } ?? .zero
        let anchorB = measured.point - bodyB.position
        let rnA = anchorA.cross(normal), rnB = anchorB.cross(normal)
        let rtA = anchorA.cross(tangent), rtB = anchorB.cross(tangent)
        let massSum = constraint.inverseMassA + constraint.inverseMassB
        let iA = constraint.inverseInertiaA, iB = constraint.inverseInertiaB
        var relative = bodyB.velocity + anchorB.crossedBy(bodyB.angularVelocity)
        if let bodyA { relative -= bodyA.velocity + anchorA.crossedBy(bodyA.angularVelocity) }
        return ContactConstraint.Point(
            anchorA: anchorA, anchorB: anchorB,
            adjustedSeparation: measured.separation - (anchorB - anchorA).dot(normal),
            normalMass: 1 / (massSum + iA * rnA * rnA + iB * rnB * rnB),
            tangentMass: 1 / (massSum + iA * rtA * rtA + iB * rtB * rtB),
            normalImpulse: contact.normalImpulse, tangentImpulse: contact.tangentImpulse,
            approachSpeed: relative.dot(normal))
    }

    /// The velocities and motions of each lane's two bodies, gathered from the solver bodies.
    private struct Pair {
        var vAX: Lanes, vAY: Lanes, wA: Lanes, turnA: Lanes, vBX: Lanes, vBY: Lanes, wB: Lanes, turnB: Lanes
        var dX = Lanes(), dY = Lanes(), cosA = Lanes(), sinA = Lanes(), cosB = Lanes(), sinB = Lanes()
        /// The block's normals and masses, read once.
        let normalX: Lanes, normalY: Lanes
        let inverseMassA: Lanes, inverseInertiaA: Lanes, inverseMassB: Lanes, inverseInertiaB: Lanes

        @inline(__always) init(_ block: UnsafeMutablePointer<ContactBlock>, _ bodies: Bodies, motion: Bool) {
            normalX = block.pointee.normalX
            normalY = block.pointee.normalY
            inverseMassA = block.pointee.inverseMassA
            inverseInertiaA = block.pointee.inverseInertiaA
            inverseMassB = block.pointee.inverseMassB
            inverseInertiaB = block.pointee.inverseInertiaB
            let laneA = block.pointee.a, laneB = block.pointee.b
            let a = (Int(laneA[0]), Int(laneA[1]), Int(laneA[2]), Int(laneA[3]))
            let b = (Int(laneB[0]), Int(laneB[1]), Int(laneB[2]), Int(laneB[3]))
            (vAX, vAY, wA, turnA) = transpose(bodies[a.0].velocity, bodies[a.1].velocity, bodies[a.2].velocity, bodies[a.3].velocity)
            (vBX, vBY, wB, turnB) = transpose(bodies[b.0].velocity, bodies[b.1].velocity, bodies[b.2].velocity, bodies[b.3].velocity)
            guard motion else { return }
            let (dAX, dAY, cA, sA) = transpose(bodies[a.0].motion, bodies[a.1].motion, bodies[a.2].motion, bodies[a.3].motion)
            let (dBX, dBY, cB, sB) = transpose(bodies[b.0].motion, bodies[b.1].motion, bodies[b.2].motion, bodies[b.3].motion)
            (dX, dY, cosA, sinA, cosB, sinB) = (dBX - dAX, dBY - dAY, cA, sA, cB, sB)
        }

        /// Writes the velocities back; an empty lane writes the edges' unchanged ones.
        @inline(__always) func store(_ block: UnsafeMutablePointer<ContactBlock>, _ bodies: Bodies) {
            let (a0, a1, a2, a3) = transpose(vAX, vAY, wA, turnA)
            bodies[Int(block.pointee.a[0])].velocity = a0
            bodies[Int(block.pointee.a[1])].velocity = a1
            bodies[Int(block.pointee.a[2])].velocity = a2
            bodies[Int(block.pointee.a[3])].velocity = a3
            let (b0, b1, b2, b3) = transpose(vBX, vBY, wB, turnB)
            bodies[Int(block.pointee.b[0])].velocity = b0
            bodies[Int(block.pointee.b[1])].velocity = b1
            bodies[Int(block.pointee.b[2])].velocity = b2
            bodies[Int(block.pointee.b[3])].velocity = b3
        }

        /// Normal (or, with `(−ny, nx)`, tangent) speed of `b`'s anchor relative to `a`'s.
        @inline(__always) func speed(_ point: Point, _ nX: Lanes, _ nY: Lanes) -> Lanes {
            let dvX = vBX - wB * point.pointee.anchorBY - (vAX - wA * point.pointee.anchorAY)
            let dvY = vBY + wB * point.pointee.anchorBX - (vAY + wA * point.pointee.anchorAX)
            return dvX * nX + dvY * nY
        }

        /// Applies the push and friction `point` holds.
        @inline(__always) mutating func applyHeld(_ point: Point) {
            let pX = normalX * point.pointee.normalImpulse - normalY * point.pointee.tangentImpulse
            let pY = normalY * point.pointee.normalImpulse + normalX * point.pointee.tangentImpulse
            apply(pX, pY, point)
        }

        /// Applies the impulse `(pX, pY)` to `b` at its anchor, and its opposite to `a`.
        @inline(__always) mutating func apply(_ pX: Lanes, _ pY: Lanes, _ point: Point) {
            vAX -= inverseMassA * pX
            vAY -= inverseMassA * pY
            wA -= inverseInertiaA * (point.pointee.anchorAX * pY - point.pointee.anchorAY * pX)
            vBX += inverseMassB * pX
            vBY += inverseMassB * pY
            wB += inverseInertiaB * (point.pointee.anchorBX * pY - point.pointee.anchorBY * pX)
        }
    }

    /// Applies the impulses the contacts hold.
    static func warmStart(_ blocks: Blocks, _ points: Points, _ bodies: Bodies) {
        guard let base = blocks.baseAddress else { return }
        for k in blocks.indices {
            let block = base + k
            var pair = Pair(block, bodies, motion: false)
            for point in 0..<Int(block.pointee.points) { pair.applyHeld(points.baseAddress! + 2 * k + point) }
            pair.store(block, bodies)
        }
    }

    /// One pass over the contacts: non-penetration (with the soft push-out when `pushingOut`, and
    /// closing at most the gap for points still apart), then friction within the Coulomb cone.
    static func solve(_ blocks: Blocks, _ points: Points, _ bodies: Bodies, _ pass: Pass, pushingOut: Bool) {
        guard let base = blocks.baseAddress else { return }
        let pointBase = points.baseAddress!
        for k in blocks.indices {
            solve(base + k, pointBase + 2 * k, bodies, pass, pushingOut)
        }
    }

    /// One block of a pass, its two points by `points`; a function of its own, each step written
    /// once, so that the compiler inlines everything it calls.
    @inline(never) private static func solve(
        _ block: UnsafeMutablePointer<ContactBlock>, _ points: UnsafeMutablePointer<ContactBlock.Point>,
        _ bodies: Bodies, _ pass: Pass, _ pushingOut: Bool
    ) {
        var pair = Pair(block, bodies, motion: true)
        let count = Int(block.pointee.points)
        for point in 0..<count { solveNormal(points + point, block, &pair, pass, pushingOut) }
        for point in 0..<count { solveFriction(points + point, &pair, pass.friction) }
        pair.store(block, bodies)
    }

    @inline(__always) private static func solveNormal(
        _ point: Point, _ block: UnsafeMutablePointer<ContactBlock>, _ pair: inout Pair, _ pass: Pass, _ pushingOut: Bool
    ) {
        let anchorAX = point.pointee.anchorAX, anchorAY = point.pointee.anchorAY
        let anchorBX = point.pointee.anchorBX, anchorBY = point.pointee.anchorBY
        // The gap now: the anchors turned by the bodies' rotations since the step began, plus their travel.
        let shiftX = pair.dX + (pair.cosB * anchorBX - pair.sinB * anchorBY) - (pair.cosA * anchorAX - pair.sinA * anchorAY)
        let shiftY = pair.dY + (pair.sinB * anchorBX + pair.cosB * anchorBY) - (pair.sinA * anchorAX + pair.cosA * anchorAY)
        let separation = shiftX * pair.normalX + shiftY * pair.normalY + point.pointee.adjustedSeparation
        let normalMass = point.pointee.normalMass, normalImpulse = point.pointee.normalImpulse
        let apart = separation .> 0
        // Still apart: close at most the gap this substep; overlapping: the soft push-out, or none.
        var bias = separation * pass.inverseSubstep
        var massScale = Lanes(repeating: 1), impulseScale = Lanes()
        if pushingOut {
            bias.replace(with: maximum(block.pointee.biasRate * separation, Lanes(repeating: -pass.maximumPushSpeed)), where: .!apart)
            massScale.replace(with: block.pointee.massScale, where: .!apart)
            impulseScale.replace(with: block.pointee.impulseScale, where: .!apart)
        } else {
            bias.replace(with: 0, where: .!apart)
        }
        let normalSpeed = pair.speed(point, pair.normalX, pair.normalY)
        let impulse = -normalMass * massScale * (normalSpeed + bias) - impulseScale * normalImpulse
        let total = maximum(normalImpulse + impulse, Lanes())
        let applied = total - normalImpulse
        point.pointee.normalImpulse = total
        point.pointee.largestImpulse = maximum(point.pointee.largestImpulse, applied)
        pair.apply(applied * pair.normalX, applied * pair.normalY, point)
    }

    @inline(__always) private static func solveFriction(_ point: Point, _ pair: inout Pair, _ friction: Float) {
        let tangentX = -pair.normalY, tangentY = pair.normalX
        let tangentSpeed = pair.speed(point, tangentX, tangentY)
        let tangentImpulse = point.pointee.tangentImpulse
        let limit = friction * point.pointee.normalImpulse
        let total = minimum(maximum(tangentImpulse - point.pointee.tangentMass * tangentSpeed, -limit), limit)
        point.pointee.tangentImpulse = total
        pair.apply((total - tangentImpulse) * tangentX, (total - tangentImpulse) * tangentY, point)
    }

    /// Bounces: points that pushed this step and met faster than `threshold` points per second get
    /// `elasticity` of their approach speed back, once per step.
    static func applyRestitution(_ blocks: Blocks, _ points: Points, _ bodies: Bodies, elasticity: Float, threshold: Float) {
        guard elasticity > 0, let base = blocks.baseAddress else { return }
        for k in blocks.indices {
            let block = base + k
            let fast = points[2 * k].approachSpeed .< -threshold .| points[2 * k + 1].approachSpeed .< -threshold
            guard any(fast) else { continue }
            var pair = Pair(block, bodies, motion: false)
            for point in 0..<Int(block.pointee.points) {
                bounce(points.baseAddress! + 2 * k + point, &pair, elasticity: elasticity, threshold: threshold)
            }
            pair.store(block, bodies)
        }
    }

    @inline(__always) private static func bounce(_ point: Point, _ pair: inout Pair, elasticity: Float, threshold: Float) {
        let approachSpeed = point.pointee.approachSpeed, normalImpulse = point.pointee.normalImpulse
        let bouncing = approachSpeed .< -threshold .& point.pointee.largestImpulse .> 0
        let normalSpeed = pair.speed(point, pair.normalX, pair.normalY)
        let impulse = -point.pointee.normalMass * (normalSpeed + elasticity * approachSpeed)
        let total = maximum(normalImpulse + impulse, Lanes()).replacing(with: normalImpulse, where: .!bouncing)
        point.pointee.normalImpulse = total
        pair.apply((total - normalImpulse) * pair.normalX, (total - normalImpulse) * pair.normalY, point)
    }

    /// Rows to columns: lane `i` of the `j`th result is lane `j` of the `i`th argument.
    @inline(__always) private static func transpose(_ r0: Lanes, _ r1: Lanes, _ r2: Lanes, _ r3: Lanes) -> (Lanes, Lanes, Lanes, Lanes) {
        (
            Lanes(r0[0], r1[0], r2[0], r3[0]), Lanes(r0[1], r1[1], r2[1], r3[1]),
            Lanes(r0[2], r1[2], r2[2], r3[2]), Lanes(r0[3], r1[3], r2[3], r3[3])
        )
    }

    /// The larger of each lane. The standard library's `pointwiseMax` handles NaNs lane by lane
    /// and is not inlined; gaps and impulses here are never NaN.
    @inline(__always) private static func maximum(_ a: Lanes, _ b: Lanes) -> Lanes {
        a.replacing(with: b, where: a .< b)
    }

    /// The smaller of each lane.
    @inline(__always) private static func minimum(_ a: Lanes, _ b: Lanes) -> Lanes {
        a.replacing(with: b, where: b .< a)
    }
}

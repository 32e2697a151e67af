import MotionMath

/// Sequential impulses over contact points (Box2D's solver, one constraint per point): friction and
/// non-penetration with restitution on velocities, warm-started from the previous step, then
/// non-linear Gauss–Seidel passes on positions so overlaps left by the velocity solve are removed
/// without adding energy (Baumgarte on positions, not velocities).
///
/// Works on unsafe buffers of the world's arrays: the hot loops run without bounds or uniqueness
/// checks; the world hands in buffers covering exactly its bodies and contacts.
enum ContactSolver {
    typealias Bodies = UnsafeMutableBufferPointer<RigidBody>
    typealias Contacts = UnsafeMutableBufferPointer<ContactPoint>

    /// Where a contact stands now: the world normal from `a` to `b`, the point midway between the
    /// surfaces, and the gap (negative when overlapping).
    @inline(__always) static func measure(_ contact: ContactPoint, _ bodies: Bodies) -> (normal: Vector2, point: Vector2, separation: Double) {
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

    /// Computes each contact's offsets, effective masses and target normal speed for this step.
    static func prepare(_ contacts: Contacts, _ bodies: Bodies, settings: PhysicsSettings, dt: Double) {
        for k in contacts.indices {
            var contact = contacts[k]
            let (normal, point, separation) = measure(contact, bodies)
            let b = bodies[Int(contact.b)]
            let hasA = contact.a != ContactPoint.wall
            let a = hasA ? bodies[Int(contact.a)] : b
            let massA = hasA ? a.inverseMass : 0, inertiaA = hasA ? a.inverseInertia : 0
            contact.normal = normal
            contact.separation = separation
            contact.offsetA = hasA ? point - a.position : .zero
            contact.offsetB = point - b.position

            let tangent = normal.perpendicular
            let rnA = contact.offsetA.cross(normal), rnB = contact.offsetB.cross(normal)
            contact.normalMass = 1 / (massA + b.inverseMass + inertiaA * rnA * rnA + b.inverseInertia * rnB * rnB)
            let rtA = contact.offsetA.cross(tangent), rtB = contact.offsetB.cross(tangent)
            contact.tangentMass = 1 / (massA + b.inverseMass + inertiaA * rtA * rtA + b.inverseInertia * rtB * rtB)

            var relative = b.velocity + contact.offsetB.crossedBy(b.angularVelocity)
            if hasA { relative -= a.velocity + contact.offsetA.crossedBy(a.angularVelocity) }
            let approach = relative.dot(normal)
            if approach < -settings.restitutionThreshold && separation + approach * dt < 0 {
                // Meets within this step fast enough to bounce.
                contact.velocityBias = -settings.elasticity * approach
            } else if separation > 0 {
                // Ahead of impact: close at most the gap this step.
                contact.velocityBias = -separation / dt
            } else {
                contact.velocityBias = 0
            }
            contacts[k] = contact
        }
        prepareBlocks(contacts, bodies)
    }

    /// For each two-point manifold, the coupling term of its 2 × 2 effective mass matrix; a pair
    /// whose matrix is too ill-conditioned to invert is solved point by point instead (Box2D drops
    /// a point there; keeping both costs nothing and keeps the shape level).
    private static func prepareBlocks(_ contacts: Contacts, _ bodies: Bodies) {
        var k = 0
        while k < contacts.count {
            defer { k += Int(max(contacts[k].manifoldSize, 1)) }
            guard contacts[k].manifoldSize == 2 else { continue }
            let first = contacts[k], second = contacts[k + 1]
            let b = bodies[Int(first.b)]
            var coupling = b.inverseMass + b.inverseInertia * first.offsetB.cross(first.normal) * second.offsetB.cross(first.normal)
            if first.a != ContactPoint.wall {
                let a = bodies[Int(first.a)]
                coupling += a.inverseMass + a.inverseInertia * first.offsetA.cross(first.normal) * second.offsetA.cross(first.normal)
            }
            let k11 = 1 / first.normalMass, k22 = 1 / second.normalMass
            if k11 * k11 < 1000 * (k11 * k22 - coupling * coupling) {
                contacts[k].coupling = coupling
            } else {
                contacts[k].manifoldSize = 1
                contacts[k + 1].manifoldSize = 1
            }
        }
    }

    /// Applies the impulses the contacts start with (the previous step's).
    static func warmStart(_ contacts: Contacts, _ bodies: Bodies) {
        for contact in contacts {
            apply(contact.normal * contact.normalImpulse + contact.normal.perpendicular * contact.tangentImpulse, at: contact, bodies)
        }
    }

    /// One pass over the contacts: friction within the Coulomb cone, then non-penetration, the two
    /// points of a manifold together (Box2D's block solver: solved one after the other, the points
    /// of a box lying on a face rock it a little every step, and a stack sways).
    static func solveVelocities(_ contacts: Contacts, _ bodies: Bodies, friction: Double) {
        var k = 0
        while k < contacts.count {
            if contacts[k].manifoldSize == 2 {
                solveFriction(&contacts[k], bodies, friction: friction)
                solveFriction(&contacts[k + 1], bodies, friction: friction)
                solveNormals(&contacts[k], &contacts[k + 1], bodies)
                k += 2
            } else {
                solveFriction(&contacts[k], bodies, friction: friction)
                solveNormal(&contacts[k], bodies)
                k += 1
            }
        }
    }

    /// Friction at one point, within ±friction × its normal impulse.
    @inline(__always) private static func solveFriction(_ contact: inout ContactPoint, _ bodies: Bodies, friction: Double) {
        let tangent = contact.normal.perpendicular
        let tangentSpeed = relativeVelocity(contact, bodies).dot(tangent)
        let limit = friction * contact.normalImpulse
        let newTangent = max(-limit, min(limit, contact.tangentImpulse - contact.tangentMass * tangentSpeed))
        apply(tangent * (newTangent - contact.tangentImpulse), at: contact, bodies)
        contact.tangentImpulse = newTangent
    }

    /// Non-penetration at one point: the accumulated impulse stays a push.
    @inline(__always) private static func solveNormal(_ contact: inout ContactPoint, _ bodies: Bodies) {
        let normalSpeed = relativeVelocity(contact, bodies).dot(contact.normal)
        let newNormal = max(0, contact.normalImpulse - contact.normalMass * (normalSpeed - contact.velocityBias))
        apply(contact.normal * (newNormal - contact.normalImpulse), at: contact, bodies)
        contact.normalImpulse = newNormal
    }

    /// Non-penetration at a manifold's two points as one linear complementarity problem, by trying
    /// its four cases in turn (both push; only the first; only the second; neither).
    @inline(__always) private static func solveNormals(_ first: inout ContactPoint, _ second: inout ContactPoint, _ bodies: Bodies) {
        let k11 = 1 / first.normalMass, k22 = 1 / second.normalMass, k12 = first.coupling
        let old1 = first.normalImpulse, old2 = second.normalImpulse
        let b1 = relativeVelocity(first, bodies).dot(first.normal) - first.velocityBias - (k11 * old1 + k12 * old2)
        let b2 = relativeVelocity(second, bodies).dot(first.normal) - second.velocityBias - (k12 * old1 + k22 * old2)
        var x1 = 0.0, x2 = 0.0
        let determinant = k11 * k22 - k12 * k12
        let both1 = -(k22 * b1 - k12 * b2) / determinant, both2 = -(k11 * b2 - k12 * b1) / determinant
        if both1 >= 0 && both2 >= 0 {
            (x1, x2) = (both1, both2)
        } else if -first.normalMass * b1 >= 0 && k12 * (-first.normalMass * b1) + b2 >= 0 {
            x1 = -first.normalMass * b1
        } else if -second.normalMass * b2 >= 0 && k12 * (-second.normalMass * b2) + b1 >= 0 {
            x2 = -second.normalMass * b2
        } else if !(b1 >= 0 && b2 >= 0) {
            return
        }
        apply(first.normal * (x1 - old1), at: first, bodies)
        apply(first.normal * (x2 - old2), at: second, bodies)
        first.normalImpulse = x1
        second.normalImpulse = x2
    }

    /// One pass of position correction: each contact's overlap beyond the slop, re-measured from
    /// the bodies' current positions, is reduced by the Baumgarte share. Returns the deepest overlap
    /// seen, in points (0 when none).
    @discardableResult
    static func solvePositions(_ contacts: Contacts, _ bodies: Bodies, settings: PhysicsSettings) -> Double {
        var deepest = 0.0
        for contact in contacts {
            let (normal, point, separation) = measure(contact, bodies)
            deepest = min(deepest, separation)
            let correction = max(-settings.maximumCorrection, min(0, settings.baumgarte * (separation + settings.linearSlop)))
            guard correction < 0 else { continue }
            let bIndex = Int(contact.b)
            let offsetB = point - bodies[bIndex].position
            let rnB = offsetB.cross(normal)
            var stiffness = bodies[bIndex].inverseMass + bodies[bIndex].inverseInertia * rnB * rnB
            var offsetA = Vector2.zero
            if contact.a != ContactPoint.wall {
                offsetA = point - bodies[Int(contact.a)].position
                let rnA = offsetA.cross(normal)
                stiffness += bodies[Int(contact.a)].inverseMass + bodies[Int(contact.a)].inverseInertia * rnA * rnA
            }
            let impulse = normal * (-correction / stiffness)
            if contact.a != ContactPoint.wall { shift(&bodies[Int(contact.a)], by: -impulse, at: offsetA) }
            shift(&bodies[bIndex], by: impulse, at: offsetB)
        }
        return -deepest
    }

    /// The velocity of `b`'s contact point relative to `a`'s.
    @inline(__always) private static func relativeVelocity(_ contact: ContactPoint, _ bodies: Bodies) -> Vector2 {
        let b = bodies[Int(contact.b)]
        var relative = b.velocity + contact.offsetB.crossedBy(b.angularVelocity)
        if contact.a != ContactPoint.wall {
            let a = bodies[Int(contact.a)]
            relative -= a.velocity + contact.offsetA.crossedBy(a.angularVelocity)
        }
        return relative
    }

    /// Applies `impulse` to `b` at the contact point, and its opposite to `a`.
    @inline(__always) private static func apply(_ impulse: Vector2, at contact: ContactPoint, _ bodies: Bodies) {
        if contact.a != ContactPoint.wall {
            let a = Int(contact.a)
            bodies[a].velocity -= impulse * bodies[a].inverseMass
            bodies[a].angularVelocity -= bodies[a].inverseInertia * contact.offsetA.cross(impulse)
        }
        let b = Int(contact.b)
        bodies[b].velocity += impulse * bodies[b].inverseMass
        bodies[b].angularVelocity += bodies[b].inverseInertia * contact.offsetB.cross(impulse)
    }

    /// Moves and turns a body as a positional impulse at `offset` from its centre would.
    @inline(__always) private static func shift(_ body: inout RigidBody, by impulse: Vector2, at offset: Vector2) {
        body.position += impulse * body.inverseMass
        let turn = body.inverseInertia * offset.cross(impulse)
        body.angle += turn
        body.rotation.nudge(by: turn)
    }
}

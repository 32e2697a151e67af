import MotionMath

/// A small 2D rigid-body world in the spirit of UIKit Dynamics: squares and circles under one
/// gravity, colliding with each other and with the canvas edges, bouncing and rubbing.
///
/// Each `step` runs, in order: the broad phase (`UniformGrid`) on bounds grown by how far each body
/// can move this step; the narrow phase (`Collision`) into contact points, their impulses from the
/// last step looked up (`WarmStartCache`); then `ContactSolver`'s soft step: `substeps` times,
/// gravity on velocities (not for held bodies), the contacts solved with a soft push-out, positions
/// moved, the contacts relaxed; restitution once at the end. As a last resort, any body reaching
/// past an edge is put back inside with its outward speed reflected, so nothing ever leaves the
/// canvas. Buffers are kept between steps: a step allocates nothing once they have grown to the
/// scene.
public struct PhysicsWorld {
    /// The canvas width, in points; bodies stay within 0 ... width.
    public let width: Double
    /// The canvas height, in points.
    public let height: Double
    /// Materials and solver constants.
    public var settings: PhysicsSettings
    /// Acceleration of every body not held, points per second squared (y down). Any value is
    /// taken, infinite ones too; a step applies at most what takes a body from rest to its speed
    /// limit in one substep (`appliedGravity(over:)`).
    public var gravity = Vector2.zero
    /// The bodies, in the order they were added (their indices never change).
    public internal(set) var bodies: [RigidBody] = []
    /// The contact points of the last step.
    public private(set) var contacts: [ContactPoint] = []
    /// The deepest overlap among the bodies as the last step found them, before it moved them, in
    /// points: the narrow phase's separating-axis depth (`Collision.separation`) of every pair that
    /// could touch, or a reach past an edge; 0 when nothing overlapped. How solid the world is: a
    /// body just put where it overlaps others (`add`, `replace`, `resize`: a tap, a pinch) is left
    /// out until the push-out has had the steps to move it by its own size, since that overlap is
    /// where it was put, not what the solver left. Otherwise `DeepestOverlap.of(_:)` measured on
    /// the world just before the step gives the same figure; this one costs a comparison a pair.
    public private(set) var deepestOverlap = 0.0
    /// Steps taken.
    public private(set) var steps = 0

    private var bounds: [AxisAlignedBox] = []
    /// The bounds the broad phase last ran on, and whether a body has been added, replaced or
    /// resized since.
    private var fatBounds: [AxisAlignedBox] = []
    private var pairsAreStale = true
    /// The step at which each body was last added, replaced or resized.
    private var placedAt: [Int] = []
    /// Bodies whose reach left their fat bounds this step, and a flag per body marking them.
    private var escaped: [Int] = []
    private var isEscaped: [Bool] = []
    private var pairs: [UniformGrid.Pair] = []
    private var grid = UniformGrid()
    private var cache: WarmStartCache
    private var solverBodies: [SolverBody] = []
    private var coloring = ConstraintColoring()
    private var blocks: [ContactBlock] = []
    private var blockPoints: [ContactBlock.Point] = []
    /// Where each colouring group's blocks start, and how many of its manifolds are placed so far.
    private var groupStarts = Array(repeating: 0, count: ConstraintColoring.groupCount)
    private var groupFill = Array(repeating: 0, count: ConstraintColoring.groupCount)

    /// Creates an empty world on a `width` × `height` canvas with room for `capacity` bodies before
    /// any buffer grows.
    public init(width: Double, height: Double, settings: PhysicsSettings = PhysicsSettings(), capacity: Int = 16) {
        self.width = width
        self.height = height
        self.settings = settings
        // A resting square touches about four neighbours with two points each, plus walls.
        let contactCapacity = 10 * capacity + 16
        bodies.reserveCapacity(capacity)
        bounds.reserveCapacity(capacity)
        fatBounds.reserveCapacity(capacity)
        escaped.reserveCapacity(capacity)
        isEscaped.reserveCapacity(capacity)
        placedAt.reserveCapacity(capacity)
        pairs.reserveCapacity(4 * capacity)
        contacts.reserveCapacity(contactCapacity)
        solverBodies.reserveCapacity(capacity + 1)
        // Four manifolds to a block, and some room for the overflow's blocks of one.
        blocks.reserveCapacity(contactCapacity / 4 + 64)
        blockPoints.reserveCapacity(contactCapacity / 2 + 128)
        cache = WarmStartCache(contacts: contactCapacity)
    }

    /// The largest size a body may have: a square that fits the canvas whichever way it is turned.
    public var maximumSize: Double { min(width, height) / 2.squareRoot() }

    /// Adds a body, its size capped at `maximumSize` and its centre moved inside the canvas if it was
    /// not; returns its index.
    @discardableResult
    public mutating func add(_ body: RigidBody) -> Int {
        var body = body
        if body.size > maximumSize { body.resize(to: maximumSize) }
        bodies.append(body)
        isEscaped.append(false)
        placedAt.append(steps)
        keepInside(bodies.count - 1)
        pairsAreStale = true
        return bodies.count - 1
    }

    /// Puts `body` in the place of body `index`, as `add` would add it.
    public mutating func replace(_ index: Int, with body: RigidBody) {
        var body = body
        if body.size > maximumSize { body.resize(to: maximumSize) }
        bodies[index] = body
        keepInside(index)
        placedAt[index] = steps
        pairsAreStale = true
    }

    /// Resizes body `index` about its centre, to between 1 point and `maximumSize`.
    public mutating func resize(_ index: Int, to size: Double) {
        bodies[index].resize(to: min(max(size, 1), maximumSize))
        placedAt[index] = steps
        pairsAreStale = true
    }

    /// Advances the world by `dt` seconds.
    public mutating func step(_ dt: Double) {
        findContacts(dt)
        for k in contacts.indices {
            let impulses = cache.lookUp(contacts[k].cacheKey)
            contacts[k].normalImpulse = impulses.normal
            contacts[k].tangentImpulse = impulses.tangent
        }
        solve(dt)
        cache.beginStoring(contacts: contacts.count)
        for contact in contacts {
            cache.store(contact.cacheKey, normal: contact.normalImpulse, tangent: contact.tangentImpulse)
        }
        cache.endStep()
        for i in bodies.indices {
            let moved = solverBodies[i]
            bodies[i].position += Vector2(Double(moved.motion[0]), Double(moved.motion[1]))
            bodies[i].turn(to: bodies[i].angle + Double(moved.turn))
            bodies[i].velocity = Vector2(Double(moved.velocity[0]), Double(moved.velocity[1]))
            bodies[i].angularVelocity = Double(moved.velocity[2])
            keepInside(i)
        }
        steps += 1
    }

    /// The soft step over `dt`, on the solver's copies of the bodies; the contacts get their final
    /// impulses back.
    private mutating func solve(_ dt: Double) {
        let settings = settings
        let substep = dt / Double(settings.substeps)
        let hertz = min(settings.contactHertz, 0.25 / substep)
        let softness = Softness(hertz: hertz, dampingRatio: settings.contactDampingRatio, h: substep)
        let edgeSoftness = Softness(hertz: 2 * hertz, dampingRatio: settings.contactDampingRatio, h: substep)
        let bodyCount = bodies.count
        contacts.withUnsafeMutableBufferPointer { coloring.color($0, bodyCount: bodyCount) }
        packBlocks(softness: softness, edgeSoftness: edgeSoftness)
        solverBodies.removeAll(keepingCapacity: true)
        for body in bodies {
            solverBodies.append(
                SolverBody(
                    velocityX: Float(body.velocity.x), velocityY: Float(body.velocity.y), angularVelocity: Float(body.angularVelocity)))
        }
        solverBodies.append(.edges)

        let pass = ContactSolver.Pass(
            inverseSubstep: Float(1 / substep), maximumPushSpeed: Float(settings.maximumPushSpeed), friction: Float(settings.friction))
        let pull = appliedGravity(over: dt)
        let h = Float(substep), gravityX = Float(pull.x * substep), gravityY = Float(pull.y * substep)
        let maximumSpeed = Float(settings.maximumTranslation / dt), maximumTurnRate = Float(settings.maximumRotation / dt)
        bodies.withUnsafeBufferPointer { bodies in
            blocks.withUnsafeMutableBufferPointer { blocks in
                blockPoints.withUnsafeMutableBufferPointer { points in
                    solverBodies.withUnsafeMutableBufferPointer { solverBodies in
                        for _ in 0..<settings.substeps {
                            for i in bodies.indices {
                                var velocity = solverBodies[i].velocity
                                if !bodies[i].isHeld {
                                    velocity[0] += gravityX
                                    velocity[1] += gravityY
                                }
                                let speed = (velocity[0] * velocity[0] + velocity[1] * velocity[1]).squareRoot()
                                if speed > maximumSpeed {
                                    velocity[0] *= maximumSpeed / speed
                                    velocity[1] *= maximumSpeed / speed
                                }
                                velocity[2] = min(max(velocity[2], -maximumTurnRate), maximumTurnRate)
                                solverBodies[i].velocity = velocity
                            }
                            ContactSolver.warmStart(blocks, points, solverBodies)
                            ContactSolver.solve(blocks, points, solverBodies, pass, pushingOut: true)
                            for i in bodies.indices { solverBodies[i].integratePosition(h) }
                            ContactSolver.solve(blocks, points, solverBodies, pass, pushingOut: false)
                        }
                        for _ in 0..<settings.restitutionIterations {
                            ContactSolver.applyRestitution(
                                blocks, points, solverBodies, elasticity: Float(settings.elasticity),
                                threshold: Float(settings.restitutionThreshold))
                        }
                    }
                }
            }
        }
        for (k, block) in blocks.enumerated() {
            for lane in 0..<4 {
                let first = Int(block.firstContact[lane]), second = Int(block.secondContact[lane])
                if first >= 0 {
                    contacts[first].normalImpulse = Double(blockPoints[2 * k].normalImpulse[lane])
                    contacts[first].tangentImpulse = Double(blockPoints[2 * k].tangentImpulse[lane])
                }
                if second >= 0 {
                    contacts[second].normalImpulse = Double(blockPoints[2 * k + 1].normalImpulse[lane])
                    contacts[second].tangentImpulse = Double(blockPoints[2 * k + 1].tangentImpulse[lane])
                }
            }
        }
    }

    /// `gravity` as a step of `dt` seconds applies it: no longer than what brings a body from rest to
    /// the speed limit (`maximumTranslation` a step) in one substep. More would change nothing once
    /// the speed is capped, but a pull of 10³⁰⁰ points/s² (a corrupt reading) would overflow the
    /// solver's single precision and the broad phase's reach into infinities, then NaN.
    func appliedGravity(over dt: Double) -> Vector2 {
        let limit = settings.maximumTranslation * Double(settings.substeps) / (dt * dt)
        func clamped(_ component: Double) -> Double { component.isNaN ? 0 : min(max(component, -limit), limit) }
        let pull = Vector2(clamped(gravity.x), clamped(gravity.y))
        let length = pull.length
        return length > limit ? pull * (limit / length) : pull
    }

    /// Prepares each coloured manifold's constraint into the blocks: each group's four at a time, the
    /// overflow's one at a time.
    private mutating func packBlocks(softness: Softness, edgeSoftness: Softness) {
        blocks.removeAll(keepingCapacity: true)
        blockPoints.removeAll(keepingCapacity: true)
        let edges = Int32(bodies.count)
        for group in 0..<ConstraintColoring.groupCount {
            groupStarts[group] = blocks.count
            groupFill[group] = 0
            let lanes = ConstraintColoring.isOverflow(group) ? 1 : 4
            for _ in 0..<(coloring.counts[group] + lanes - 1) / lanes {
                blocks.append(ContactBlock(edges: edges, points: ConstraintColoring.points(group)))
                blockPoints.append(ContactBlock.Point())
                blockPoints.append(ContactBlock.Point())
            }
        }
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                var k = 0, manifold = 0
                while k < contacts.count {
                    let constraint = ContactSolver.constraint(at: k, contacts, bodies)
                    let group = Int(coloring.groups[manifold])
                    let lanes = ConstraintColoring.isOverflow(group) ? 1 : 4
                    let block = groupStarts[group] + groupFill[group] / lanes, lane = groupFill[group] % lanes
                    groupFill[group] += 1
                    blocks[block].set(lane, to: constraint, softness: constraint.a == edges ? edgeSoftness : softness)
                    blockPoints[2 * block].set(lane, to: constraint.first)
                    if constraint.pointCount == 2 { blockPoints[2 * block + 1].set(lane, to: constraint.second) }
                    k += Int(constraint.pointCount)
                    manifold += 1
                }
            }
        }
    }

    /// The broad and narrow phases: contact points of every pair of bodies, and of bodies and edges,
    /// closer than the margin plus the distance they can close this step.
    ///
    /// The broad phase runs on fat bounds, each body's reach grown by `broadPhaseMargin`, and its
    /// pairs are kept from step to step (Box2D's fat boxes): only a body whose reach leaves its fat
    /// bounds gets new ones and has its pairs found again, against every other body's fat bounds;
    /// the grid lists them all afresh only after bodies were added or resized, or when many moved.
    /// Each kept pair's reaches are compared before the narrow phase.
    private mutating func findContacts(_ dt: Double) {
        bounds.removeAll(keepingCapacity: true)
        escaped.removeAll(keepingCapacity: true)
        // Gravity adds to each body's speed within the step.
        let fall = appliedGravity(over: dt).length * dt
        for i in bodies.indices {
            let reach = bodies[i].bounds.expanded(by: (bodies[i].velocity.length + fall) * dt + settings.contactMargin / 2)
            bounds.append(reach)
            if !pairsAreStale, !fatBounds[i].contains(reach) { escaped.append(i) }
        }
        if pairsAreStale || escaped.count > bodies.count / 8 {
            fatBounds.removeAll(keepingCapacity: true)
            for reach in bounds { fatBounds.append(reach.expanded(by: settings.broadPhaseMargin)) }
            grid.findPairs(fatBounds, width: width, height: height, into: &pairs)
            pairsAreStale = false
        } else if !escaped.isEmpty {
            findPairs(ofEscaped: escaped)
        }
        contacts.removeAll(keepingCapacity: true)
        let tolerance = 0.1 * settings.linearSlop
        // The least separation seen: every pair that overlaps has overlapping reaches, so is here.
        var least = 0.0
        for pair in pairs where bounds[Int(pair.first)].overlaps(bounds[Int(pair.second)]) {
            let bodyI = bodies[Int(pair.first)], bodyJ = bodies[Int(pair.second)]
            let margin = settings.contactMargin + (bodyI.velocity.length + bodyJ.velocity.length + 2 * fall) * dt
            let separation = Collision.collide(pair.first, bodyI, pair.second, bodyJ, margin: margin, tolerance: tolerance, into: &contacts)
            if separation < least, !isBeingPlaced(Int(pair.first), dt), !isBeingPlaced(Int(pair.second), dt) { least = separation }
        }
        // A reach more than half the margin inside every edge cannot touch one: `bounds` were grown
        // by the margin's other half.
        let inset = settings.contactMargin / 2
        for i in bodies.indices {
            let reach = bounds[i]
            guard reach.minX <= inset || reach.minY <= inset || reach.maxX >= width - inset || reach.maxY >= height - inset
            else { continue }
            let margin = settings.contactMargin + (bodies[i].velocity.length + fall) * dt
            least = min(least, Collision.collideWithWalls(Int32(i), bodies[i], width: width, height: height, margin: margin, into: &contacts))
        }
        deepestOverlap = least < 0 ? -least : 0
    }

    /// Whether body `i` was put where it is too recently for the push-out, at `maximumPushSpeed`, to
    /// have moved it by its own size in steps of `dt` seconds.
    private func isBeingPlaced(_ i: Int, _ dt: Double) -> Bool {
        Double(steps - placedAt[i]) * settings.maximumPushSpeed * dt < bodies[i].size
    }

    /// Replaces the pairs of the bodies in `moved` (ascending) with those their new fat bounds make.
    private mutating func findPairs(ofEscaped moved: [Int]) {
        for i in moved {
            isEscaped[i] = true
            fatBounds[i] = bounds[i].expanded(by: settings.broadPhaseMargin)
        }
        pairs.removeAll { isEscaped[Int($0.first)] || isEscaped[Int($0.second)] }
        for i in moved {
            let box = fatBounds[i]
            // A pair of two moved bodies is found once, from the lower index.
            for j in fatBounds.indices where j != i && !(isEscaped[j] && j < i) && box.overlaps(fatBounds[j]) {
                pairs.append(UniformGrid.Pair(first: Int32(min(i, j)), second: Int32(max(i, j))))
            }
        }
        for i in moved { isEscaped[i] = false }
    }

    /// The last resort: a body reaching past an edge (which the solver should prevent) is moved back
    /// inside, and its speed toward that edge reflected with the elasticity.
    private mutating func keepInside(_ i: Int) {
        var body = bodies[i]
        let reach = body.extent
        func confine(_ position: inout Double, _ speed: inout Double, reach: Double, limit: Double) {
            if 2 * reach >= limit {
                position = limit / 2
            } else if position - reach < 0 {
                position = reach
                if speed < 0 { speed = -speed * settings.elasticity }
            } else if position + reach > limit {
                position = limit - reach
                if speed > 0 { speed = -speed * settings.elasticity }
            }
        }
        confine(&body.position.x, &body.velocity.x, reach: reach.x, limit: width)
        confine(&body.position.y, &body.velocity.y, reach: reach.y, limit: height)
        bodies[i] = body
    }
}

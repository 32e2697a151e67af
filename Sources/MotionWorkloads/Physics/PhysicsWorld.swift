import MotionMath

/// A small 2D rigid-body world in the spirit of UIKit Dynamics: squares and circles under one
/// gravity, colliding with each other and with the canvas edges, bouncing and rubbing.
///
/// Each `step` runs, in order: gravity on velocities (not for held bodies); the broad phase
/// (`UniformGrid`) on bounds grown by how far each body can move this step; the narrow phase
/// (`Collision`) into contact points, their impulses from the last step looked up
/// (`WarmStartCache`); the velocity solver (`ContactSolver`); positions integrated; the position
/// solver; and, as a last resort, any body reaching past an edge is put back inside with its outward
/// speed reflected, so nothing ever leaves the canvas. Buffers are kept between steps: a step
/// allocates nothing once they have grown to the scene.
public struct PhysicsWorld {
    /// The canvas width, in points; bodies stay within 0 ... width.
    public let width: Double
    /// The canvas height, in points.
    public let height: Double
    /// Materials and solver constants.
    public var settings: PhysicsSettings
    /// Acceleration of every body not held, points per second squared (y down).
    public var gravity = Vector2.zero
    /// The bodies, in the order they were added (their indices never change).
    public internal(set) var bodies: [RigidBody] = []
    /// The contact points of the last step.
    public private(set) var contacts: [ContactPoint] = []
    /// The deepest overlap left after the last step's position solver, in points.
    public private(set) var deepestOverlap = 0.0
    /// Steps taken.
    public private(set) var steps = 0

    private var bounds: [AxisAlignedBox] = []
    private var pairs: [UniformGrid.Pair] = []
    private var grid = UniformGrid()
    private var cache: WarmStartCache

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
        pairs.reserveCapacity(4 * capacity)
        contacts.reserveCapacity(contactCapacity)
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
        keepInside(bodies.count - 1)
        return bodies.count - 1
    }

    /// Resizes body `index` about its centre, to between 1 point and `maximumSize`.
    public mutating func resize(_ index: Int, to size: Double) {
        bodies[index].resize(to: min(max(size, 1), maximumSize))
    }

    /// Advances the world by `dt` seconds.
    public mutating func step(_ dt: Double) {
        for i in bodies.indices where !bodies[i].isHeld {
            bodies[i].velocity += gravity * dt
        }
        findContacts(dt)
        for k in contacts.indices {
            let impulses = cache.lookUp(contacts[k].cacheKey)
            contacts[k].normalImpulse = impulses.normal
            contacts[k].tangentImpulse = impulses.tangent
        }
        let settings = settings
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                ContactSolver.prepare(contacts, bodies, settings: settings, dt: dt)
                ContactSolver.warmStart(contacts, bodies)
                for _ in 0..<settings.velocityIterations {
                    ContactSolver.solveVelocities(contacts, bodies, friction: settings.friction)
                }
            }
        }
        cache.beginStoring(contacts: contacts.count)
        for contact in contacts {
            cache.store(contact.cacheKey, normal: contact.normalImpulse, tangent: contact.tangentImpulse)
        }
        cache.endStep()

        for i in bodies.indices { integrate(i, dt) }
        var overlap = 0.0
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                for _ in 0..<settings.positionIterations {
                    overlap = ContactSolver.solvePositions(contacts, bodies, settings: settings)
                }
            }
        }
        deepestOverlap = overlap
        for i in bodies.indices { keepInside(i) }
        steps += 1
    }

    /// The broad and narrow phases: contact points of every pair of bodies, and of bodies and edges,
    /// closer than the margin plus the distance they can close this step.
    private mutating func findContacts(_ dt: Double) {
        bounds.removeAll(keepingCapacity: true)
        for body in bodies {
            bounds.append(body.bounds.expanded(by: body.velocity.length * dt + settings.contactMargin / 2))
        }
        grid.findPairs(bounds, width: width, height: height, into: &pairs)
        contacts.removeAll(keepingCapacity: true)
        let tolerance = 0.1 * settings.linearSlop
        for pair in pairs {
            let bodyI = bodies[Int(pair.first)], bodyJ = bodies[Int(pair.second)]
            let margin = settings.contactMargin + (bodyI.velocity.length + bodyJ.velocity.length) * dt
            Collision.collide(pair.first, bodyI, pair.second, bodyJ, margin: margin, tolerance: tolerance, into: &contacts)
        }
        for (i, body) in bodies.enumerated() {
            let margin = settings.contactMargin + body.velocity.length * dt
            Collision.collideWithWalls(Int32(i), body, width: width, height: height, margin: margin, into: &contacts)
        }
    }

    /// Moves body `i` by its velocities over `dt`, capped per step.
    private mutating func integrate(_ i: Int, _ dt: Double) {
        var body = bodies[i]
        let travel = body.velocity.length * dt
        if travel > settings.maximumTranslation { body.velocity = body.velocity * (settings.maximumTranslation / travel) }
        let turn = abs(body.angularVelocity) * dt
        if turn > settings.maximumRotation { body.angularVelocity *= settings.maximumRotation / turn }
        body.position += body.velocity * dt
        body.turn(to: body.angle + body.angularVelocity * dt)
        bodies[i] = body
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

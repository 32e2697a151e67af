import MotionMath
import MotionWorkloads
import Testing

@Suite struct PhysicsTests {
    static let dt = 1.0 / 60
    static let down = Vector2(0, 1000)

    func world(_ bodies: [RigidBody], gravity: Vector2 = down, width: Double = 375, height: Double = 667) -> PhysicsWorld {
        var world = PhysicsWorld(width: width, height: height, capacity: bodies.count)
        world.gravity = gravity
        for body in bodies { world.add(body) }
        return world
    }

    /// The deepest overlap between any two bodies, in points (0 when none overlap).
    func deepestOverlap(_ world: PhysicsWorld) -> Double {
        var deepest = 0.0
        let bodies = world.bodies
        for i in bodies.indices {
            for j in (i + 1)..<bodies.count where bodies[i].bounds.overlaps(bodies[j].bounds) {
                deepest = max(deepest, -Collision.separation(bodies[i], bodies[j]))
            }
        }
        return deepest
    }

    func isInside(_ body: RigidBody, _ world: PhysicsWorld) -> Bool {
        let bounds = body.bounds, slack = 1e-9
        return bounds.minX >= -slack && bounds.minY >= -slack && bounds.maxX <= world.width + slack
            && bounds.maxY <= world.height + slack
    }

    /// A shape put where it overlaps another (a tap) is pushed out, its overlap not counted as what
    /// the solver left until the push-out has had the steps to move it by its size; one resting on
    /// the floor counts from its first step.
    @Test func theDeepestOverlapLeavesOutAShapeJustPutIntoAnother() {
        var world = world([
            RigidBody(kind: .square, size: 50, position: Vector2(100, 642)), RigidBody(kind: .square, size: 50, position: Vector2(300, 642)),
        ])
        for _ in 0..<60 { world.step(Self.dt) }
        world.replace(1, with: RigidBody(kind: .square, size: 50, position: Vector2(100, 600)))
        #expect(abs(deepestOverlap(world) - 8) < 0.01)
        // At 300 points/s, 5 points a step: ten steps to move a 50-point square by its size.
        var measured: [Double] = []
        for _ in 0..<12 {
            world.step(Self.dt)
            measured.append(world.deepestOverlap)
        }
        #expect(measured.prefix(10).allSatisfy { $0 < 0.5 }, "\(measured)")
        #expect(measured.suffix(2).allSatisfy { abs($0 - deepestOverlap(world)) < 3 })
    }

    @Test func aSquareFallsAndRestsOnTheFloor() {
        var world = world([RigidBody(kind: .square, size: 50, position: Vector2(187.5, 100))])
        for _ in 0..<240 { world.step(Self.dt) }
        let body = world.bodies[0]
        #expect(abs(body.position.y - (667 - 25)) < 0.5)
        #expect(body.velocity.length < 1 && abs(body.angularVelocity) < 0.01 && abs(body.angle) < 0.01)
    }

    @Test func aDroppedCircleBouncesWithTheElasticity() {
        var world = world([RigidBody(kind: .circle, size: 40, position: Vector2(187.5, 367))])
        // Falls 280 points to the floor; the first bounce should climb about e² as high.
        var falling = true, apex = 667.0
        for _ in 0..<120 {
            world.step(Self.dt)
            let y = world.bodies[0].position.y
            if falling, world.bodies[0].velocity.y < 0 { falling = false }
            if !falling { apex = min(apex, y) }
        }
        let rise = 647 - apex, expected = 280 * 0.25
        #expect(abs(rise - expected) < 0.2 * expected, "rose \(rise) points, expected about \(expected)")
    }

    @Test(arguments: [ShapeKind.square, .circle])
    func aStackRestsWithoutSinking(kind: ShapeKind) {
        // Five 50-point shapes in a column, slightly apart, dropped together.
        let bodies = (0..<5).map { RigidBody(kind: kind, size: 50, position: Vector2(187.5, 640 - 52 * Double($0))) }
        var world = world(bodies)
        for _ in 0..<300 { world.step(Self.dt) }
        if kind == .square {
            for (level, body) in world.bodies.enumerated() {
                #expect(abs(body.position.y - (642 - 50 * Double(level))) < 1, "level \(level) at \(body.position.y)")
                #expect(abs(body.position.x - 187.5) < 1 && body.velocity.length < 2)
            }
        }
        #expect(deepestOverlap(world) < 0.5)
    }

    @Test func aTurnedSquareLandsFlat() {
        var world = world([RigidBody(kind: .square, size: 60, position: Vector2(187.5, 400), angle: 0.3)])
        for _ in 0..<300 { world.step(Self.dt) }
        let body = world.bodies[0]
        let quarterTurns = body.angle / (Double.pi / 2)
        #expect(abs(quarterTurns - quarterTurns.rounded()) < 0.01, "angle \(body.angle)")
        #expect(abs(body.position.y - (667 - 30)) < 0.5)
    }

    @Test func narrowPhaseGivesTwoPointsForAFaceOnAFace() {
        var world = world(
            [RigidBody(kind: .square, size: 40, position: Vector2(100, 100)), RigidBody(kind: .square, size: 40, position: Vector2(110, 139.8))],
            gravity: .zero)
        world.step(Self.dt)
        let between = world.contacts.filter { $0.a != ContactPoint.wall }
        #expect(between.count == 2)
        for contact in between {
            #expect(abs(contact.separation + 0.2) < 1e-9)
            #expect(abs(abs(contact.normal.y) - 1) < 1e-12)
        }
    }

    @Test func broadPhaseFindsExactlyTheOverlappingPairs() {
        var random = SplitMix64(seed: 7)
        var boxes: [AxisAlignedBox] = []
        for _ in 0..<300 {
            let side = 2 + 60 * random.nextUnit() * random.nextUnit()
            let x = 375 * random.nextUnit(), y = 667 * random.nextUnit()
            boxes.append(AxisAlignedBox(minX: x - side / 2, minY: y - side / 2, maxX: x + side / 2, maxY: y + side / 2))
        }
        var grid = UniformGrid(), pairs: [UniformGrid.Pair] = []
        grid.findPairs(boxes, width: 375, height: 667, into: &pairs)
        var expected: Set<UniformGrid.Pair> = []
        for i in boxes.indices {
            for j in (i + 1)..<boxes.count where boxes[i].overlaps(boxes[j]) {
                expected.insert(UniformGrid.Pair(first: Int32(i), second: Int32(j)))
            }
        }
        #expect(pairs.count == expected.count)
        #expect(Set(pairs) == expected)
    }
}

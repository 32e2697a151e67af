import MotionMath
import MotionWorkloads
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

@Suite struct TiltingPileSceneTests {
    /// Whether every shape lies within the canvas.
    func allInside(_ world: PhysicsWorld) -> Bool {
        world.bodies.allSatisfy { body in
            let bounds = body.bounds, slack = 1e-9
            return bounds.minX >= -slack && bounds.minY >= -slack && bounds.maxX <= world.width + slack
                && bounds.maxY <= world.height + slack
        }
    }

    /// Kinetic energy of every body, translation and rotation (mass per square point).
    func kineticEnergy(_ world: PhysicsWorld) -> Double {
        var energy = 0.0
        for body in world.bodies {
            let spin = body.angularVelocity * body.angularVelocity / body.inverseInertia
            energy += 0.5 * (body.velocity.length * body.velocity.length / body.inverseMass + spin)
        }
        return energy
    }

    @Test(arguments: [1, 10, 100, 1000])
    func theIssuesScene(shapes: Int) {
        let scene = TiltingPileScene(shapes: shapes)
        let side = min(100, (375 * 667 / 3 / Double(shapes)).squareRoot())
        #expect(scene.shapeCount == shapes && scene.stepCount == 0)
        #expect(scene.world.bodies.allSatisfy { abs($0.size - side) < 1e-9 && $0.density == 1 })
        #expect(scene.world.settings.friction == 0.3 && scene.world.settings.elasticity == 0.5)
        var random = SplitMix64(seed: 1)
        let arrangement = ShapeArrangement(count: shapes, width: 375, height: 667, random: &random)
        #expect(scene.world.bodies.map(\.kind) == arrangement.placements.map(\.kind))
        #expect(scene.world.bodies.map(\.position) == arrangement.placements.map(\.center))
    }

    @Test func gravityTiltsHalfARadianEveryTenSeconds() {
        #expect(TiltingPileScene.gravity(at: 0) == Vector2(0, 981))
        let tilted = TiltingPileScene.gravity(at: 2.5)
        #expect(abs(tilted.x - 981 * sin(0.5)) < 1e-9 && abs(tilted.y - 981 * cos(0.5)) < 1e-9)
        #expect(abs(TiltingPileScene.gravity(at: 7.5).x + 981 * sin(0.5)) < 1e-9)
        var scene = TiltingPileScene(shapes: 1)
        scene.settle()
        #expect(scene.stepCount == 300)
        // Step 300 starts at 5 s, where the tilt is back to zero.
        scene.step()
        #expect(scene.stepCount == 301 && abs(scene.world.gravity.x) < 1e-9)
    }

    /// A pile of `shapes` after settling: inside the canvas, and its deepest overlap.
    func settledOverlap(shapes: Int) -> Double {
        var scene = TiltingPileScene(shapes: shapes)
        scene.settle()
        #expect(allInside(scene.world))
        return scene.deepestOverlap
    }

    /// The solidity a settled pile of a hundred must reach: at most 1 point of overlap.
    @Test func aSettledPileOfAHundredIsSolidAndInside() {
        let overlap = settledOverlap(shapes: 100)
        #expect(overlap <= 1, "deepest overlap \(overlap) points")
    }

    /// The solidity a settled pile of a thousand must reach: at most 2 points of overlap.
    @Test func aSettledPileOfAThousandIsSolidAndInside() {
        let overlap = settledOverlap(shapes: 1000)
        #expect(overlap <= 2, "deepest overlap \(overlap) points")
    }

    /// Shapes flung about with no gravity: collisions (restitution 0.5, friction) take kinetic
    /// energy away, so it never climbs back to where it started. Within one step it may rise a
    /// little: pushing apart the overlap a collision leaves (the soft step's push-out) gives some
    /// back, a thousandth at most.
    @Test func energyNeverGrowsInAFlungScene() {
        let pile = TiltingPileScene(shapes: 100).world
        var world = PhysicsWorld(width: 375, height: 667, settings: pile.settings, capacity: 100)
        var random = SplitMix64(seed: 4)
        for var body in pile.bodies {
            body.velocity = Vector2(random.nextUnit() - 0.5, random.nextUnit() - 0.5) * 600
            world.add(body)
        }
        let start = kineticEnergy(world)
        var energy = start
        for step in 0..<300 {
            world.step(TiltingPileScene.stepDuration)
            let next = kineticEnergy(world)
            #expect(next <= start, "step \(step): \(next), above the start's \(start)")
            #expect(next <= energy * 1.001, "step \(step): \(energy) → \(next)")
            energy = next
        }
        #expect(energy < 0.5 * start)
        #expect(allInside(world))
    }

    /// A settled pile under steady gravity has nothing to set it moving: over the next five seconds
    /// its kinetic energy stays below that of every shape creeping at 1 point per second.
    @Test func aSettledPileUnderSteadyGravityStaysAtRest() {
        var scene = TiltingPileScene(shapes: 100)
        scene.settle()
        var world = scene.world
        world.gravity = Vector2(0, TiltingPileScene.gravity)
        for _ in 0..<300 { world.step(TiltingPileScene.stepDuration) }
        let creeping = world.bodies.reduce(0) { $0 + 0.5 / $1.inverseMass }
        for step in 0..<300 {
            world.step(TiltingPileScene.stepDuration)
            #expect(kineticEnergy(world) < creeping, "step \(step): \(kineticEnergy(world)) against \(creeping)")
        }
        #expect(allInside(world))
    }

    @Test func deepestOverlapIsTheSeparatingAxisDepthOrTheReachPastAnEdge() {
        var world = PhysicsWorld(width: 375, height: 667)
        world.add(RigidBody(kind: .square, size: 40, position: Vector2(100, 100)))
        world.add(RigidBody(kind: .square, size: 40, position: Vector2(137, 110)))
        #expect(abs(DeepestOverlap.of(world) - 3) < 1e-9)
        world.add(RigidBody(kind: .circle, size: 20, position: Vector2(300, 300)))
        world.add(RigidBody(kind: .circle, size: 20, position: Vector2(300, 315)))
        #expect(abs(DeepestOverlap.of(world) - 5) < 1e-9)
        // A circle on the floor grown about its centre reaches 7 points past it.
        world.resize(world.add(RigidBody(kind: .circle, size: 20, position: Vector2(200, 657))), to: 34)
        #expect(abs(DeepestOverlap.of(world) - 7) < 1e-9)
        #expect(DeepestOverlap.of(PhysicsWorld(width: 375, height: 667)) == 0)
    }

    /// What the narrow phase finds at each step's start is the deepest overlap of the world as the
    /// step found it: the figure the motion cube keeps the worst of, for the cost of a comparison.
    @Test func eachStepMeasuresTheOverlapItStartsFrom() {
        var scene = TiltingPileScene(shapes: 300)
        var mismatches: [String] = []
        for step in 0..<90 {
            let before = scene.deepestOverlap
            scene.step()
            if scene.world.deepestOverlap != before { mismatches.append("step \(step): \(scene.world.deepestOverlap) against \(before)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        #expect(scene.world.deepestOverlap > 0)
    }

    @Test func deepestOverlapComparesEveryPairThatTouches() {
        var scene = TiltingPileScene(shapes: 300)
        for _ in 0..<60 { scene.step() }
        let bodies = scene.world.bodies
        var deepest = 0.0
        for i in bodies.indices {
            for j in (i + 1)..<bodies.count where bodies[i].bounds.overlaps(bodies[j].bounds) {
                deepest = max(deepest, -Collision.separation(bodies[i], bodies[j]))
            }
        }
        #expect(deepest > 0 && scene.deepestOverlap == deepest)
    }
}

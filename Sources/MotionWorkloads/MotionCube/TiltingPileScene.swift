import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The motion cube's physics alone, on the scene it is timed on beside Box2D: a 375 × 667 point
/// canvas walled on four sides (100 points to the metre), `shapes` squares and circles of one side,
/// min(100, √(375 · 667 / 3 / shapes)), where `ShapeArrangement` puts them with seed 1, density 1,
/// friction 0.3, restitution 0.5, under 9.81 m/s² of gravity that tilts as 0.5 rad · sin(2πt / 10 s),
/// one step per 1/60 s. The micro-benchmarks time its `step` and the tests check how solid it stays.
///
/// Gravity is set at each step's start time (step k starts at k / 60 s): tilted by `a`, it pulls
/// 981 · (sin a, cos a) points/s² on the y-down canvas. `settle()` runs the first `settlingSteps` of
/// them, the stretch an outside harness lets the pile form before it times steps.
public struct TiltingPileScene {
    /// Canvas width, points.
    public static let width = 375.0
    /// Canvas height, points.
    public static let height = 667.0
    /// Gravity's strength, points/s²: 9.81 m/s² at 100 points to the metre.
    public static let gravity = 981.0
    /// The tilt's amplitude, radians.
    public static let tiltAmplitude = 0.5
    /// The tilt's period, seconds.
    public static let tiltPeriod = 10.0
    /// One step's length, seconds.
    public static let stepDuration = 1.0 / 60
    /// Steps `settle()` runs: 5 s of the scene.
    public static let settlingSteps = 300
    /// The arrangement's seed.
    public static let seed: UInt64 = 1

    /// The bodies and their physics.
    public private(set) var world: PhysicsWorld

    /// Lays out `shapes` shapes at rest, before any step.
    public init(shapes: Int) {
        var settings = PhysicsSettings()
        settings.friction = 0.3
        settings.elasticity = 0.5
        world = PhysicsWorld(width: Self.width, height: Self.height, settings: settings, capacity: shapes)
        var random = SplitMix64(seed: Self.seed)
        let arrangement = ShapeArrangement(count: shapes, width: Self.width, height: Self.height, random: &random)
        for placement in arrangement.placements {
            world.add(RigidBody(kind: placement.kind, size: arrangement.side, position: placement.center))
        }
    }

    /// Steps taken.
    public var stepCount: Int { world.steps }
    /// Shapes on the canvas.
    public var shapeCount: Int { world.bodies.count }
    /// The deepest overlap between two shapes or past an edge, in points (`DeepestOverlap`).
    public var deepestOverlap: Double { DeepestOverlap.of(world) }

    /// Gravity at `time` seconds into the scene, points/s², y down.
    public static func gravity(at time: Double) -> Vector2 {
        let angle = tiltAmplitude * sin(2 * Double.pi * time / tiltPeriod)
        return Vector2(sin(angle), cos(angle)) * gravity
    }

    /// Runs `settlingSteps` steps.
    public mutating func settle() {
        for _ in 0..<Self.settlingSteps { step() }
    }

    /// Advances one step, under the gravity of the time it starts.
    public mutating func step() {
        world.gravity = Self.gravity(at: Double(world.steps) * Self.stepDuration)
        world.step(Self.stepDuration)
    }
}

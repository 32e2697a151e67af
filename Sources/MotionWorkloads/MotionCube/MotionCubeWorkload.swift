import MotionMath
import MotionSensors

/// The gravity-shapes exercises: squares and circles fall toward whichever edge of
/// the screen is down, collide with the edges and each other, and bounce; taps add shapes, and
/// pans, pinches and rotations move, scale and turn them.
///
/// - Gravity follows the accelerometer in portrait: a reading (x, y, z) in g pulls with
///   `(x, −y) × pointsPerG` points/s² on the y-down screen (z, into the screen, does not show),
///   as `UIGravityBehavior`'s magnitude 1.0 is 1000 points/s². Until the first sample it points
///   down at 1 g, `UIGravityBehavior`'s default.
/// - Physics (`PhysicsWorld`) steps at the display rate, one fixed step per frame, so a frame shows
///   the world `1 / displayRate` later than the one before; the first frame shows the start.
/// - The `shapes` parameter pre-populates the canvas (`ShapeArrangement`): the cost grows with it.
/// - A tap adds a 100 × 100 shape centred under the finger (moved inside the canvas if the finger
///   is at an edge): square or circle and colour drawn from the seeded generator. Each tap of a
///   double tap adds one, as a single-tap recognizer fires for both.
/// - In a benchmark run's sweep of `shapes` (`WorkloadConfiguration.sweptParameters`) a case
///   measures the count it names, at the sweep's size, as a settled pile: the world first steps
///   `settlingSeconds` under the starting gravity (in the initializer, before anything is
///   measured); a tap replaces the oldest shape (the one placed or replaced longest ago) with one of
///   the sweep's size under the finger, kind and colour drawn as for an added one, so a tap still
///   drops a new shape into the pile but neither the count nor the size changes; and a pinch holds
///   its shape without scaling it. Replacing rather than ignoring taps keeps the disturbance a tap
///   makes, which is part of the scene's cost.
/// - A drag, pinch or rotation starting on a shape holds the topmost shape under its point for its
///   duration (`ShapeHold`); one starting on the background does nothing. A held shape has no
///   gravity but collides and bounces; gravity returns when the fingers lift, and the shape keeps
///   the velocity it had (a fling).
public final class MotionCubeWorkload: Workload {
    /// The number of shapes on the canvas at the start; in a sweep, throughout.
    public static let shapesParameter = WorkloadParameter(
        name: "shapes",
        summary: "shapes on the canvas (count), settled and kept throughout a run's case; side min(100, √(canvas area / 3 / count)) points",
        defaultValue: 10, defaultSweep: [1, 10, 100, 1000], range: 0...5000, isInteger: true)

    /// Accelerometer at 60 Hz, raw, physics at 60 frames a second; sweeps the shape count.
    public static let descriptor = WorkloadDescriptor(
        name: "motion-cube",
        summary: "squares and circles under accelerometer gravity, colliding and bouncing; taps add, gestures hold",
        sensors: [.accelerometer], defaultRates: [60],
        filters: ["raw"], defaultFilters: ["raw"],
        displayRate: 60, parameters: [shapesParameter])

    /// Screen gravity per g of acceleration, points/s²: `UIGravityBehavior`'s magnitude 1.0.
    public static let pointsPerG = 1000.0
    /// The side of a tapped shape, in points.
    public static let tappedSize = 100.0
    /// The most steps one frame catches up when frames arrive late, so a stall cannot snowball.
    public static let maximumStepsPerFrame = 4
    /// How long a swept case's shapes fall and pile up before the case starts, seconds: a shape
    /// dropped from the top of the canvas lands within about 1.2 s under 1 g, and the rest lets the
    /// pile come to rest; at 60 Hz it is `TiltingPileScene.settlingSteps`.
    public static let settlingSeconds = 5.0

    /// How the workload was set up.
    public let configuration: WorkloadConfiguration
    /// The shapes and their physics.
    public private(set) var world: PhysicsWorld
    /// Each body's fill colour, by body index.
    public private(set) var colors: [RGBColor]
    /// Shapes added by taps.
    public private(set) var taps = 0
    /// Gestures that took hold of a shape.
    public private(set) var gestures = 0
    /// Samples handled.
    public private(set) var samples = 0
    /// Frames rendered.
    public private(set) var frames = 0
    /// Steps the world took to settle before the case started; 0 outside a sweep.
    public let settlingSteps: Int
    /// The deepest overlap of the settled pile, before the case's first step, in points
    /// (`DeepestOverlap`); nil outside a sweep, where nothing settles.
    public let settledOverlap: Double?
    /// The deepest overlap any step of the case started from, in points (`PhysicsWorld.deepestOverlap`:
    /// what the solver left, not where a tap put a shape); nil before the case's first step.
    private var worstOverlap: Double?

    /// Whether the shape count is a point of a sweep (see the type's notes).
    private let isSwept: Bool
    /// The side of the arranged shapes, points.
    private let side: Double
    /// In a sweep, the shape the next tap replaces.
    private var oldest = 0
    private var holds: [ShapeHold] = []
    private var random: SplitMix64
    private let stepDuration: Double
    /// The time the world shows, once the first frame has been drawn.
    private var worldTime: Double?

    /// Creates the canvas with `shapes` shapes at rest in a seeded arrangement, settled into a pile
    /// in a sweep; throws for a filter other than `raw` or a rate that is not positive.
    public init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        self.configuration = configuration
        stepDuration = 1 / configuration.displayRate
        isSwept = configuration.isSwept(Self.shapesParameter)
        random = SplitMix64(seed: configuration.seed)
        let count = Int(configuration.value(of: Self.shapesParameter))
        // Room for the script's taps before any buffer grows.
        let capacity = count + 64
        world = PhysicsWorld(width: configuration.canvasWidth, height: configuration.canvasHeight, capacity: capacity)
        world.gravity = Vector2(0, Self.pointsPerG)
        colors = []
        colors.reserveCapacity(capacity)
        holds.reserveCapacity(8)
        let arrangement = ShapeArrangement(
            count: count, width: configuration.canvasWidth, height: configuration.canvasHeight, random: &random)
        side = arrangement.side
        for placement in arrangement.placements {
            world.add(RigidBody(kind: placement.kind, size: arrangement.side, position: placement.center))
            colors.append(placement.color)
        }
        settlingSteps = isSwept ? Int((Self.settlingSeconds * configuration.displayRate).rounded()) : 0
        for _ in 0..<settlingSteps { world.step(stepDuration) }
        settledOverlap = isSwept ? DeepestOverlap.of(world) : nil
    }

    /// Points gravity along the reading, in portrait.
    public func handle(_ sample: SensorSample) {
        let sample = sample.saturated
        samples += 1
        world.gravity = Vector2(sample.value.x, -sample.value.y) * Self.pointsPerG
    }

    /// Adds a shape for a tap (replaces the oldest in a sweep); takes hold of the shape under a drag,
    /// pinch or rotation.
    public func handle(_ touch: TouchEvent) {
        switch touch.gesture {
        case let .tap(point):
            tap(at: point)
        case let .doubleTap(point):
            tap(at: point)
            tap(at: point)
        case .drag, .pinch, .rotation:
            guard let index = world.bodies.lastIndex(where: { $0.contains(touch.point) }),
                var hold = ShapeHold(touch, body: index, world.bodies[index])
            else { return }
            if isSwept, case let .pinch(startSize, _) = hold.action { hold.action = .pinch(startSize: startSize, scale: 1) }
            holds.append(hold)
            world.bodies[index].isHeld = true
            gestures += 1
        case .press:
            return
        }
    }

    /// Steps the world up to `time`, one fixed step per display interval.
    public func renderFrame(at time: Double) {
        frames += 1
        guard var shown = worldTime else {
            worldTime = time
            return
        }
        // A frame earlier than the world's time (a clock going back) steps nothing.
        let due = max(0, Int(((time - shown) / stepDuration).rounded()))
        for _ in 0..<min(due, Self.maximumStepsPerFrame) {
            shown += stepDuration
            step(endingAt: shown)
        }
        worldTime = due > Self.maximumStepsPerFrame ? time : shown
    }

    /// `frames`, `samples`, `steps` (in the case), `settling_steps` (before it), `shapes`, `taps`,
    /// `gestures`; `contacts` (points in the last step); once the case has stepped,
    /// `deepest_overlap`, the worst overlap any of its steps started from (points,
    /// `PhysicsWorld.deepestOverlap`), whatever step the case stops at; in a sweep
    /// `settled_overlap`, the settled pile's before the case (`DeepestOverlap`); `gravity_x`,
    /// `gravity_y` (points/s²).
    public var outputSummary: [String: Double] {
        var summary = [
            "frames": Double(frames), "samples": Double(samples), "steps": Double(world.steps - settlingSteps),
            "settling_steps": Double(settlingSteps), "shapes": Double(world.bodies.count), "taps": Double(taps),
            "gestures": Double(gestures), "contacts": Double(world.contacts.count),
            "gravity_x": world.gravity.x, "gravity_y": world.gravity.y,
        ]
        summary["deepest_overlap"] = worstOverlap
        summary["settled_overlap"] = settledOverlap
        return summary
    }

    /// A row per shape in the frame: which, its kind, centre, angle, size, colour, whether it is held,
    /// and the gravity the frame fell under.
    public static let outputColumns: [OutputColumn] = [
        .number("shape", decimals: 0, "the shape's index, in the order added (a row per shape per frame)"),
        .text("kind", "square or circle"),
        .number("x_pt", decimals: 3, "its centre x, points (origin top-left)"),
        .number("y_pt", decimals: 3, "its centre y, points (y down)"),
        .number("angle_deg", decimals: 3, "its rotation, degrees"),
        .number("size_pt", decimals: 3, "its side or diameter, points"),
        .text("color", "its fill, #RRGGBB"),
        .number("held", decimals: 0, "1 while a gesture holds it (no gravity), else 0"),
        .number("gravity_x_pt_s2", decimals: 3, "gravity on the canvas, x, points/s² (1000 per g)"),
        .number("gravity_y_pt_s2", decimals: 3, "gravity, y, points/s²"),
    ]

    /// A row per shape, as this frame shows it; none while the canvas is empty.
    public func writeOutputs(into rows: inout OutputRows) {
        for (index, body) in world.bodies.enumerated() {
            rows.add(index)
            rows.add("\(body.kind)")
            rows.add(body.position)
            rows.add(Angle.degrees(fromRadians: body.angle))
            rows.add(body.size)
            rows.add(colors[index])
            rows.add(body.isHeld)
            rows.add(world.gravity)
            rows.endRow()
        }
    }

    /// Gravity, the shape count, then the first `describedShapes` shapes: kind, centre, angle in
    /// degrees, size, colour, and `held`, e.g.
    /// `gravity (0, 1000) shapes 2 | square (187.50, 617.00) 0.0° 100 #FF0000 | circle …`.
    public func describeState() -> String {
        let gravity = "(\(FixedDecimal.format(world.gravity.x, decimals: 0)), \(FixedDecimal.format(world.gravity.y, decimals: 0)))"
        var text = "gravity \(gravity) shapes \(world.bodies.count)"
        for (body, color) in zip(world.bodies, colors).prefix(Self.describedShapes) {
            let center = "(\(FixedDecimal.format(body.position.x, decimals: 2)), \(FixedDecimal.format(body.position.y, decimals: 2)))"
            let angle = FixedDecimal.format(Angle.degrees(fromRadians: body.angle), decimals: 1)
            text += " | \(body.kind) \(center) \(angle)° \(FixedDecimal.format(body.size, decimals: 0)) \(color.hex)"
            if body.isHeld { text += " held" }
        }
        if world.bodies.count > Self.describedShapes { text += " | …" }
        return text
    }

    /// How many shapes `describeState` lists.
    public static let describedShapes = 12

    /// A tapped shape centred at `point`: added, or in a sweep put in the oldest shape's place (a
    /// sweep of no shapes has none to replace).
    private func tap(at point: Vector2) {
        let kind: ShapeKind = random.nextUnit() < 0.5 ? .square : .circle
        let color = RGBColor.random(using: &random)
        taps += 1
        guard isSwept else {
            world.add(RigidBody(kind: kind, size: Self.tappedSize, position: point))
            colors.append(color)
            return
        }
        guard !world.bodies.isEmpty else { return }
        let half = side / 2
        let center = Vector2(
            min(max(point.x, half), world.width - half), min(max(point.y, half), world.height - half))
        // Fingers holding the shape replaced let go of it.
        holds.removeAll { $0.body == oldest }
        world.replace(oldest, with: RigidBody(kind: kind, size: side, position: center))
        colors[oldest] = color
        oldest = (oldest + 1) % world.bodies.count
    }

    /// One physics step ending at `time`: the fingers steer what they hold, then the world moves;
    /// a gesture that has ended lets go.
    private func step(endingAt time: Double) {
        for hold in holds { hold.steer(&world, at: time, dt: stepDuration) }
        world.step(stepDuration)
        worstOverlap = max(worstOverlap ?? 0, world.deepestOverlap)
        guard holds.contains(where: { $0.isOver(at: time) }) else { return }
        holds.removeAll { $0.isOver(at: time) }
        for index in world.bodies.indices where world.bodies[index].isHeld {
            world.bodies[index].isHeld = holds.contains { $0.body == index }
        }
    }
}

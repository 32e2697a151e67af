import MotionMath
import MotionSensors

/// A finger (or two) holding a motion-cube shape for the length of a gesture: dragging, pinching or
/// turning it. While any hold is on a shape it has no gravity; it still collides and bounces.
struct ShapeHold: Hashable, Sendable {
    /// What the fingers do to the shape.
    enum Action: Hashable, Sendable {
        /// Moves its centre from `start` by the finger's travel, `translation` in all.
        case drag(start: Vector2, translation: Vector2)
        /// Scales it from `startSize` by a factor going steadily from 1 to `scale`.
        case pinch(startSize: Double, scale: Double)
        /// Turns it from `startAngle` by an angle going steadily from 0 to `angle`.
        case rotation(startAngle: Double, angle: Double)
    }

    /// The held body's index in the world.
    var body: Int
    /// What is done to it.
    var action: Action
    /// When the gesture starts, in seconds.
    var start: Double
    /// How long it lasts, in seconds.
    var duration: Double

    /// The hold a gesture starting on `body` makes, or nil for a gesture that does not hold (taps).
    init?(_ touch: TouchEvent, body index: Int, _ body: RigidBody) {
        switch touch.gesture {
        case let .drag(from, to, _): action = .drag(start: body.position, translation: to - from)
        case let .pinch(_, scale, _): action = .pinch(startSize: body.size, scale: scale)
        case let .rotation(_, angle, _): action = .rotation(startAngle: body.angle, angle: angle)
        case .tap, .doubleTap, .press: return nil
        }
        self.body = index
        start = touch.time
        duration = touch.duration
    }

    /// How far through the gesture `time` is, 0 ... 1.
    func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        return min(1, max(0, (time - start) / duration))
    }

    /// Whether the fingers are lifted by `time`.
    func isOver(at time: Double) -> Bool { time >= start + duration }

    /// Steers the body toward where the fingers put it at the end of a step ending at `time`, `dt`
    /// long: drags and turns set the velocity that gets there (so collisions still stop it), pinches
    /// resize it.
    func steer(_ world: inout PhysicsWorld, at time: Double, dt: Double) {
        let progress = progress(at: time)
        switch action {
        case let .drag(start, translation):
            let target = start + translation * progress
            world.bodies[body].velocity = (target - world.bodies[body].position) * (1 / dt)
        case let .pinch(startSize, scale):
            world.resize(body, to: startSize * (1 + (scale - 1) * progress))
        case let .rotation(startAngle, angle):
            world.bodies[body].angularVelocity = (startAngle + angle * progress - world.bodies[body].angle) / dt
        }
    }
}

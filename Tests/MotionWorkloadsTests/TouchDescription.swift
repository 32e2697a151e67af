import MotionMath
import MotionSensors
import MotionWorkloads

/// A gesture in a golden file's words, numbers with fixed decimals, e.g. `drag (187.50, 333.50) →
/// (120.00, 220.00) in 0.80 s`.
func describe(_ touch: TouchEvent) -> String {
    func point(_ p: Vector2) -> String { "(\(FixedDecimal.format(p.x, decimals: 2)), \(FixedDecimal.format(p.y, decimals: 2)))" }
    func seconds(_ duration: Double) -> String { "in \(FixedDecimal.format(duration, decimals: 2)) s" }
    switch touch.gesture {
    case let .tap(at): return "tap \(point(at))"
    case let .doubleTap(at): return "double tap \(point(at))"
    case let .drag(from, to, duration): return "drag \(point(from)) → \(point(to)) \(seconds(duration))"
    case let .press(button, at): return "press \(button) \(point(at))"
    case let .pinch(center, scale, duration):
        return "pinch \(point(center)) × \(FixedDecimal.format(scale, decimals: 2)) \(seconds(duration))"
    case let .rotation(center, angle, duration):
        return "rotation \(point(center)) \(FixedDecimal.format(angle, decimals: 4)) rad \(seconds(duration))"
    }
}

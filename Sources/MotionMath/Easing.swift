/// UIKit's animation timing curves, so headless animations move as they did on screen.
public enum Easing {
    /// `UIView.AnimationOptions.curveEaseInOut`, UIKit's default: `cubic-bezier(0.42, 0, 0.58, 1)`.
    public static let easeInOutCurve = UnitBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// The ease-in-out value progress at time progress `x` (both 0...1; outside, clamped).
    @inlinable public static func easeInOut(_ x: Double) -> Double {
        easeInOutCurve.value(at: x)
    }
}

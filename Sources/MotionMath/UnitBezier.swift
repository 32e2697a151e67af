/// A cubic Bézier timing curve from (0, 0) to (1, 1) with two control points, as Core Animation's
/// `CAMediaTimingFunction` and CSS's `cubic-bezier()` define it: progress in time (x) maps to progress
/// in value (y).
///
/// The curve is parametric in t, so evaluating it at a given x means solving `x(t) = x` first; that
/// is done with Newton's method and, where the slope is too flat for Newton, bisection (WebKit's
/// `UnitBezier` does the same).
public struct UnitBezier: Hashable, Sendable {
    // Polynomial coefficients of x(t) = ((ax t + bx) t + cx) t and likewise y(t).
    @usableFromInline let ax, bx, cx: Double
    @usableFromInline let ay, by, cy: Double

    /// The largest |x(t) − x| accepted: far below a point's worth of any on-screen animation.
    @inlinable static var tolerance: Double { 1e-12 }

    /// Creates the curve with control points (x1, y1) and (x2, y2); x1 and x2 in 0...1 keep x(t)
    /// monotonic, so every x has one answer.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "control point x outside 0...1")
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// The value progress y at time progress `x`, clamped to 0...1 at the ends.
    @inlinable public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let t = parameter(forX: x)
        return ((ay * t + by) * t + cy) * t
    }

    /// The curve parameter t in 0...1 with x(t) = `x`.
    @inlinable func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < Self.tolerance { return t }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            if abs(slope) < 1e-6 { break }
            t -= error / slope
            if t < 0 || t > 1 { break }
        }
        // Newton stalled on a flat stretch or left the interval: bisection always converges because
        // x(t) is monotonic on 0...1.
        var low = 0.0, high = 1.0
        t = x
        while high - low > Self.tolerance {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < Self.tolerance { return t }
            if error < 0 { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}

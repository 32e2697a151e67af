import MotionMath

/// A view's centre moving from one point to another over a time, along a timing curve, as
/// `UIView.animate(withDuration:…)` moves it.
public struct PositionAnimation: Hashable, Sendable {
    /// Where the move starts, in points.
    public var from: Vector2
    /// Where it ends, in points.
    public var to: Vector2
    /// When it starts, in seconds.
    public var start: Double
    /// How long it takes, in seconds.
    public var duration: Double
    /// How progress in time maps to progress along the way.
    public var curve: UnitBezier

    /// Creates a move.
    public init(from: Vector2, to: Vector2, start: Double, duration: Double, curve: UnitBezier = Easing.easeInOutCurve) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    /// A view at rest at `point`.
    public static func resting(at point: Vector2) -> PositionAnimation {
        PositionAnimation(from: point, to: point, start: 0, duration: 0)
    }

    /// Where the view is shown at `time`: `from` before the start, `to` after the end.
    public func position(at time: Double) -> Vector2 {
        guard duration > 0 else { return time < start ? from : to }
        return from.interpolated(to: to, progress: curve.value(at: (time - start) / duration))
    }
}

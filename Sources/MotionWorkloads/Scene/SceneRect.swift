import MotionMath

/// A rectangular view of the headless screen: where its centre is shown, its size and its colour.
public struct SceneRect: Hashable, Sendable {
    /// The centre, in points (origin top-left, y down).
    public var center: Vector2
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Fill colour.
    public var color: RGBColor

    /// Creates a view.
    public init(center: Vector2, width: Double, height: Double, color: RGBColor) {
        self.center = center
        self.width = width
        self.height = height
        self.color = color
    }
}

/// A rectangle with sides along the axes, in points: a body's bounds for the broad phase and the
/// canvas checks.
public struct AxisAlignedBox: Hashable, Sendable {
    /// The smallest x.
    public var minX: Double
    /// The smallest y.
    public var minY: Double
    /// The largest x.
    public var maxX: Double
    /// The largest y.
    public var maxY: Double

    /// Creates the box.
    @inline(__always) public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Whether the two boxes share a point.
    @inline(__always) public func overlaps(_ other: AxisAlignedBox) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// The box grown by `margin` on every side.
    /// Whether `other` lies wholly inside this box.
    @inline(__always) func contains(_ other: AxisAlignedBox) -> Bool {
        minX <= other.minX && minY <= other.minY && other.maxX <= maxX && other.maxY <= maxY
    }

    @inline(__always) func expanded(by margin: Double) -> AxisAlignedBox {
        AxisAlignedBox(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }
}

import MotionMath

/// Where a motion-cube scene's shapes start: `count` shapes of one size at seeded places on a grid
/// over the canvas, none touching, so the scene starts physical and the sweep's cost is real.
public struct ShapeArrangement: Hashable, Sendable {
    /// One shape's start.
    public struct Placement: Hashable, Sendable {
        /// Square or circle.
        public var kind: ShapeKind
        /// The centre, in points.
        public var center: Vector2
        /// The fill colour.
        public var color: RGBColor
    }

    /// Side (or diameter) of every shape, in points.
    public let side: Double
    /// The shapes, in the order they are added.
    public let placements: [Placement]

    /// The motion cube's rule: side = min(100, √(canvas area / 3 / count)), so the shapes cover about a
    /// third of the canvas (about 91 points for 10 shapes, 29 for 100, 9 for 1000).
    public static func side(count: Int, width: Double, height: Double) -> Double {
        min(100, (width * height / 3 / Double(max(count, 1))).squareRoot())
    }

    /// Lays out `count` shapes on a `width` × `height` canvas: the canvas is cut into square cells a
    /// little wider than a shape (15 % gap, or none if the cells would not suffice); `count` cells
    /// are drawn at random, each shape is placed at random within its cell, and its kind and colour
    /// are drawn too, all from `random`.
    public init(count: Int, width: Double, height: Double, random: inout SplitMix64) {
        side = Self.side(count: count, width: width, height: height)
        var pitch = side * 1.15
        if Self.cells(pitch: pitch, width: width, height: height) < count { pitch = side }
        let columns = Int(width / pitch)
        var cells = Array(0..<Self.cells(pitch: pitch, width: width, height: height))
        precondition(cells.count >= count, "\(count) shapes of \(side) points do not fit a \(width) × \(height) canvas")
        // Margins that the whole cells leave are shared out evenly on both sides.
        let origin = Vector2((width - Double(columns) * pitch) / 2, (height - Double(cells.count / columns) * pitch) / 2)
        let play = pitch - side
        var placements: [Placement] = []
        placements.reserveCapacity(count)
        for index in 0..<count {
            cells.swapAt(index, index + Int(random.next() % UInt64(cells.count - index)))
            let cell = cells[index]
            let corner = origin + Vector2(Double(cell % columns), Double(cell / columns)) * pitch
            let center = corner + Vector2(side / 2 + play * random.nextUnit(), side / 2 + play * random.nextUnit())
            let kind: ShapeKind = random.nextUnit() < 0.5 ? .square : .circle
            placements.append(Placement(kind: kind, center: center, color: .random(using: &random)))
        }
        self.placements = placements
    }

    /// Whole cells of `pitch` points that fit the canvas.
    private static func cells(pitch: Double, width: Double, height: Double) -> Int {
        Int(width / pitch) * Int(height / pitch)
    }
}

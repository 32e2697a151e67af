/// The broad phase: bodies whose bounds overlap, found through a uniform grid over the canvas.
///
/// Each body is listed in every cell its bounds touch, in flat arrays built by a counting sort (cell
/// starts, then body indices cell after cell), so a rebuild allocates nothing once the arrays have
/// grown to the scene. A pair sharing several cells is reported once, by the cell holding the
/// top-left corner of the overlap of their bounds. Cells are about as wide as an average body, so a
/// body sits in at most four and a cell holds a handful: O(n) work for n bodies of similar sizes.
public struct UniformGrid: Sendable {
    /// Two bodies whose bounds overlap, `first` < `second`.
    public struct Pair: Hashable, Sendable {
        /// The lower body index.
        public var first: Int32
        /// The higher body index.
        public var second: Int32

        /// Creates a pair.
        public init(first: Int32, second: Int32) {
            self.first = first
            self.second = second
        }
    }

    /// The side of a cell, in points, as of the last rebuild.
    public private(set) var cellSize = 1.0
    private var columns = 1
    private var rows = 1
    /// Where each cell's bodies start in `items`; one more entry than cells.
    private var cellStart: [Int32] = []
    /// Where the next body of each cell goes while filling.
    private var cursor: [Int32] = []
    /// Body indices, cell after cell.
    private var items: [Int32] = []

    /// Creates an empty grid.
    public init() {}

    /// Replaces `pairs` with every pair of `bounds` (one box per body, inside or near a `width` ×
    /// `height` canvas) that overlap.
    public mutating func findPairs(_ bounds: [AxisAlignedBox], width: Double, height: Double, into pairs: inout [Pair]) {
        pairs.removeAll(keepingCapacity: true)
        guard bounds.count > 1 else { return }
        layOut(bounds, width: width, height: height)
        let cellCount = columns * rows
        for cell in 0..<cellCount {
            let start = Int(cellStart[cell]), end = Int(cellStart[cell + 1])
            guard end - start > 1 else { continue }
            for k in start..<(end - 1) {
                let i = items[k]
                let boxI = bounds[Int(i)]
                for l in (k + 1)..<end {
                    let j = items[l]
                    let boxJ = bounds[Int(j)]
                    guard boxI.overlaps(boxJ),
                        self.cell(x: max(boxI.minX, boxJ.minX), y: max(boxI.minY, boxJ.minY)) == cell
                    else { continue }
                    pairs.append(Pair(first: i, second: j))
                }
            }
        }
    }

    /// Sizes the grid to the bodies and lists each body in its cells.
    private mutating func layOut(_ bounds: [AxisAlignedBox], width: Double, height: Double) {
        var sizes = 0.0
        for box in bounds { sizes += max(box.maxX - box.minX, box.maxY - box.minY) }
        // Cells of an average body's size, but never more cells than four per body: a few large
        // bodies would otherwise make a fine grid of empty cells.
        let cellLimit = Double(4 * bounds.count + 16)
        cellSize = max(sizes / Double(bounds.count), (width * height / cellLimit).squareRoot(), 1)
        columns = max(1, Int((width / cellSize).rounded(.up)))
        rows = max(1, Int((height / cellSize).rounded(.up)))
        let cellCount = columns * rows
        if cellStart.count < cellCount + 1 {
            cellStart = Array(repeating: 0, count: cellCount + 1)
            cursor = Array(repeating: 0, count: cellCount)
        }
        for cell in 0...cellCount { cellStart[cell] = 0 }

        var total = 0
        for box in bounds {
            let (x0, y0) = cellCoordinates(x: box.minX, y: box.minY), (x1, y1) = cellCoordinates(x: box.maxX, y: box.maxY)
            for row in y0...y1 {
                for column in x0...x1 { cellStart[row * columns + column + 1] += 1 }
            }
            total += (x1 - x0 + 1) * (y1 - y0 + 1)
        }
        for cell in 0..<cellCount {
            cellStart[cell + 1] += cellStart[cell]
            cursor[cell] = cellStart[cell]
        }
        if items.count < total { items = Array(repeating: 0, count: total + total / 2) }
        for (index, box) in bounds.enumerated() {
            let (x0, y0) = cellCoordinates(x: box.minX, y: box.minY), (x1, y1) = cellCoordinates(x: box.maxX, y: box.maxY)
            for row in y0...y1 {
                for column in x0...x1 {
                    let cell = row * columns + column
                    items[Int(cursor[cell])] = Int32(index)
                    cursor[cell] += 1
                }
            }
        }
    }

    /// The column and row of the cell holding a point, clamped to the grid.
    @inline(__always) private func cellCoordinates(x: Double, y: Double) -> (Int, Int) {
        let column = Int(max(0, min(Double(columns - 1), (x / cellSize).rounded(.down))))
        let row = Int(max(0, min(Double(rows - 1), (y / cellSize).rounded(.down))))
        return (column, row)
    }

    /// The index of the cell holding a point, clamped to the grid.
    @inline(__always) private func cell(x: Double, y: Double) -> Int {
        let (column, row) = cellCoordinates(x: x, y: y)
        return row * columns + column
    }
}

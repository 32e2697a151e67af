import MotionMath

/// A caller-owned buffer a workload writes what it shows now into, one value per `OutputColumn` in
/// order, a row at a time. The emitter empties it between calls and keeps its storage, so writing a
/// row reuses the same memory; it is filled only in the unmeasured emit pass, never on a timed run.
public struct OutputRows {
    /// One cell: a number, a text, or nothing (a figure the workload does not have yet).
    public enum Cell: Equatable, Sendable {
        case number(Double)
        case text(String)
        case missing
    }

    /// The cells of every finished row, row after row.
    public private(set) var cells: [Cell] = []
    /// How many rows are finished.
    public private(set) var rowCount = 0

    /// An empty buffer.
    public init() {}

    /// Appends a number; nil appends a missing cell.
    public mutating func add(_ value: Double?) {
        cells.append(value.map(Cell.number) ?? .missing)
    }

    /// Appends a count.
    public mutating func add(_ value: Int) {
        cells.append(.number(Double(value)))
    }

    /// Appends a flag as 1 or 0.
    public mutating func add(_ flag: Bool) {
        cells.append(.number(flag ? 1 : 0))
    }

    /// Appends a text; nil appends a missing cell.
    public mutating func add(_ text: String?) {
        cells.append(text.map(Cell.text) ?? .missing)
    }

    /// Appends a vector's x, y and z; nil appends three missing cells.
    public mutating func add(_ vector: Vector3?) {
        add(vector?.x)
        add(vector?.y)
        add(vector?.z)
    }

    /// Appends an attitude's w, x, y, z and its roll, pitch and yaw in degrees; nil appends seven
    /// missing cells.
    public mutating func add(attitude: Quaternion?) {
        add(attitude?.w)
        add(attitude?.x)
        add(attitude?.y)
        add(attitude?.z)
        let angles = attitude?.eulerAngles
        add(angles.map { Angle.degrees(fromRadians: $0.roll) })
        add(angles.map { Angle.degrees(fromRadians: $0.pitch) })
        add(angles.map { Angle.degrees(fromRadians: $0.yaw) })
    }

    /// Appends a point's x and y.
    public mutating func add(_ point: Vector2) {
        add(point.x)
        add(point.y)
    }

    /// Appends a colour as `#RRGGBB`.
    public mutating func add(_ color: RGBColor) {
        add(color.hex)
    }

    /// Ends the current row.
    public mutating func endRow() {
        rowCount += 1
    }

    /// Empties the buffer, keeping its storage for the next rows.
    public mutating func removeAll() {
        cells.removeAll(keepingCapacity: true)
        rowCount = 0
    }
}

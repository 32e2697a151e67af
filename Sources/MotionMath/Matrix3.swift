/// A 3×3 matrix of numbers, stored as three rows; for linear maps of `Vector3`s such as a
/// magnetometer's soft-iron correction.
public struct Matrix3: Hashable, Sendable, Codable {
    /// The first row.
    public var row0: Vector3
    /// The second row.
    public var row1: Vector3
    /// The third row.
    public var row2: Vector3

    /// Creates the matrix with these rows.
    @inlinable public init(rows row0: Vector3, _ row1: Vector3, _ row2: Vector3) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
    }

    /// The diagonal matrix with `diagonal` on its diagonal.
    @inlinable public init(diagonal: Vector3) {
        self.init(rows: Vector3(diagonal.x, 0, 0), Vector3(0, diagonal.y, 0), Vector3(0, 0, diagonal.z))
    }

    /// The identity: leaves every vector as it is.
    public static let identity = Matrix3(diagonal: Vector3(1, 1, 1))

    /// The element in `row` and `column`, both 0…2.
    @inlinable public subscript(row: Int, column: Int) -> Double {
        get {
            let vector = row == 0 ? row0 : row == 1 ? row1 : row2
            return column == 0 ? vector.x : column == 1 ? vector.y : vector.z
        }
        set {
            func set(_ vector: inout Vector3) {
                switch column {
                case 0: vector.x = newValue
                case 1: vector.y = newValue
                default: vector.z = newValue
                }
            }
            switch row {
            case 0: set(&row0)
            case 1: set(&row1)
            default: set(&row2)
            }
        }
    }

    /// The columns, as vectors.
    @inlinable public var columns: (Vector3, Vector3, Vector3) {
        (Vector3(row0.x, row1.x, row2.x), Vector3(row0.y, row1.y, row2.y), Vector3(row0.z, row1.z, row2.z))
    }

    /// The matrix mirrored about its diagonal.
    @inlinable public var transposed: Matrix3 {
        let (column0, column1, column2) = columns
        return Matrix3(rows: column0, column1, column2)
    }

    /// The matrix applied to a vector.
    @inlinable public static func * (matrix: Matrix3, vector: Vector3) -> Vector3 {
        Vector3(matrix.row0.dot(vector), matrix.row1.dot(vector), matrix.row2.dot(vector))
    }

    /// The product: applying it is applying `rhs`, then `lhs`.
    @inlinable public static func * (lhs: Matrix3, rhs: Matrix3) -> Matrix3 {
        let (column0, column1, column2) = rhs.columns
        func row(_ row: Vector3) -> Vector3 { Vector3(row.dot(column0), row.dot(column1), row.dot(column2)) }
        return Matrix3(rows: row(lhs.row0), row(lhs.row1), row(lhs.row2))
    }
}

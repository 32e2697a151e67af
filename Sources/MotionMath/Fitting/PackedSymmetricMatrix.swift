/// A symmetric matrix of up to 10×10, its lower triangle packed row by row into fixed inline
/// storage, with a Cholesky solver: what a least-squares fit's normal equations need, without an
/// array, so accumulating and solving them never allocates.
struct PackedSymmetricMatrix: Hashable, Sendable {
    /// The largest size: 10 × 11 / 2 = 55 elements fit the 64 of the storage.
    static let maximumSize = 10

    /// The number of rows (and columns).
    let size: Int
    private var elements = SIMD64<Double>()

    /// The zero matrix of `size` rows.
    init(size: Int) {
        precondition((1...Self.maximumSize).contains(size))
        self.size = size
    }

    @inline(__always) private static func index(_ row: Int, _ column: Int) -> Int {
        row >= column ? row * (row + 1) / 2 + column : column * (column + 1) / 2 + row
    }

    /// The element in `row` and `column` (the same as in `column` and `row`).
    subscript(row: Int, column: Int) -> Double {
        @inline(__always) get { elements[Self.index(row, column)] }
        @inline(__always) set { elements[Self.index(row, column)] = newValue }
    }

    /// Adds `weight · terms · termsᵀ`: one observation's share of the normal equations.
    @inline(__always) mutating func addOuterProduct(of terms: SIMD16<Double>, weight: Double) {
        var index = 0
        for row in 0..<size {
            let scaled = weight * terms[row]
            for column in 0...row {
                elements[index] += scaled * terms[column]
                index += 1
            }
        }
    }

    /// `aᵀ · self · b`.
    func bilinearForm(_ a: SIMD16<Double>, _ b: SIMD16<Double>) -> Double {
        var sum = 0.0
        for row in 0..<size {
            for column in 0..<size { sum += a[row] * self[row, column] * b[column] }
        }
        return sum
    }

    /// The solution x of `self · x = rhs`, or nil when the matrix is not positive definite to
    /// working precision.
    ///
    /// The matrix is first scaled to a unit diagonal (D·M·D with D = diag(1/√mᵢᵢ)), because a fit's
    /// terms differ in units by many orders of magnitude (x² against 1); then each Cholesky pivot is
    /// the squared sine of the angle between a term and the span of the terms before it, so a pivot
    /// under 1e-12 (terms dependent to a microradian) means the data cannot tell the unknowns apart.
    func solve(_ rhs: SIMD16<Double>) -> SIMD16<Double>? {
        var scale = SIMD16<Double>()
        for row in 0..<size {
            let diagonal = self[row, row]
            guard diagonal > 0, diagonal.isFinite else { return nil }
            scale[row] = 1 / diagonal.squareRoot()
        }
        var factor = PackedSymmetricMatrix(size: size)  // L, lower triangle
        for column in 0..<size {
            var pivot = self[column, column] * scale[column] * scale[column]
            for k in 0..<column { pivot -= factor[column, k] * factor[column, k] }
            guard pivot > 1e-12 else { return nil }
            let root = pivot.squareRoot()
            factor[column, column] = root
            for row in (column + 1)..<size {
                var value = self[row, column] * scale[row] * scale[column]
                for k in 0..<column { value -= factor[row, k] * factor[column, k] }
                factor[row, column] = value / root
            }
        }
        var solution = SIMD16<Double>()
        for row in 0..<size {  // L y = D b
            var value = rhs[row] * scale[row]
            for k in 0..<row { value -= factor[row, k] * solution[k] }
            solution[row] = value / factor[row, row]
        }
        for row in stride(from: size - 1, through: 0, by: -1) {  // Lᵀ z = y
            var value = solution[row]
            for k in (row + 1)..<size { value -= factor[k, row] * solution[k] }
            solution[row] = value / factor[row, row]
        }
        for row in 0..<size { solution[row] *= scale[row] }  // x = D z
        guard (0..<size).allSatisfy({ solution[$0].isFinite }) else { return nil }
        return solution
    }
}

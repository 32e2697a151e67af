/// A symmetric matrix of up to 15×15, its lower triangle packed row by row into fixed inline
/// storage, with a Cholesky solver: what a least-squares fit's normal equations need, without an
/// array, so accumulating and solving them never allocates.
struct PackedSymmetricMatrix: Hashable, Sendable {
    /// The largest size: 15 × 16 / 2 = 120 elements fit the 128 of the storage.
    static let maximumSize = 15

    /// The number of rows (and columns).
    let size: Int
    // Loops reach the elements through one pointer: indexing a SIMD64 element by element makes
    // the compiler copy all 512 bytes for each access. A homogeneous tuple is laid out contiguously,
    // so the two halves read as one buffer of 128.
    private var elements = (SIMD64<Double>(), SIMD64<Double>())

    /// The zero matrix of `size` rows.
    init(size: Int) {
        precondition((1...Self.maximumSize).contains(size))
        self.size = size
    }

    @inline(__always) private static func index(_ row: Int, _ column: Int) -> Int {
        row >= column ? row * (row + 1) / 2 + column : column * (column + 1) / 2 + row
    }

    @inline(__always) private func reading<Result>(_ body: (UnsafePointer<Double>) -> Result) -> Result {
        withUnsafePointer(to: elements) { $0.withMemoryRebound(to: Double.self, capacity: 128) { body($0) } }
    }

    @inline(__always) private mutating func writing<Result>(_ body: (UnsafeMutablePointer<Double>) -> Result) -> Result {
        withUnsafeMutablePointer(to: &elements) { $0.withMemoryRebound(to: Double.self, capacity: 128) { body($0) } }
    }

    /// The element in `row` and `column` (the same as in `column` and `row`).
    subscript(row: Int, column: Int) -> Double {
        get { reading { $0[Self.index(row, column)] } }
        set { writing { $0[Self.index(row, column)] = newValue } }
    }

    /// Adds `weight · terms · termsᵀ`: one observation's share of the normal equations. Zero terms
    /// are skipped, as a fit's rows are sparse (an offset's term is 1 on one axis and 0 on the others).
    mutating func addOuterProduct(of terms: SIMD16<Double>, weight: Double) {
        let size = self.size
        var nonZero = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        Self.lanes(of: terms) { terms in
            withUnsafeMutablePointer(to: &nonZero) { pointer in
                pointer.withMemoryRebound(to: Int.self, capacity: 16) { indices in
                    var count = 0
                    for index in 0..<size where terms[index] != 0 {
                        indices[count] = index
                        count &+= 1
                    }
                    writing { elements in
                        for i in 0..<count {
                            let row = indices[i]
                            let scaled = weight * terms[row]
                            let rowElements = elements + row &* (row &+ 1) / 2
                            for j in 0...i {
                                let column = indices[j]
                                rowElements[column] += scaled * terms[column]
                            }
                        }
                    }
                }
            }
        }
    }

    /// `aᵀ · self · b`; zeros in `a` and `b` are skipped, as a fit's substitutions are sparse.
    func bilinearForm(_ a: SIMD16<Double>, _ b: SIMD16<Double>) -> Double {
        let size = self.size
        return reading { elements in
            Self.lanes(of: a) { a in
                Self.lanes(of: b) { b in
                    var sum = 0.0
                    var rowStart = 0
                    for row in 0..<size {
                        defer { rowStart &+= row &+ 1 }
                        let left = a[row]
                        guard left != 0 else { continue }
                        // Left of the diagonal the row is stored as it is; right of it, as the column.
                        for column in 0...row where b[column] != 0 { sum += left * elements[rowStart &+ column] * b[column] }
                        var index = rowStart &+ row &+ row &+ 1
                        for column in (row &+ 1)..<size {
                            if b[column] != 0 { sum += left * elements[index] * b[column] }
                            index &+= column &+ 1
                        }
                    }
                    return sum
                }
            }
        }
    }

    /// The matrix of the rows and columns `indices[0..<size]`, in that order, and `self · x` in
    /// those rows: what solving for some unknowns with the others (`x`'s non-zero lanes) held needs.
    func reduced(to indices: SIMD16<Int>, size: Int, times x: SIMD16<Double>) -> (PackedSymmetricMatrix, SIMD16<Double>) {
        var reduced = PackedSymmetricMatrix(size: size)
        var product = SIMD16<Double>()
        let fullSize = self.size
        reading { elements in
            Self.lanes(of: x) { x in
                reduced.writing { block in
                    for row in 0..<size {
                        let from = indices[row]
                        for column in 0...row { block[Self.index(row, column)] = elements[Self.index(from, indices[column])] }
                        var sum = 0.0
                        for column in 0..<fullSize where x[column] != 0 { sum += elements[Self.index(from, column)] * x[column] }
                        product[row] = sum
                    }
                }
            }
        }
        return (reduced, product)
    }

    /// `body` with the lanes of `vector` as a buffer: indexing a SIMD16 lane by lane copies it.
    @inline(__always) private static func lanes<Result>(of vector: SIMD16<Double>, _ body: (UnsafePointer<Double>) -> Result) -> Result {
        withUnsafePointer(to: vector) { $0.withMemoryRebound(to: Double.self, capacity: 16) { body($0) } }
    }

    /// Multiplies every element by `factor`.
    mutating func scale(by factor: Double) {
        let count = size * (size + 1) / 2
        writing { elements in
            for index in 0..<count { elements[index] *= factor }
        }
    }

    /// The matrix `Tᵀ · self · T` for `T = I + multiple · e(from) e(into)ᵀ`: the normal equations after
    /// term `into` becomes itself plus `multiple` times term `from` (`from` ≠ `into`).
    mutating func addTerm(_ from: Int, times multiple: Double, into: Int) {
        let size = self.size
        writing { elements in
            let diagonal =
                elements[Self.index(into, into)] + 2 * multiple * elements[Self.index(from, into)]
                + multiple * multiple * elements[Self.index(from, from)]
            // Along row `into` and row `from` at once: left of a row's diagonal the elements are
            // consecutive, from it on they run down its column, a row further apart each step.
            var intoIndex = Self.index(into, 0)
            var fromIndex = Self.index(from, 0)
            for other in 0..<size {
                if other != into { elements[intoIndex] += multiple * elements[fromIndex] }
                intoIndex &+= other < into ? 1 : other &+ 1
                fromIndex &+= other < from ? 1 : other &+ 1
            }
            elements[Self.index(into, into)] = diagonal
        }
    }

    /// The solution x of `self · x = rhs`, or nil when the matrix is not positive definite to
    /// working precision (see `CholeskyFactor`).
    func solve(_ rhs: SIMD16<Double>) -> SIMD16<Double>? {
        choleskyFactor()?.solve(rhs)
    }

    /// The Cholesky factor of the matrix with `extra` added to its diagonal (a prior's weights,
    /// without a copy of the matrix), or nil when that is not positive definite to working precision.
    ///
    /// The matrix is first scaled to a unit diagonal (D·M·D with D = diag(1/√mᵢᵢ)), because a fit's
    /// terms differ in units by many orders of magnitude (x² against 1); then each Cholesky pivot is
    /// the squared sine of the angle between a term and the span of the terms before it, so a pivot
    /// under 1e-12 (terms dependent to a microradian) means the data cannot tell the unknowns apart.
    func choleskyFactor(addingToDiagonal extra: SIMD16<Double> = .zero) -> CholeskyFactor? {
        let size = self.size
        var scale = SIMD16<Double>()
        var diagonal = SIMD16<Double>()
        var factor = PackedSymmetricMatrix(size: size)  // L, lower triangle
        let factored: Bool = reading { matrix in
            for row in 0..<size {
                let value = matrix[Self.index(row, row)] + extra[row]
                guard value > 0, value.isFinite else { return false }
                diagonal[row] = value
                scale[row] = 1 / value.squareRoot()
            }
            return factor.writing { l in
                // Rows are packed one after another: row r starts at r(r+1)/2.
                var columnStart = 0
                for column in 0..<size {
                    var pivot = diagonal[column] * scale[column] * scale[column]
                    for k in 0..<column { pivot -= l[columnStart &+ k] * l[columnStart &+ k] }
                    guard pivot > 1e-12 else { return false }
                    let root = pivot.squareRoot()
                    l[columnStart &+ column] = root
                    var rowStart = columnStart &+ column &+ 1
                    for row in (column &+ 1)..<size {
                        var value = matrix[rowStart &+ column] * scale[row] * scale[column]
                        for k in 0..<column { value -= l[rowStart &+ k] * l[columnStart &+ k] }
                        l[rowStart &+ column] = value / root
                        rowStart &+= row &+ 1
                    }
                    columnStart &+= column &+ 1
                }
                return true
            }
        }
        return factored ? CholeskyFactor(lower: factor, scale: scale) : nil
    }

    /// `M = D⁻¹ L Lᵀ D⁻¹`, from `choleskyFactor`: solves `M x = b` for any number of right-hand sides.
    struct CholeskyFactor: Hashable, Sendable {
        let lower: PackedSymmetricMatrix
        let scale: SIMD16<Double>

        /// The solution x of `M x = rhs`; nil if it is not finite.
        func solve(_ rhs: SIMD16<Double>) -> SIMD16<Double>? {
            let size = lower.size
            var solution = rhs * scale  // D b
            let finite: Bool = lower.reading { l in
                withUnsafeMutablePointer(to: &solution) { pointer in
                    pointer.withMemoryRebound(to: Double.self, capacity: 16) { x in
                        for row in 0..<size {  // L y = D b
                            let start = row * (row + 1) / 2
                            var value = x[row]
                            for k in 0..<row { value -= l[start + k] * x[k] }
                            x[row] = value / l[start + row]
                        }
                        for row in stride(from: size - 1, through: 0, by: -1) {  // Lᵀ z = y
                            var value = x[row]
                            let diagonal = row &* (row &+ 1) / 2 &+ row
                            var below = diagonal &+ row &+ 1  // (row + 1, row), then down the column
                            for k in (row &+ 1)..<size {
                                value -= l[below] * x[k]
                                below &+= k &+ 1
                            }
                            x[row] = value / l[diagonal]
                        }
                        for row in 0..<size { x[row] *= scale[row] }  // x = D z
                        return (0..<size).allSatisfy { x[$0].isFinite }
                    }
                }
            }
            return finite ? solution : nil
        }
    }

    static func == (lhs: PackedSymmetricMatrix, rhs: PackedSymmetricMatrix) -> Bool {
        lhs.size == rhs.size && lhs.elements.0 == rhs.elements.0 && lhs.elements.1 == rhs.elements.1
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(elements.0)
        hasher.combine(elements.1)
    }
}

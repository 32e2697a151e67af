/// The eigenvalues and eigenvectors of a symmetric 3×3 matrix, found by cyclic Jacobi rotations.
///
/// Each rotation zeroes one off-diagonal element; a sweep visits all three, and the off-diagonal sum
/// of squares shrinks quadratically, so a handful of sweeps reach rounding level. Jacobi is chosen
/// over a closed-form cubic because it stays accurate for repeated or nearly repeated eigenvalues
/// (a sphere's matrix is a multiple of the identity), and over iterative QR because it is short.
public struct SymmetricEigendecomposition: Hashable, Sendable {
    /// The eigenvalues, smallest first.
    public let values: Vector3
    /// The unit eigenvectors as columns, in the order of `values`; a rotation or a reflection.
    public let vectors: Matrix3

    /// Decomposes `matrix`, which must be symmetric (the mean of it and its transpose is used).
    public init(_ matrix: Matrix3) {
        var a = matrix
        for row in 0..<3 {
            for column in (row + 1)..<3 {
                let mean = (matrix[row, column] + matrix[column, row]) / 2
                a[row, column] = mean
                a[column, row] = mean
            }
        }
        var v = Matrix3.identity
        // Quadratic convergence: rarely more than 6 sweeps; the cap only guards against NaNs.
        for _ in 0..<32 {
            let offDiagonal = a[0, 1] * a[0, 1] + a[0, 2] * a[0, 2] + a[1, 2] * a[1, 2]
            let diagonal = a[0, 0] * a[0, 0] + a[1, 1] * a[1, 1] + a[2, 2] * a[2, 2]
            guard offDiagonal > 1e-34 * diagonal, offDiagonal.isFinite else { break }
            for p in 0..<2 {
                for q in (p + 1)..<3 where a[p, q] != 0 { Self.rotate(&a, &v, p, q) }
            }
        }
        // Sorted by hand: no array, so a refit inside a per-sample update allocates nothing.
        var (first, second, third) = (0, 1, 2)
        if a[first, first] > a[second, second] { swap(&first, &second) }
        if a[second, second] > a[third, third] { swap(&second, &third) }
        if a[first, first] > a[second, second] { swap(&first, &second) }
        func column(_ index: Int) -> Vector3 { Vector3(v[0, index], v[1, index], v[2, index]) }
        values = Vector3(a[first, first], a[second, second], a[third, third])
        vectors = Matrix3(rows: column(first), column(second), column(third)).transposed
    }

    /// The symmetric matrix with the same eigenvectors and each eigenvalue λ replaced by
    /// `transform(λ)`: `squareRoot` gives the symmetric square root, `1 / λ` the inverse.
    public func matrix(mappingValues transform: (Double) -> Double) -> Matrix3 {
        let mapped = Matrix3(diagonal: Vector3(transform(values.x), transform(values.y), transform(values.z)))
        return vectors * mapped * vectors.transposed
    }

    /// One Jacobi rotation in the (p, q) plane that zeroes `a[p, q]`, accumulated into `v`
    /// (Golub & Van Loan, algorithm 8.4.1, with the smaller root for the tangent so |θ| ≤ π/4).
    private static func rotate(_ a: inout Matrix3, _ v: inout Matrix3, _ p: Int, _ q: Int) {
        let apq = a[p, q]
        let theta = (a[q, q] - a[p, p]) / (2 * apq)
        let t =
            abs(theta) > 1e150
            ? 1 / (2 * theta)
            : (theta >= 0 ? 1 : -1) / (abs(theta) + (theta * theta + 1).squareRoot())
        let c = 1 / (t * t + 1).squareRoot()
        let s = t * c
        a[p, p] -= t * apq
        a[q, q] += t * apq
        a[p, q] = 0
        a[q, p] = 0
        let r = 3 - p - q
        let arp = a[r, p], arq = a[r, q]
        a[r, p] = c * arp - s * arq
        a[p, r] = a[r, p]
        a[r, q] = s * arp + c * arq
        a[q, r] = a[r, q]
        for row in 0..<3 {
            let vrp = v[row, p], vrq = v[row, q]
            v[row, p] = c * vrp - s * vrq
            v[row, q] = s * vrp + c * vrq
        }
    }
}

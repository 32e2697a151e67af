import MotionMath
import Testing

@Suite struct Matrix3Tests {
    let a = Matrix3(rows: Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 10))
    let b = Matrix3(rows: Vector3(0, 1, 0), Vector3(-1, 0, 0), Vector3(0, 0, 2))

    @Test func productsTransposeAndElements() {
        #expect(a * Vector3(1, 0, -1) == Vector3(-2, -2, -3))
        #expect(Matrix3.identity * Vector3(3, -4, 5) == Vector3(3, -4, 5))
        #expect(a * b == Matrix3(rows: Vector3(-2, 1, 6), Vector3(-5, 4, 12), Vector3(-8, 7, 20)))
        #expect((a * b) * Vector3(1, 2, 3) == a * (b * Vector3(1, 2, 3)))
        #expect(a.transposed == Matrix3(rows: Vector3(1, 4, 7), Vector3(2, 5, 8), Vector3(3, 6, 10)))
        #expect(a[2, 1] == 8 && a[0, 2] == 3)
        var c = a
        c[1, 2] = -1
        #expect(c.row1 == Vector3(4, 5, -1))
        #expect(Matrix3(diagonal: Vector3(2, 3, 4)) * Vector3(1, 1, 1) == Vector3(2, 3, 4))
    }

    @Test func symmetricEigendecompositionOfAKnownMatrix() {
        // R · diag(1, 4, 9) · Rᵀ for a rotation R: eigenvalues 1, 4, 9 and R's columns as vectors.
        let rotation = Quaternion(axis: Vector3(1, 2, 3).normalized, angle: 0.7)
        let columns = [Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1)].map(rotation.rotate)
        let r = Matrix3(rows: columns[0], columns[1], columns[2]).transposed
        let matrix = r * Matrix3(diagonal: Vector3(9, 1, 4)) * r.transposed
        let eigen = SymmetricEigendecomposition(matrix)
        #expect((eigen.values - Vector3(1, 4, 9)).length < 1e-13)
        let (v0, v1, v2) = eigen.vectors.columns
        for (vector, expected) in [(v0, columns[1]), (v1, columns[2]), (v2, columns[0])] {
            #expect(abs(abs(vector.dot(expected)) - 1) < 1e-13)
            #expect(((matrix * vector) - vector * vector.dot(matrix * vector)).length < 1e-12)
        }
        let root = eigen.matrix(mappingValues: { $0.squareRoot() })
        let square = root * root
        for row in 0..<3 {
            for column in 0..<3 { #expect(abs(square[row, column] - matrix[row, column]) < 1e-12) }
        }
        let inverse = eigen.matrix(mappingValues: { 1 / $0 }) * matrix
        for row in 0..<3 {
            for column in 0..<3 { #expect(abs(inverse[row, column] - (row == column ? 1 : 0)) < 1e-13) }
        }
    }

    @Test func repeatedAndDiagonalEigenvalues() {
        // A multiple of the identity (a sphere's matrix) and a diagonal one need no rotation.
        #expect(SymmetricEigendecomposition(Matrix3(diagonal: Vector3(2, 2, 2))).values == Vector3(2, 2, 2))
        let eigen = SymmetricEigendecomposition(Matrix3(diagonal: Vector3(3, -1, 2)))
        #expect(eigen.values == Vector3(-1, 2, 3))
        #expect(eigen.vectors.columns.0 == Vector3(0, 1, 0))
    }
}

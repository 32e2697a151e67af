/// Quaternions from rotation matrices, for estimators that build an attitude from reference axes
/// (an e-compass finds north, west and up in device axes).
extension Quaternion {
    /// The rotation whose matrix has rows `row0`, `row1`, `row2` (orthonormal, right-handed), so that
    /// `rotate(v)` equals the matrix times `v`; for an attitude, the rows are the reference frame's
    /// axes expressed in device axes. Scalar part non-negative.
    ///
    /// Shepperd's method: the square root is taken of the largest of the four diagonal combinations,
    /// so no component is found by dividing by a small number.
    @inlinable @inline(__always) public init(rotationRows row0: Vector3, _ row1: Vector3, _ row2: Vector3) {
        let (m00, m01, m02) = (row0.x, row0.y, row0.z)
        let (m10, m11, m12) = (row1.x, row1.y, row1.z)
        let (m20, m21, m22) = (row2.x, row2.y, row2.z)
        let trace = m00 + m11 + m22
        let q: Quaternion
        if trace > 0 {
            let s = 2 * (1 + trace).squareRoot()
            q = Quaternion(w: s / 4, x: (m21 - m12) / s, y: (m02 - m20) / s, z: (m10 - m01) / s)
        } else if m00 > m11, m00 > m22 {
            let s = 2 * (1 + m00 - m11 - m22).squareRoot()
            q = Quaternion(w: (m21 - m12) / s, x: s / 4, y: (m01 + m10) / s, z: (m02 + m20) / s)
        } else if m11 > m22 {
            let s = 2 * (1 + m11 - m00 - m22).squareRoot()
            q = Quaternion(w: (m02 - m20) / s, x: (m01 + m10) / s, y: s / 4, z: (m12 + m21) / s)
        } else {
            let s = 2 * (1 + m22 - m00 - m11).squareRoot()
            q = Quaternion(w: (m10 - m01) / s, x: (m02 + m20) / s, y: (m12 + m21) / s, z: s / 4)
        }
        let unit = q.normalized
        self = unit.w < 0 ? Quaternion(w: -unit.w, x: -unit.x, y: -unit.y, z: -unit.z) : unit
    }
}

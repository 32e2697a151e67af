import KernelABI
import MotionMath

// Conversions between the C sample layout and the library's types, and the output convention every
// kernel shares (one quaternion or vector per update, written in place).

extension Vector3 {
    /// The library's vector for a C one.
    @inline(__always) init(_ vector: mb_vector3) {
        self.init(vector.x, vector.y, vector.z)
    }
}

extension mb_vector3 {
    /// The C vector for one of the library's.
    init(_ vector: Vector3) {
        self.init(x: vector.x, y: vector.y, z: vector.z)
    }
}

extension UnsafeMutablePointer<Double> {
    /// Writes `quaternion` as the output of update number `update`: w, x, y, z at 4 × update.
    @inline(__always) func store(_ quaternion: Quaternion, forUpdate update: Int) {
        let slot = self + 4 * update
        slot[0] = quaternion.w
        slot[1] = quaternion.x
        slot[2] = quaternion.y
        slot[3] = quaternion.z
    }

    /// Writes `vector` as the output of update number `update`: x, y, z at 3 × update.
    @inline(__always) func store(_ vector: Vector3, forUpdate update: Int) {
        let slot = self + 3 * update
        slot[0] = vector.x
        slot[1] = vector.y
        slot[2] = vector.z
    }
}

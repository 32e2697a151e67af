#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A rotation as a unit quaternion `w + xi + yj + zk`, Hamilton convention.
///
/// As an attitude it rotates vectors from the device frame into the reference frame (x, y horizontal,
/// z up): `reference = attitude.rotate(device)`, which is how Core Motion's and x-io Fusion's
/// quaternions read.
public struct Quaternion: Hashable, Sendable, Codable {
    /// The scalar part.
    public var w: Double
    /// The i component of the vector part.
    public var x: Double
    /// The j component of the vector part.
    public var y: Double
    /// The k component of the vector part.
    public var z: Double

    /// Creates a quaternion from its four components (not normalized).
    @inlinable public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    /// No rotation.
    @inlinable public static var identity: Quaternion { Quaternion(w: 1, x: 0, y: 0, z: 0) }

    /// The rotation by `angle` radians about `axis` (right-hand rule); the axis need not be unit
    /// length, and a zero axis gives the identity.
    @inlinable public init(axis: Vector3, angle: Double) {
        let length = axis.length
        guard length > 0 else {
            self = .identity
            return
        }
        let unit = axis / length
        let half = angle / 2
        let sine = sin(half)
        self.init(w: cos(half), x: unit.x * sine, y: unit.y * sine, z: unit.z * sine)
    }

    /// The rotation by the rotation vector `v`, |v| radians about `v`: `exp(v / 2)`. A turn of at
    /// most a quarter radian, a gyroscope's over one sample, takes the series of cos(|v|/2) and
    /// sin(|v|/2)/|v| in |v|², to terms below the last bit there, so it needs no square root, no
    /// division and no call to libm's sine and cosine; a larger one takes `init(axis:angle:)`.
    @inlinable @inline(__always) public init(rotationVector v: Vector3) {
        let h = v.lengthSquared * 0.25
        guard h <= 1.0 / 64 else {
            self.init(axis: v, angle: v.length)
            return
        }
        let cosine = 1 + h * (-1.0 / 2 + h * (1.0 / 24 + h * (-1.0 / 720 + h * (1.0 / 40_320 + h * (-1.0 / 3_628_800)))))
        let sineOverLength = 0.5 + h * (-1.0 / 12 + h * (1.0 / 240 + h * (-1.0 / 10_080 + h * (1.0 / 725_760 + h * (-1.0 / 79_833_600)))))
        self.init(w: cosine, x: v.x * sineOverLength, y: v.y * sineOverLength, z: v.z * sineOverLength)
    }

    /// The rotation that yaws about z, then pitches about the new y, then rolls about the newest x
    /// (the aerospace z-y-x order x-io Fusion uses; Core Motion names the x and y angles the other
    /// way round).
    @inlinable public init(_ angles: EulerAngles) {
        let (sr, cr) = (sin(angles.roll / 2), cos(angles.roll / 2))
        let (sp, cp) = (sin(angles.pitch / 2), cos(angles.pitch / 2))
        let (sy, cy) = (sin(angles.yaw / 2), cos(angles.yaw / 2))
        self.init(
            w: cr * cp * cy + sr * sp * sy,
            x: sr * cp * cy - cr * sp * sy,
            y: cr * sp * cy + sr * cp * sy,
            z: cr * cp * sy - sr * sp * cy
        )
    }

    /// The vector part `(x, y, z)`.
    @inlinable public var vector: Vector3 { Vector3(x, y, z) }

    /// The Hamilton product: rotating by `rhs` first, then by `lhs`.
    @inlinable @inline(__always) public static func * (lhs: Quaternion, rhs: Quaternion) -> Quaternion {
        Quaternion(
            w: lhs.w * rhs.w - lhs.x * rhs.x - lhs.y * rhs.y - lhs.z * rhs.z,
            x: lhs.w * rhs.x + lhs.x * rhs.w + lhs.y * rhs.z - lhs.z * rhs.y,
            y: lhs.w * rhs.y - lhs.x * rhs.z + lhs.y * rhs.w + lhs.z * rhs.x,
            z: lhs.w * rhs.z + lhs.x * rhs.y - lhs.y * rhs.x + lhs.z * rhs.w
        )
    }

    /// The conjugate, which for a unit quaternion is the inverse rotation.
    @inlinable public var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

    /// The Euclidean norm of the four components.
    @inlinable public var norm: Double { (w * w + x * x + y * y + z * z).squareRoot() }

    /// The same rotation with norm 1, undoing the drift that repeated products accumulate.
    @inlinable public var normalized: Quaternion {
        let norm = self.norm
        return Quaternion(w: w / norm, x: x / norm, y: y / norm, z: z / norm)
    }

    /// The same rotation with norm 1, for a quaternion that rounding has taken only a few bits from
    /// it, such as a product of unit quaternions: there one Newton step for 1/norm is exact to the
    /// last bit and spares the square root and divisions of `normalized`, which any other takes.
    @inlinable @inline(__always) public var renormalized: Quaternion {
        let normSquared = w * w + x * x + y * y + z * z
        guard abs(normSquared - 1) < 1e-8 else { return normalized }
        let scale = (3 - normSquared) * 0.5
        return Quaternion(w: w * scale, x: x * scale, y: y * scale, z: z * scale)
    }

    /// `v` rotated by this (unit) quaternion, `q v q*`, in the cheaper cross-product form.
    @inlinable @inline(__always) public func rotate(_ v: Vector3) -> Vector3 {
        let u = vector
        let t = u.cross(v) * 2
        return v + t * w + u.cross(t)
    }

    /// The rotation as roll (about x), pitch (about y) and yaw (about z), the inverse of `init(_:)`;
    /// pitch is clamped at ±90° where rounding would push `asin` out of its domain.
    @inlinable public var eulerAngles: EulerAngles {
        let sinPitch = max(-1, min(1, 2 * (w * y - z * x)))
        return EulerAngles(
            roll: atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y)),
            pitch: asin(sinPitch),
            yaw: atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))
        )
    }

    /// The attitude after turning at the body-frame `angularRate` (rad/s, what a gyroscope reads) for
    /// `interval` seconds: `q ⊗ exp(ω dt / 2)`, exact for a constant rate, renormalized.
    @inlinable @inline(__always) public func integrated(angularRate: Vector3, over interval: Double) -> Quaternion {
        (self * Quaternion(rotationVector: angularRate * interval)).renormalized
    }
}

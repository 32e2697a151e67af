#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

extension Quaternion {
    /// The rotation a `fraction` (0…1) of the way from `self` to `other` along the shorter arc
    /// (spherical linear interpolation), for reading an attitude between two timed samples. Nearly
    /// equal rotations, where the arc's sine vanishes, are blended linearly and renormalized, which
    /// agrees with the arc to rounding there.
    @inlinable public func interpolated(to other: Quaternion, fraction: Double) -> Quaternion {
        var cosine = w * other.w + x * other.x + y * other.y + z * other.z
        // q and −q are one rotation: go toward whichever is nearer.
        let sign: Double = cosine < 0 ? -1 : 1
        cosine *= sign
        let start: Double
        let end: Double
        if cosine > 0.9995 {
            start = 1 - fraction
            end = fraction * sign
        } else {
            let angle = acos(cosine)
            let sine = (1 - cosine * cosine).squareRoot()
            start = sin((1 - fraction) * angle) / sine
            end = sin(fraction * angle) / sine * sign
        }
        return Quaternion(
            w: start * w + end * other.w, x: start * x + end * other.x,
            y: start * y + end * other.y, z: start * z + end * other.z
        ).normalized
    }
}

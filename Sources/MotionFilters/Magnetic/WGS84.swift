import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The WGS-84 ellipsoid, on which GPS and the World Magnetic Model give latitude and height, and the
/// conversion of a geodetic position to the geocentric sphere the model's harmonics live on.
public enum WGS84 {
    /// The semi-major axis (equatorial radius), in metres.
    public static let semiMajorAxis = 6_378_137.0
    /// The flattening, 1 / 298.257223563.
    public static let flattening = 1 / 298.257223563
    /// The first eccentricity squared, f (2 − f).
    public static let eccentricitySquared = flattening * (2 - flattening)

    /// The geocentric radius (metres) and latitude (radians) of the point at geodetic `latitude`
    /// (degrees) and `altitude` metres above the ellipsoid; longitude is the same in both systems.
    @inlinable public static func geocentric(latitude: Double, altitude: Double) -> (radius: Double, latitude: Double) {
        let phi = Angle.radians(fromDegrees: latitude)
        let sinPhi = sin(phi), cosPhi = cos(phi)
        // The radius of curvature in the prime vertical.
        let normal = semiMajorAxis / (1 - eccentricitySquared * sinPhi * sinPhi).squareRoot()
        let equatorial = (normal + altitude) * cosPhi
        let polar = (normal * (1 - eccentricitySquared) + altitude) * sinPhi
        let radius = (equatorial * equatorial + polar * polar).squareRoot()
        return (radius, asin(polar / radius))
    }
}

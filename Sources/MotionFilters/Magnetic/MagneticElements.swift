import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The Earth's main field at one place and time, as the World Magnetic Model gives it: three
/// components in the local geodetic frame and the elements derived from them (NOAA's names).
public struct MagneticElements: Hashable, Sendable {
    /// X, toward true (geodetic) north, in nT.
    public var north: Double
    /// Y, toward east, in nT.
    public var east: Double
    /// Z, downward (along the ellipsoid's inward normal), in nT.
    public var down: Double

    /// Creates the elements from the three components, in nT.
    public init(north: Double, east: Double, down: Double) {
        self.north = north
        self.east = east
        self.down = down
    }

    /// H, the horizontal intensity, in nT.
    public var horizontalIntensity: Double { (north * north + east * east).squareRoot() }

    /// F, the total intensity, in nT.
    public var totalIntensity: Double { (north * north + east * east + down * down).squareRoot() }

    /// I, the inclination (dip) in degrees: the field's angle below the horizontal, positive where it
    /// points down (the northern hemisphere, mostly).
    public var inclination: Double { Angle.degrees(fromRadians: atan2(down, horizontalIntensity)) }

    /// D, the declination in degrees: magnetic north's bearing from true north, positive east, so
    /// true heading = magnetic heading + declination.
    public var declination: Double { Angle.degrees(fromRadians: atan2(east, north)) }
}

import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The Earth's magnetic field where a scenario takes place, as the World Magnetic Model describes it.
public struct EarthField: Hashable, Sendable {
    /// Total intensity, in µT.
    public var intensity: Double
    /// Inclination (dip), in degrees: the field's angle below the horizontal, positive in the
    /// northern hemisphere.
    public var inclination: Double
    /// Declination, in degrees: magnetic north's bearing from true north, positive to the east. True
    /// heading = magnetic heading + declination.
    public var declination: Double

    /// Creates a field.
    public init(intensity: Double, inclination: Double, declination: Double) {
        self.intensity = intensity
        self.inclination = inclination
        self.declination = declination
    }

    /// The World Magnetic Model 2025 at Grenoble (45.1885° N, 5.7245° E, 212 m) on 2026.0, the heading
    /// workload's default place and date, so a scenario's true heading and the workload's declination
    /// agree (MotionSensors cannot evaluate the model itself; a MotionFilters test checks these values).
    public static let grenoble2026 = EarthField(intensity: 47.491_490_7, inclination: 61.186_957, declination: 2.848_104)

    /// The field in the North-West-Up reference frame, in µT: horizontal part toward magnetic north
    /// (`declination` east of true north, and east is −y), vertical part down for a positive
    /// inclination.
    public var vector: Vector3 {
        let inclination = Angle.radians(fromDegrees: inclination)
        let declination = Angle.radians(fromDegrees: declination)
        let horizontal = intensity * cos(inclination)
        return Vector3(horizontal * cos(declination), -horizontal * sin(declination), -intensity * sin(inclination))
    }
}

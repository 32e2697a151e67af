#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Pressure and altitude related by the international standard atmosphere's troposphere (below
/// 11 km): `p = p₀ (1 − 2.25577·10⁻⁵ h)^5.25588`, with p in kPa and h in metres above the level where
/// the pressure is p₀.
///
/// One place for the formula, because the virtual device turns altitude into barometer readings and
/// the barometer and pedometer workloads turn readings back into altitude: both directions must agree.
public enum StandardAtmosphere {
    /// Standard pressure at sea level, in kPa.
    public static let seaLevelPressure = 101.325

    /// The lapse coefficient `1 − h·c` uses, per metre.
    @usableFromInline static let altitudeCoefficient = 2.25577e-5
    /// The exponent of the pressure ratio.
    @usableFromInline static let exponent = 5.25588

    /// The pressure at `altitude` metres above sea level, in kPa.
    @inlinable public static func pressure(atAltitude altitude: Double, seaLevelPressure: Double = seaLevelPressure) -> Double {
        seaLevelPressure * pow(1 - altitudeCoefficient * altitude, exponent)
    }

    /// The altitude above sea level at which the pressure is `pressure` kPa, in metres: the inverse of
    /// `pressure(atAltitude:seaLevelPressure:)`. No pressure is below 0: at or below it, the altitude
    /// where the formula's pressure reaches 0 (about 44 km), rather than the NaN of a negative
    /// number's fractional power.
    @inlinable public static func altitude(atPressure pressure: Double, seaLevelPressure: Double = seaLevelPressure) -> Double {
        (1 - pow(max(pressure, 0) / seaLevelPressure, 1 / exponent)) / altitudeCoefficient
    }

    /// How far above the place where the pressure was `reference` kPa one now is, where it is
    /// `pressure` kPa, in metres: `CMAltimeter`'s relative altitude. The difference of the two
    /// altitudes; the sea-level pressure hardly matters (a few parts in a thousand of the result per
    /// kPa), so the standard one serves when it is unknown.
    @inlinable public static func relativeAltitude(
        atPressure pressure: Double, reference: Double, seaLevelPressure: Double = seaLevelPressure
    ) -> Double {
        altitude(atPressure: pressure, seaLevelPressure: seaLevelPressure)
            - altitude(atPressure: reference, seaLevelPressure: seaLevelPressure)
    }
}

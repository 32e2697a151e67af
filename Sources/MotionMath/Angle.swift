/// Conversions between degrees and radians, and wrapping to the 0 ..< 360 range that headings and the
/// level's label use.
public enum Angle {
    /// `radians` in degrees.
    @inlinable public static func degrees(fromRadians radians: Double) -> Double {
        radians * (180 / Double.pi)
    }

    /// `degrees` in radians.
    @inlinable public static func radians(fromDegrees degrees: Double) -> Double {
        degrees * (Double.pi / 180)
    }

    /// `degrees` wrapped into 0 ..< 360.
    @inlinable public static func wrappedDegrees(_ degrees: Double) -> Double {
        let remainder = degrees.truncatingRemainder(dividingBy: 360)
        let wrapped = remainder < 0 ? remainder + 360 : remainder
        // A tiny negative remainder plus 360 rounds to exactly 360, which is outside the range; adding
        // 0 turns −0 into 0, so a heading never prints as "-0".
        return wrapped < 360 ? wrapped + 0 : 0
    }

    /// `radians` wrapped into −π ..< π: the signed difference between two angles.
    @inlinable public static func signedRadians(_ radians: Double) -> Double {
        let remainder = (radians + Double.pi).truncatingRemainder(dividingBy: 2 * Double.pi)
        return (remainder < 0 ? remainder + 2 * Double.pi : remainder) - Double.pi
    }
}

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Compass heading from an attitude in a North-West-Up reference frame (x north, y west, z up), as
/// `CLHeading` reports it: degrees clockwise from north, 0 ..< 360.
///
/// The heading is where the top of the device (+y) points, projected onto the horizontal plane. When
/// +y is within 45° of the vertical its projection is short and unstable, so the screen's normal is
/// used instead, on the side that leans the way the top does: the back (−z, the rear camera) when
/// the top tilts up, as for a phone held up in front of the face, and the front (+z) when it tilts
/// down. For a tilt about the device's x axis alone both projections then point the same way, so the
/// switch does not jump, nose up or nose down.
public enum Heading {
    /// The heading of the device whose attitude (device to North-West-Up) is `attitude`, in degrees.
    @inlinable public static func degrees(of attitude: Quaternion) -> Double {
        let top = attitude.rotate(Vector3(0, 1, 0))
        let pointer = abs(top.z) <= 0.5.squareRoot() ? top : attitude.rotate(Vector3(0, 0, top.z > 0 ? -1 : 1))
        // North is +x, east is −y.
        return Angle.wrappedDegrees(Angle.degrees(fromRadians: atan2(-pointer.y, pointer.x)))
    }

    /// The yaw (rotation about the vertical, radians, as `EulerAngles.yaw`) that turns a device lying
    /// flat so that its top points at `heading` degrees: yaw 0 points it west, and yaw grows
    /// counter-clockwise seen from above while headings grow clockwise.
    @inlinable public static func yaw(forHeading heading: Double) -> Double {
        Angle.radians(fromDegrees: 270 - heading)
    }
}

import MotionMath

extension Scenario {
    /// Lying flat, starting with its top toward north, turned in place about the vertical at `rate`
    /// degrees per second (positive counter-clockwise seen from above, so the gyroscope's z reads
    /// the rate in rad/s and the heading decreases), for two full turns.
    public static func turning(rate: Double = 30) -> Scenario {
        precondition(rate != 0, "turning needs a rate")
        return Scenario(
            name: "turning", summary: "flat, turning in place about the vertical at a steady rate",
            duration: 2 * 360 / abs(rate),
            orientation: AttitudeTrajectory(
                yaw: AngleCurve(offset: Heading.yaw(forHeading: 0), rate: Angle.radians(fromDegrees: rate)))
        )
    }
}

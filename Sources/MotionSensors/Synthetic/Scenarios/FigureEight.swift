import MotionMath

extension Scenario {
    /// A hand waving the device in a figure-eight, as iOS asks to calibrate the compass: the position
    /// traces a sideways eight (±0.3 m east–west, ±0.12 m up and down at twice the rate) once every
    /// `period` seconds while the device rolls ±50°, pitches ±35° and swings ±60° about north, for
    /// five periods.
    public static func figureEight(period: Double = 4) -> Scenario {
        Scenario(
            name: "figure-eight", summary: "waved in a figure-eight in hand, turning through many attitudes",
            duration: 5 * period,
            orientation: AttitudeTrajectory(
                roll: AngleCurve(amplitude: Angle.radians(fromDegrees: 50), period: period),
                pitch: AngleCurve(amplitude: Angle.radians(fromDegrees: 35), period: period / 2),
                yaw: AngleCurve(
                    offset: Heading.yaw(forHeading: 0), amplitude: Angle.radians(fromDegrees: 60), period: period,
                    phase: Double.pi / 2)
            ),
            oscillation: Oscillation([
                .init(amplitude: Vector3(0, 0.3, 0), frequency: 1 / period),
                .init(amplitude: Vector3(0, 0, 0.12), frequency: 2 / period),
            ])
        )
    }
}

import MotionMath

extension Scenario {
    /// Held facing north in a hand that slowly sweeps the tilt: ±`amplitude` degrees about x with a
    /// `period` in seconds, and about y with 1.5 times that period, for three periods; a double tap
    /// toggles the ball's shape and a drag moves it.
    public static func slowTilt(amplitude: Double = 45, period: Double = 20) -> Scenario {
        let sweep = Angle.radians(fromDegrees: amplitude)
        return Scenario(
            name: "slow-tilt", summary: "slow tilt sweeps about x and y, facing north", duration: 3 * period,
            orientation: AttitudeTrajectory(
                roll: AngleCurve(amplitude: sweep, period: period),
                pitch: AngleCurve(amplitude: sweep, period: 1.5 * period),
                yaw: AngleCurve(offset: Heading.yaw(forHeading: 0))
            ),
            touches: [
                TouchEvent(time: 5, .doubleTap(Vector2(187.5, 333.5))),
                TouchEvent(time: 10, .drag(from: Vector2(187.5, 333.5), to: Vector2(120, 200), duration: 0.5)),
                TouchEvent(time: 30, .doubleTap(Vector2(120, 200))),
            ]
        )
    }
}

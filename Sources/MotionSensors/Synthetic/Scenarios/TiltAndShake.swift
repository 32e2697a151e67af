import MotionMath

extension Scenario {
    /// Held in a hand that slowly tilts the device back and forth about x (±30°, 10 s period) and y
    /// (±20°, 14 s), turns it about the vertical (±45°, 24 s), and shakes it for 1 s every 20 s from
    /// 5 s on (6 Hz, 3 g peak, in the screen's plane), for 60 s. Meanwhile taps add five shapes, a
    /// double tap toggles the ball's shape, and a drag, a pinch and a rotation handle a shape.
    public static let tiltAndShake = Scenario(
        name: "tilt-and-shake",
        summary: "slow tilts about x and y, turns about the vertical, a 1 s shake every 20 s from 5 s",
        duration: 60,
        orientation: AttitudeTrajectory(
            roll: AngleCurve(amplitude: Angle.radians(fromDegrees: 30), period: 10),
            pitch: AngleCurve(amplitude: Angle.radians(fromDegrees: 20), period: 14),
            yaw: AngleCurve(amplitude: Angle.radians(fromDegrees: 45), period: 24)
        ),
        shakes: ShakeBursts(
            firstStart: 5, interval: 20, duration: 1, frequency: 6, peak: 3, direction: Vector3(0.8, 0.6, 0)),
        touches: [
            TouchEvent(time: 0.5, .tap(Vector2(90, 150))),
            TouchEvent(time: 1.0, .tap(Vector2(280, 200))),
            TouchEvent(time: 1.5, .tap(Vector2(187.5, 333.5))),
            TouchEvent(time: 2.0, .tap(Vector2(100, 500))),
            TouchEvent(time: 2.5, .tap(Vector2(290, 560))),
            TouchEvent(time: 10, .doubleTap(Vector2(187.5, 333.5))),
            TouchEvent(time: 12, .drag(from: Vector2(187.5, 333.5), to: Vector2(120, 220), duration: 0.8)),
            TouchEvent(time: 15, .pinch(center: Vector2(120, 220), scale: 1.5, duration: 0.6)),
            TouchEvent(time: 18, .rotation(center: Vector2(120, 220), angle: Double.pi / 4, duration: 0.6)),
            TouchEvent(time: 30, .doubleTap(Vector2(187.5, 333.5))),
        ]
    )
}

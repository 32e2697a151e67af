import MotionMath

extension Scenario {
    /// Lying flat in a car's cradle, top toward the front, for a 65 s drive from a standstill facing
    /// north: away up to `speed` m/s, a 90° left turn and a 90° right turn (6 s each at up to 8 m/s,
    /// about 0.2 g sideways), braking to a stop; the engine and the road shake it throughout
    /// (12 Hz and 17 Hz vibration, a 1.7 Hz body bounce).
    public static func car(speed: Double = 14) -> Scenario {
        precondition(speed > 0, "a car drive needs a speed")
        let turnSpeed = min(8, speed)
        let yaw = Heading.yaw(forHeading: 0)
        return Scenario(
            name: "car", summary: "a drive: away, cruise, a left and a right turn, braking; vibration throughout",
            duration: 65,
            orientation: AttitudeTrajectory(yaw: AngleCurve(offset: yaw)),
            route: Route(
                startYaw: yaw,
                legs: [
                    .pause(3),
                    .init(.straight(fromSpeed: 0, toSpeed: speed), duration: 8),
                    .init(.straight(fromSpeed: speed, toSpeed: speed), duration: 10),
                    .init(.straight(fromSpeed: speed, toSpeed: turnSpeed), duration: 4),
                    .init(.arc(speed: turnSpeed, turn: Double.pi / 2), duration: 6),
                    .init(.straight(fromSpeed: turnSpeed, toSpeed: speed), duration: 5),
                    .init(.straight(fromSpeed: speed, toSpeed: speed), duration: 10),
                    .init(.straight(fromSpeed: speed, toSpeed: turnSpeed), duration: 4),
                    .init(.arc(speed: turnSpeed, turn: -Double.pi / 2), duration: 6),
                    .init(.straight(fromSpeed: turnSpeed, toSpeed: 0), duration: 6),
                    .pause(3),
                ]),
            oscillation: Oscillation([
                .init(amplitude: Vector3(0, 0, 0.00005), frequency: 12),
                .init(amplitude: Vector3(0.00002, 0.00002, 0), frequency: 17, phase: 1),
                .init(amplitude: Vector3(0, 0, 0.004), frequency: 1.7, phase: 2),
            ]),
            activity: .automotive
        )
    }
}

import MotionMath

extension Scenario {
    /// Standing 2 s, then walking `steps` steps at `cadence` steps per second and `stride` metres a
    /// step toward heading 30° with a 5 cm bounce, then standing 2 s; the device is held in front,
    /// top forward (see `AttitudeTrajectory.inHand(heading:)`).
    public static func walking(steps: Int = 100, cadence: Double = 1.8, stride: Double = 0.7) -> Scenario {
        stepping(
            name: "walking", summary: "standing, walking N steps at a cadence and stride, standing",
            gaits: { yaw in [Gait(start: 2, steps: steps, cadence: cadence, stride: stride, bounce: 0.05, yaw: yaw)] })
    }

    /// A scenario of one or more walks or runs, held as `walking(steps:cadence:stride:)` says, with
    /// 2 s standing after the last step; `gaits` receives the direction of travel.
    static func stepping(name: String, summary: String, gaits: (Double) -> [Gait]) -> Scenario {
        let gaits = gaits(Heading.yaw(forHeading: 30))
        return Scenario(
            name: name, summary: summary, duration: (gaits.map(\.end).max() ?? 0) + 2,
            orientation: .inHand(heading: 30),
            gaits: gaits
        )
    }
}

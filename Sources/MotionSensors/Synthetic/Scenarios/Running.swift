extension Scenario {
    /// As `walking` but running: standing 2 s, `steps` steps at `cadence` steps per second and
    /// `stride` metres a step with a 9 cm bounce, standing 2 s.
    public static func running(steps: Int = 200, cadence: Double = 2.8, stride: Double = 1.2) -> Scenario {
        stepping(
            name: "running", summary: "standing, running N steps at a cadence and stride, standing",
            gaits: { yaw in
                [Gait(start: 2, steps: steps, cadence: cadence, stride: stride, bounce: 0.09, yaw: yaw, activity: .running)]
            })
    }
}

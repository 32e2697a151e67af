extension Scenario {
    /// The height of one floor, in metres, for the stairs and the lift.
    public static let floorHeight = 3.0

    /// Standing 2 s, climbing `floors` floors of `stepsPerFloor` steps at `cadence` steps per second
    /// (30 cm treads, a 3 cm bounce), pausing 3 s on the landing, then walking down as many on the far
    /// side (straight on, as over a footbridge), standing 2 s; held as `walking` says.
    public static func stairs(floors: Int = 2, stepsPerFloor: Int = 18, cadence: Double = 1.6) -> Scenario {
        let steps = floors * stepsPerFloor
        let riser = floorHeight / Double(stepsPerFloor)
        return stepping(
            name: "stairs", summary: "stairs up some floors, a pause, and down again",
            gaits: { yaw in
                let up = Gait(start: 2, steps: steps, cadence: cadence, stride: 0.3, bounce: 0.03, rise: riser, yaw: yaw)
                let down = Gait(start: up.end + 3, steps: steps, cadence: cadence, stride: 0.3, bounce: 0.03, rise: -riser, yaw: yaw)
                return [up, down]
            })
    }
}

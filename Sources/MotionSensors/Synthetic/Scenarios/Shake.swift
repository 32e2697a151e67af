import MotionMath

extension Scenario {
    /// Held in front (see `AttitudeTrajectory.inHand(heading:)`), facing north, still for 2 s, then
    /// one shake burst of `cycles` swings at `frequency` Hz reaching `peak` g in the screen's plane,
    /// then still for 3 s.
    public static func shake(frequency: Double = 6, cycles: Int = 6, peak: Double = 3) -> Scenario {
        let burst = Double(cycles) / frequency
        return Scenario(
            name: "shake", summary: "held still, one shake burst, still again", duration: 2 + burst + 3,
            orientation: .inHand(heading: 0),
            shakes: ShakeBursts(
                firstStart: 2, interval: .infinity, duration: burst, frequency: frequency, peak: peak,
                direction: Vector3(0.8, 0.6, 0))
        )
    }
}

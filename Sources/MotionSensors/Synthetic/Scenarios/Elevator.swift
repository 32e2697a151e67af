import MotionMath

extension Scenario {
    /// Standing 3 s in a lift, riding up `floors` floors (`floorHeight` each) at up to `speed` m/s,
    /// speeding up and slowing down over 2 s each (about 0.12 g at 1.5 m/s), standing 3 s; the device
    /// held in front (see `AttitudeTrajectory.inHand(heading:)`), facing east.
    public static func elevator(floors: Int = 4, speed: Double = 1.5) -> Scenario {
        precondition(floors > 0 && speed > 0, "a lift ride goes up at least a floor")
        let ramp = 2.0
        let height = Double(floors) * floorHeight
        // Both ramps together cover speed × ramp; a short ride never reaches full speed.
        let topSpeed = min(speed, height / (2 * ramp))
        return Scenario(
            name: "elevator", summary: "a lift ride up several floors",
            duration: 3 + height / topSpeed + ramp + 3,
            orientation: .inHand(heading: 90),
            route: Route(legs: [
                .pause(3),
                .init(.vertical(fromSpeed: 0, toSpeed: topSpeed), duration: ramp),
                .init(.vertical(fromSpeed: topSpeed, toSpeed: topSpeed), duration: height / topSpeed - ramp),
                .init(.vertical(fromSpeed: topSpeed, toSpeed: 0), duration: ramp),
                .pause(3),
            ])
        )
    }
}

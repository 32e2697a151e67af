import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A person carrying the device takes a known number of steps: forward along a fixed direction, the
/// body rising and falling once a step, and, on stairs, climbing or descending a riser each step.
///
/// In step phase `u = cadence·τ` (τ seconds since the first step; step k ends at `u = k`):
/// - bounce: height `b (1 − cos 2πu) / 2`, lowest at each foot strike, where the vertical
///   acceleration `b/2 (2π·cadence)² cos 2πu` peaks upward, as a real gait's does;
/// - stairs: height `r (u − sin 2πu / 2π)`, one riser `r` per step, climbed with no jolt;
/// - forward: speeding up smoothly during the first step, slowing down during the last (see
///   `Kinematics.speedChange`), steady between, covering `steps × stride` in all.
public struct Gait: Hashable, Sendable {
    /// When the first step starts, in seconds.
    public var start: Double
    /// How many steps are taken.
    public var steps: Int
    /// Steps per second.
    public var cadence: Double
    /// Metres forward per step.
    public var stride: Double
    /// How far the body rises and falls each step, peak to peak, in metres.
    public var bounce: Double
    /// Metres climbed per step: a stair's riser, negative going down, 0 on the flat.
    public var rise: Double
    /// The direction of travel, a yaw angle in radians as `EulerAngles.yaw` (0 toward the reference
    /// y axis, counter-clockwise seen from above).
    public var yaw: Double
    /// What the person is doing while stepping: `.walking` or `.running`.
    public var activity: Activity

    /// Creates the gait.
    public init(
        start: Double, steps: Int, cadence: Double, stride: Double, bounce: Double, rise: Double = 0, yaw: Double,
        activity: Activity = .walking
    ) {
        precondition(steps > 0 && cadence > 0, "a gait needs steps at a positive cadence")
        self.start = start
        self.steps = steps
        self.cadence = cadence
        self.stride = stride
        self.bounce = bounce
        self.rise = rise
        self.yaw = yaw
        self.activity = activity
    }

    /// When the last step ends, in seconds.
    public var end: Double { start + Double(steps) / cadence }

    /// Whether the person is stepping at `time`.
    public func isStepping(at time: Double) -> Bool {
        time >= start && time < end
    }

    /// Steps completed by `time`.
    public func stepCount(at time: Double) -> Int {
        guard time > start else { return 0 }
        return min(steps, Int((time - start) * cadence))
    }

    /// When each step ends (the foot strikes, the body at its lowest) before `end` seconds, in time
    /// order: the instants `stepCount(at:)` counts, and the truth a step detector is scored against.
    public func stepTimes(before end: Double) -> [Double] {
        (1...steps).lazy.map { start + Double($0) / cadence }.prefix { $0 < end }.map { $0 }
    }

    /// The body's position, velocity and acceleration at `time` relative to where it stood before the
    /// first step, in the North-West-Up frame.
    public func kinematics(at time: Double) -> Kinematics {
        let elapsed = time - start
        let duration = Double(steps) / cadence
        let forward = Vector3(-sin(yaw), cos(yaw), 0)
        return Kinematics.along(forward, forwardMotion(elapsed: elapsed, duration: duration))
            + Kinematics.along(Vector3(0, 0, 1), verticalMotion(elapsed: elapsed, duration: duration))
    }

    /// Distance, speed and acceleration along the direction of travel.
    private func forwardMotion(elapsed: Double, duration: Double) -> (Double, Double, Double) {
        let ramp = min(1 / cadence, duration / 2)
        // Each ramp covers half the distance the steady speed would in the same time.
        let speed = Double(steps) * stride / (duration - ramp)
        let slowingDown = duration - ramp
        guard elapsed > slowingDown else {
            return Kinematics.speedChange(from: 0, to: speed, over: ramp, elapsed: elapsed)
        }
        let before = Kinematics.speedChange(from: 0, to: speed, over: ramp, elapsed: slowingDown).distance
        let after = Kinematics.speedChange(from: speed, to: 0, over: ramp, elapsed: elapsed - slowingDown)
        return (before + after.distance, after.speed, after.acceleration)
    }

    /// Height, vertical speed and vertical acceleration: the bounce and the stairs.
    private func verticalMotion(elapsed: Double, duration: Double) -> (Double, Double, Double) {
        guard elapsed > 0 else { return (0, 0, 0) }
        guard elapsed < duration else { return (Double(steps) * rise, 0, 0) }
        let phase = cadence * elapsed
        let angle = 2 * Double.pi * phase
        let angularRate = 2 * Double.pi * cadence
        let (sine, cosine) = (sin(angle), cos(angle))
        let half = bounce / 2
        return (
            half * (1 - cosine) + rise * (phase - sine / (2 * Double.pi)),
            half * angularRate * sine + rise * cadence * (1 - cosine),
            half * angularRate * angularRate * cosine + rise * cadence * angularRate * sine
        )
    }
}

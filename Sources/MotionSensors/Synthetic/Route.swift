import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Where a vehicle or a lift carries the device: legs driven one after another (speeding up or
/// slowing down in a straight line, rising or sinking, turning along an arc), each exact in position,
/// velocity and acceleration, in the North-West-Up reference frame.
///
/// The direction of travel is a yaw angle, as `EulerAngles.yaw` (0 toward the reference y axis,
/// growing counter-clockwise seen from above), so a device whose yaw equals it faces forward; arcs
/// turn both, and the scenario adds the turn to the device's yaw. After the last leg, that leg goes
/// on unchanged.
public struct Route: Hashable, Sendable {
    /// One leg of the route.
    public struct Leg: Hashable, Sendable {
        /// How the device moves during a leg.
        public enum Path: Hashable, Sendable {
            /// Straight ahead, horizontally, the speed (m/s) changing smoothly (see
            /// `Kinematics.speedChange`): speeding up, slowing down, or steady when both are equal.
            case straight(fromSpeed: Double, toSpeed: Double)
            /// Straight up (positive speeds, m/s) or down, the speed changing smoothly; no horizontal
            /// motion.
            case vertical(fromSpeed: Double, toSpeed: Double)
            /// Along a circular arc at a steady `speed` (m/s), turning by `turn` radians, positive to the
            /// left (counter-clockwise seen from above).
            case arc(speed: Double, turn: Double)
        }

        /// How the device moves.
        public var path: Path
        /// How long the leg lasts, in seconds.
        public var duration: Double

        /// Creates a leg.
        public init(_ path: Path, duration: Double) {
            precondition(duration > 0, "a route leg must last")
            self.path = path
            self.duration = duration
        }

        /// Standing still for `duration` seconds.
        public static func pause(_ duration: Double) -> Leg {
            Leg(.straight(fromSpeed: 0, toSpeed: 0), duration: duration)
        }

        /// Horizontal and vertical speed at the leg's start and end, to check that legs join.
        var speeds: (start: (Double, Double), end: (Double, Double)) {
            switch path {
            case let .straight(from, to): ((from, 0), (to, 0))
            case let .vertical(from, to): ((0, from), (0, to))
            case let .arc(speed, _): ((speed, 0), (speed, 0))
            }
        }
    }

    /// Where a leg starts: its time, position and direction of travel.
    struct Start: Hashable, Sendable {
        var time: Double
        var position: Vector3
        var yaw: Double
    }

    /// The direction of travel at the start, a yaw angle in radians.
    public let startYaw: Double
    /// The legs, in order.
    public let legs: [Leg]
    /// Each leg's start, worked out once so that a lookup is a short scan.
    let starts: [Start]

    /// Creates the route, starting at time 0 at the origin; each leg must start at the speeds the
    /// previous one ended with, since a jump in speed would need an infinite acceleration.
    public init(startYaw: Double = 0, legs: [Leg]) {
        precondition(!legs.isEmpty, "a route needs a leg")
        self.startYaw = startYaw
        self.legs = legs
        var starts: [Start] = []
        var start = Start(time: 0, position: .zero, yaw: startYaw)
        for (index, leg) in legs.enumerated() {
            if index > 0 {
                let previous = legs[index - 1].speeds.end, next = leg.speeds.start
                precondition(previous == next, "route leg \(index) starts at another speed than leg \(index - 1) ends")
            }
            starts.append(start)
            let end = Self.evaluate(leg, from: start, elapsed: leg.duration)
            start = Start(time: start.time + leg.duration, position: end.kinematics.position, yaw: end.yaw)
        }
        self.starts = starts
    }

    /// When the last leg ends, in seconds.
    public var duration: Double { starts[starts.count - 1].time + legs[legs.count - 1].duration }

    /// The device's position, velocity and acceleration at `time` seconds.
    public func kinematics(at time: Double) -> Kinematics {
        let index = legIndex(at: time)
        return Self.evaluate(legs[index], from: starts[index], elapsed: time - starts[index].time).kinematics
    }

    /// How far the route has turned the device about the vertical since the start (radians, positive
    /// counter-clockwise seen from above), and how fast it is turning at `time` (rad/s).
    public func turn(at time: Double) -> (angle: Double, rate: Double) {
        let index = legIndex(at: time)
        let state = Self.evaluate(legs[index], from: starts[index], elapsed: time - starts[index].time)
        return (state.yaw - startYaw, state.yawRate)
    }

    /// The leg under way at `time`: the last one started by then, or the first before the start.
    private func legIndex(at time: Double) -> Int {
        var index = 0
        while index + 1 < starts.count, starts[index + 1].time <= time { index += 1 }
        return index
    }

    /// The state `elapsed` seconds into `leg`, which started at `start`.
    private static func evaluate(
        _ leg: Leg, from start: Start, elapsed: Double
    ) -> (kinematics: Kinematics, yaw: Double, yawRate: Double) {
        let forward = Vector3(-sin(start.yaw), cos(start.yaw), 0)
        switch leg.path {
        case let .straight(from, to):
            let motion = Kinematics.speedChange(from: from, to: to, over: leg.duration, elapsed: elapsed)
            return (offset(Kinematics.along(forward, motion), by: start.position), start.yaw, 0)
        case let .vertical(from, to):
            let motion = Kinematics.speedChange(from: from, to: to, over: leg.duration, elapsed: elapsed)
            return (offset(Kinematics.along(Vector3(0, 0, 1), motion), by: start.position), start.yaw, 0)
        case let .arc(speed, turn):
            guard turn != 0 else {
                return (offset(Kinematics.along(forward, (speed * elapsed, speed, 0)), by: start.position), start.yaw, 0)
            }
            let rate = turn / leg.duration
            let yaw = start.yaw + rate * elapsed
            let (sine, cosine) = (sin(yaw), cos(yaw))
            // The integral of speed·(−sin ψ, cos ψ) with ψ growing at `rate`.
            let radius = speed / rate
            let position = start.position + Vector3(cosine - cos(start.yaw), sine - sin(start.yaw), 0) * radius
            let kinematics = Kinematics(
                position: position, velocity: Vector3(-sine, cosine, 0) * speed,
                acceleration: Vector3(-cosine, -sine, 0) * (speed * rate))
            return (kinematics, yaw, rate)
        }
    }

    /// `kinematics` moved so that it starts at `origin`.
    private static func offset(_ kinematics: Kinematics, by origin: Vector3) -> Kinematics {
        Kinematics(position: kinematics.position + origin, velocity: kinematics.velocity, acceleration: kinematics.acceleration)
    }
}

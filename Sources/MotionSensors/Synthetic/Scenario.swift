import MotionMath

/// A known trajectory for a virtual device, with its ground truth: how the device turns and moves,
/// where (the Earth's field, the air pressure), what the person carrying it does, and which touches
/// go with it.
///
/// The device's motion superposes its parts: the attitude follows `orientation` (plus a route's
/// turns); the position is the sum of the `route`, the `gaits` and the `oscillation`, all in the
/// North-West-Up reference frame; and `shakes` add user acceleration directly in device axes.
///
/// The command line names a scenario (`synthetic:walking,seed=42`); `named(_:)` finds it with its
/// default parameters, and each scenario's factory (`walking(steps:cadence:stride:)`…) sets them.
public struct Scenario: Hashable, Sendable {
    /// The command-line name, lower-kebab-case.
    public var name: String
    /// One line on what the device does.
    public var summary: String
    /// How long the scenario has something to show, in seconds; it may be run longer or shorter.
    public var duration: Double
    /// How the device turns.
    public var orientation: AttitudeTrajectory
    /// When a hand shakes it, if ever.
    public var shakes: ShakeBursts?
    /// The vehicle or lift carrying it, if any; its turns turn the device too.
    public var route: Route?
    /// The walks or runs of the person carrying it, in time order.
    public var gaits: [Gait]
    /// A periodic motion on top (a hand's figure-eight, a car's vibration), if any.
    public var oscillation: Oscillation?
    /// What the person carrying it does when not stepping.
    public var activity: Activity
    /// The scripted touches, kept in time order.
    public var touches: [TouchEvent] {
        didSet { touches.sort { $0.time < $1.time } }
    }
    /// The Earth's magnetic field where it happens.
    public var earthField: EarthField
    /// The air pressure at sea level, in kPa, which the weather moves by a few kPa.
    public var seaLevelPressure: Double
    /// The height above sea level where the scenario starts, in metres.
    public var startAltitude: Double

    /// Creates a scenario; what is left out does not happen (no shakes, no travel, no touches), in a
    /// French field at sea level under standard pressure.
    public init(
        name: String, summary: String, duration: Double = 60, orientation: AttitudeTrajectory,
        shakes: ShakeBursts? = nil, route: Route? = nil, gaits: [Gait] = [], oscillation: Oscillation? = nil,
        activity: Activity = .stationary, touches: [TouchEvent] = [], earthField: EarthField = .grenoble2026,
        seaLevelPressure: Double = StandardAtmosphere.seaLevelPressure, startAltitude: Double = 0
    ) {
        self.name = name
        self.summary = summary
        self.duration = duration
        self.orientation = orientation
        self.shakes = shakes
        self.route = route
        self.gaits = gaits
        self.oscillation = oscillation
        self.activity = activity
        self.touches = touches.sorted { $0.time < $1.time }
        self.earthField = earthField
        self.seaLevelPressure = seaLevelPressure
        self.startAltitude = startAltitude
    }

    /// Gravity in the reference frame, in g: straight down.
    public static let referenceGravity = Vector3(0, 0, -1)

    /// The true attitude (device to reference frame) at `time` seconds.
    public func attitude(at time: Double) -> Quaternion {
        guard let route else { return orientation.attitude(at: time) }
        return orientation.attitude(at: time, turn: route.turn(at: time).angle)
    }

    /// The true angular rate in device axes at `time`, in rad/s.
    public func angularRate(at time: Double) -> Vector3 {
        guard let route else { return orientation.angularRate(at: time) }
        return orientation.angularRate(at: time, turnRate: route.turn(at: time).rate)
    }

    /// Gravity in device axes at `time`, in g, as `CMDeviceMotion.gravity` reports it: (0, 0, −1)
    /// lying flat, screen up.
    public func gravity(at time: Double) -> Vector3 {
        attitude(at: time).conjugate.rotate(Self.referenceGravity)
    }

    /// Whether the device travels at all (a route, steps or an oscillation).
    public var travels: Bool { route != nil || !gaits.isEmpty || oscillation != nil }

    /// The device's position, velocity and acceleration at `time` in the reference frame, from where
    /// the route and the gaits start: metres, m/s, m/s².
    public func translation(at time: Double) -> Kinematics {
        var state = route?.kinematics(at: time) ?? .rest
        for gait in gaits { state = state + gait.kinematics(at: time) }
        if let oscillation { state = state + oscillation.kinematics(at: time) }
        return state
    }

    /// The acceleration given to the device at `time` (by the hand, the legs, the vehicle), in device
    /// axes, in g, as `CMDeviceMotion.userAcceleration` reports it.
    public func userAcceleration(at time: Double) -> Vector3 {
        userAcceleration(at: time, attitude: attitude(at: time))
    }

    /// `userAcceleration(at:)` for a caller that has the attitude at `time` already.
    func userAcceleration(at time: Double, attitude: Quaternion) -> Vector3 {
        let shaking = shakes?.userAcceleration(at: time) ?? .zero
        guard travels else { return shaking }
        let travelling = translation(at: time).acceleration / PhysicalConstants.standardGravity
        return shaking + attitude.conjugate.rotate(travelling)
    }

    /// Metres above where the device was at the start.
    public func altitude(at time: Double) -> Double {
        guard travels else { return 0 }
        return translation(at: time).position.z - translation(at: 0).position.z
    }

    /// The true air pressure at the device at `time`, in kPa, by the standard atmosphere.
    public func pressure(at time: Double) -> Double {
        StandardAtmosphere.pressure(atAltitude: startAltitude + altitude(at: time), seaLevelPressure: seaLevelPressure)
    }

    /// Steps taken by `time`.
    public func steps(at time: Double) -> Int {
        gaits.reduce(0) { $0 + $1.stepCount(at: time) }
    }

    /// What the person carrying the device does at `time`: a gait's activity while stepping,
    /// `activity` otherwise.
    public func activity(at time: Double) -> Activity {
        gaits.first { $0.isStepping(at: time) }?.activity ?? activity
    }

    /// Everything true at `time`: attitude, headings (see `Heading` for which way counts when the
    /// device is upright), altitude, steps and activity.
    public func truth(at time: Double) -> GroundTruth {
        let attitude = attitude(at: time)
        let trueHeading = Heading.degrees(of: attitude)
        return GroundTruth(
            time: time, attitude: attitude,
            magneticHeading: Angle.wrappedDegrees(trueHeading - earthField.declination), trueHeading: trueHeading,
            altitude: altitude(at: time), steps: steps(at: time), activity: activity(at: time))
    }

    /// Every scenario with its default parameters, in the order `motionbench list` shows them.
    public static let all: [Scenario] = [
        still, slowTilt(), turning(), figureEight(), walking(), running(), stairs(), elevator(), shake(), car(),
        tiltAndShake,
    ]

    /// The scenario called `name`, with its default parameters, if there is one.
    public static func named(_ name: String) -> Scenario? {
        all.first { $0.name == name }
    }
}

import MotionMath

/// A known trajectory for a virtual device, with its ground truth: how the device turns, and when a
/// hand shakes it.
///
/// The command line names a scenario (`synthetic:tilt-and-shake,seed=42`); `named(_:)` finds it.
public struct Scenario: Hashable, Sendable {
    /// The command-line name, lower-kebab-case.
    public var name: String
    /// One line on what the device does.
    public var summary: String
    /// How the device turns.
    public var orientation: AttitudeTrajectory
    /// When a hand shakes it, if ever.
    public var shakes: ShakeBursts?

    /// Creates a scenario.
    public init(name: String, summary: String, orientation: AttitudeTrajectory, shakes: ShakeBursts? = nil) {
        self.name = name
        self.summary = summary
        self.orientation = orientation
        self.shakes = shakes
    }

    /// Gravity in the reference frame, in g: straight down.
    public static let referenceGravity = Vector3(0, 0, -1)

    /// The true attitude (device to reference frame) at `time` seconds.
    @inlinable public func attitude(at time: Double) -> Quaternion {
        orientation.attitude(at: time)
    }

    /// The true angular rate in device axes at `time`, in rad/s.
    @inlinable public func angularRate(at time: Double) -> Vector3 {
        orientation.angularRate(at: time)
    }

    /// Gravity in device axes at `time`, in g, as `CMDeviceMotion.gravity` reports it: (0, 0, −1)
    /// lying flat, screen up.
    @inlinable public func gravity(at time: Double) -> Vector3 {
        attitude(at: time).conjugate.rotate(Self.referenceGravity)
    }

    /// The acceleration the hand gives the device at `time`, in device axes, in g.
    @inlinable public func userAcceleration(at time: Double) -> Vector3 {
        shakes?.userAcceleration(at: time) ?? .zero
    }

    /// Flat on a table, screen up, untouched.
    public static let still = Scenario(
        name: "still", summary: "flat on a table, screen up, untouched", orientation: .flat)

    /// Held in a hand that slowly tilts the device back and forth about x (±30°, 10 s period) and y
    /// (±20°, 14 s), turns it about the vertical (±45°, 24 s), and shakes it for 1 s every 20 s from
    /// 5 s on (6 Hz, 3 g peak, in the screen's plane).
    public static let tiltAndShake = Scenario(
        name: "tilt-and-shake",
        summary: "slow tilts about x and y, turns about the vertical, a 1 s shake every 20 s from 5 s",
        orientation: AttitudeTrajectory(
            roll: AngleCurve(amplitude: Angle.radians(fromDegrees: 30), period: 10),
            pitch: AngleCurve(amplitude: Angle.radians(fromDegrees: 20), period: 14),
            yaw: AngleCurve(amplitude: Angle.radians(fromDegrees: 45), period: 24)
        ),
        shakes: ShakeBursts(
            firstStart: 5, interval: 20, duration: 1, frequency: 6, peak: 3, direction: Vector3(0.8, 0.6, 0))
    )

    /// Every scenario, in the order `motionbench list` shows them.
    public static let all: [Scenario] = [still, tiltAndShake]

    /// The scenario called `name`, if there is one.
    public static func named(_ name: String) -> Scenario? {
        all.first { $0.name == name }
    }
}

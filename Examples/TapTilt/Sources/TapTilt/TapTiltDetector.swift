#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Recognises a tap on the phone followed, within a second, by a tilt: the gesture that, in the app
/// this example imagines, flips a card. Two variants to compare:
///
/// - `threshold`: a tap is the acceleration's size straying from 1 g by more than `tapThreshold`; the
///   tilt is the rotation rate about the screen's axes, integrated. Cheap, and fooled by a gyroscope's
///   bias and by a phone turned about the vertical.
/// - `filtered`: a tap is a spike of the acceleration less its low-passed part (gravity), so holding
///   the phone at an angle does not look like one; the tilt is the angle between the gravity seen now
///   and at the tap, so no drift accumulates. A few more operations a sample.
///
/// Readings are Core Motion's: acceleration in g (flat, screen up: (0, 0, −1)), rotation rate in
/// rad/s. `update` allocates nothing.
public struct TapTiltDetector: Sendable {
    /// The two ways of recognising the gesture.
    public enum Variant: String, CaseIterable, Sendable {
        case threshold, filtered
    }

    /// What makes a tap and a tilt.
    public struct Settings: Sendable {
        /// How far the acceleration must stray to be a tap, g.
        public var tapThreshold = 0.6
        /// How long after a tap the tilt may come, s.
        public var tiltWindow = 1.0
        /// How far the phone must tilt after the tap, degrees.
        public var tiltAngle = 25.0
        /// Low-pass time constant for gravity in the filtered variant, s.
        public var gravityTimeConstant = 0.2

        /// The defaults.
        public init() {}
    }

    /// A tap and tilt recognised.
    public struct Gesture: Equatable, Sendable {
        /// When the tap came, s.
        public var tapTime: Double
        /// When the tilt passed the angle, s.
        public var time: Double
    }

    /// Which way it recognises the gesture.
    public let variant: Variant
    /// What makes a tap and a tilt.
    public let settings: Settings
    /// Gestures recognised so far.
    public private(set) var count = 0
    /// The latest gesture.
    public private(set) var last: Gesture?
    /// How far the phone has tilted since the pending tap, degrees; 0 with no tap pending.
    public private(set) var tilt = 0.0
    /// The latest accelerometer reading, g, which `update(rotationRate:at:)` pairs with a gyroscope
    /// reading: an app reading the two sensors with a handler each keeps it here.
    public var acceleration = SIMD3<Double>(0, 0, -1)

    private var gravity: SIMD3<Double>?
    private var tapTime: Double?
    private var gravityAtTap = SIMD3<Double>(0, 0, -1)
    private var previousTime: Double?

    /// A detector of `variant` with `settings`.
    public init(variant: Variant, settings: Settings = Settings()) {
        self.variant = variant
        self.settings = settings
    }

    /// Takes a gyroscope reading at `time` seconds with the latest `acceleration`; returns the gesture
    /// when this one completes it.
    public mutating func update(rotationRate: SIMD3<Double>, at time: Double) -> Gesture? {
        update(acceleration: acceleration, rotationRate: rotationRate, at: time)
    }

    /// Takes one pair of readings at `time` seconds; returns the gesture when this one completes it.
    public mutating func update(acceleration: SIMD3<Double>, rotationRate: SIMD3<Double>, at time: Double) -> Gesture? {
        let dt = previousTime.map { max(0, time - $0) } ?? 0
        previousTime = time
        let smoothing = dt / (settings.gravityTimeConstant + dt)
        let gravity = self.gravity.map { $0 + (acceleration - $0) * smoothing } ?? acceleration
        self.gravity = gravity
        if let tap = tapTime, time - tap > settings.tiltWindow {
            tapTime = nil
            tilt = 0
        }
        if tapTime == nil {
            if isTap(acceleration, gravity: gravity) {
                tapTime = time
                gravityAtTap = gravity
                tilt = 0
            }
            return nil
        }
        switch variant {
        case .threshold:
            let rate = (rotationRate.x * rotationRate.x + rotationRate.y * rotationRate.y).squareRoot()
            tilt += rate * dt * 180 / .pi
        case .filtered:
            tilt = Self.angleDegrees(gravityAtTap, gravity)
        }
        guard tilt >= settings.tiltAngle, let tap = tapTime else { return nil }
        let gesture = Gesture(tapTime: tap, time: time)
        count += 1
        last = gesture
        tapTime = nil
        tilt = 0
        return gesture
    }

    private func isTap(_ acceleration: SIMD3<Double>, gravity: SIMD3<Double>) -> Bool {
        switch variant {
        case .threshold:
            let size = (acceleration * acceleration).sum().squareRoot()
            return abs(size - 1) > settings.tapThreshold
        case .filtered:
            let jolt = acceleration - gravity
            return (jolt * jolt).sum().squareRoot() > settings.tapThreshold
        }
    }

    private static func angleDegrees(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let sizes = ((a * a).sum() * (b * b).sum()).squareRoot()
        guard sizes > 0 else { return 0 }
        return acos(max(-1, min(1, (a * b).sum() / sizes))) * 180 / .pi
    }
}

import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A hand shaking the device now and then: bursts of user acceleration along one device axis,
/// repeating at a fixed interval.
///
/// Within a burst the device's position swings as `X (1 − cos 2πfτ)`, so its acceleration is
/// `peak·cos 2πfτ`; over whole cycles the device ends where and as still as it started.
public struct ShakeBursts: Hashable, Sendable {
    /// When the first burst starts, in seconds.
    public var firstStart: Double
    /// Seconds from one burst's start to the next's.
    public var interval: Double
    /// How long each burst lasts, in seconds; a whole number of cycles of `frequency`.
    public var duration: Double
    /// How fast the hand swings, in Hz.
    public var frequency: Double
    /// The largest user acceleration, in g.
    public var peak: Double
    /// The unit direction of the swing, in device axes.
    public var direction: Vector3

    /// Creates the schedule; `direction` is normalized.
    public init(firstStart: Double, interval: Double, duration: Double, frequency: Double, peak: Double, direction: Vector3) {
        precondition(interval > duration, "shake bursts would overlap")
        self.firstStart = firstStart
        self.interval = interval
        self.duration = duration
        self.frequency = frequency
        self.peak = peak
        self.direction = direction.normalized
    }

    /// The user acceleration at `time` in device axes, in g: zero between bursts.
    @inlinable public func userAcceleration(at time: Double) -> Vector3 {
        guard time >= firstStart else { return .zero }
        let sinceStart = (time - firstStart).truncatingRemainder(dividingBy: interval)
        guard sinceStart < duration else { return .zero }
        return direction * (peak * cos(2 * Double.pi * frequency * sinceStart))
    }

    /// The start times of the bursts that begin before `end` seconds: the ground truth a shake
    /// detector is scored against.
    public func starts(before end: Double) -> [Double] {
        Array(sequence(first: firstStart) { $0 + interval }.prefix { $0 < end })
    }
}

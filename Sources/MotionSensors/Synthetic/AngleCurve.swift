#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// One angle of a synthetic trajectory as a smooth function of time:
/// `offset + rate·t + amplitude·sin(2π t / period + phase)`, in radians.
///
/// A steady turn and a back-and-forth sweep cover the scenarios so far, and the derivative is exact,
/// so gyroscope readings need no numerical differentiation.
public struct AngleCurve: Hashable, Sendable {
    /// The angle at t = 0 when the phase is 0, in radians.
    public var offset: Double
    /// A steady turn, in rad/s.
    public var rate: Double
    /// The sweep's half-range, in radians.
    public var amplitude: Double
    /// The sweep's angular frequency 2π / period, in rad/s (0 for no sweep).
    public var angularFrequency: Double
    /// The sweep's phase at t = 0, in radians.
    public var phase: Double

    /// Creates the curve; `period` is the sweep's period in seconds (infinite for none).
    public init(offset: Double = 0, rate: Double = 0, amplitude: Double = 0, period: Double = .infinity, phase: Double = 0) {
        self.offset = offset
        self.rate = rate
        self.amplitude = amplitude
        self.angularFrequency = 2 * Double.pi / period
        self.phase = phase
    }

    /// An angle that never changes.
    public static let constant = AngleCurve()

    /// The angle at `time` seconds, in radians.
    @inlinable public func value(at time: Double) -> Double {
        offset + rate * time + amplitude * sin(angularFrequency * time + phase)
    }

    /// The angle's rate of change at `time` seconds, in rad/s.
    @inlinable public func derivative(at time: Double) -> Double {
        rate + amplitude * angularFrequency * cos(angularFrequency * time + phase)
    }
}

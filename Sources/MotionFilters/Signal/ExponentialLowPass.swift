import MotionMath

/// The exponential moving average every iOS sensor sample code uses, per axis:
/// `y ← y + α (x − y)`.
///
/// It is the discrete RC low-pass: with sample interval `dt = 1 / rate` and time constant
/// `RC = 1 / (2π fc)`, `α = dt / (RC + dt)`. The gain at `fc` is −3 dB only when `fc ≪ rate`
/// (at `fc` = rate / 10 it is 0.62, not 0.71).
///
/// The first input sets the output, so the filter starts settled instead of rising from zero (which
/// would read as a violent jolt to anything watching the output).
public struct ExponentialLowPass: Hashable, Sendable {
    /// The smoothing factor in (0, 1]: the weight of the newest input.
    public let alpha: Double
    /// The latest output; zero before the first input.
    public var value: Vector3 { output }
    /// Whether an input has arrived yet.
    public var isPrimed: Bool { primed }
    // Stored under other names so that the inlinable `update` may set them (an inlinable body
    // cannot use a private setter), while clients still only read `value` and `isPrimed`.
    @usableFromInline var output = Vector3.zero
    @usableFromInline var primed = false

    /// Creates the filter from its smoothing factor.
    public init(alpha: Double) {
        precondition(alpha > 0 && alpha <= 1, "alpha \(alpha) is outside (0, 1]")
        self.alpha = alpha
    }

    /// Creates the filter whose RC analogue has corner frequency `cutoff` Hz at `sampleRate` Hz.
    public init(cutoff: Double, sampleRate: Double) {
        self.init(alpha: Self.alpha(cutoff: cutoff, sampleRate: sampleRate))
    }

    /// The smoothing factor `dt / (RC + dt)` for a corner frequency `cutoff` Hz at `sampleRate` Hz.
    public static func alpha(cutoff: Double, sampleRate: Double) -> Double {
        let interval = 1 / sampleRate
        let timeConstant = 1 / (2 * Double.pi * cutoff)
        return interval / (timeConstant + interval)
    }

    /// Filters one input and returns the new output.
    @inlinable @discardableResult public mutating func update(_ input: Vector3) -> Vector3 {
        if primed {
            output += (input - output) * alpha
        } else {
            output = input
            primed = true
        }
        return output
    }
}

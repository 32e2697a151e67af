import MotionMath

/// Gravity removal as iOS sample code does it: the input minus its exponential low-pass, which
/// leaves the fast changes (user acceleration) and drops the slow ones (gravity, tilt).
public struct HighPass: Hashable, Sendable {
    /// The slow part being removed: for an accelerometer, the gravity estimate.
    public private(set) var lowPass: ExponentialLowPass

    /// Creates the filter removing what an `ExponentialLowPass` of the same `cutoff` would pass.
    public init(cutoff: Double, sampleRate: Double) {
        lowPass = ExponentialLowPass(cutoff: cutoff, sampleRate: sampleRate)
    }

    /// Filters one input and returns the new output; the first output is zero.
    @discardableResult public mutating func update(_ input: Vector3) -> Vector3 {
        input - lowPass.update(input)
    }
}

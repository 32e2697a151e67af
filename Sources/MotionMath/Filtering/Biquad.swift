/// A second-order IIR section applied to each axis of a vector, in direct form II transposed (two
/// state vectors, good numerical behaviour in Double):
/// `y = b0 x + b1 x₋₁ + b2 x₋₂ − a1 y₋₁ − a2 y₋₂`, with a0 normalized to 1.
///
/// Like `ExponentialLowPass`, it starts settled on its first input (the state a constant input would
/// have left), so a filter switched on mid-signal does not ring.
public struct Biquad: Hashable, Sendable {
    /// Feed-forward coefficients.
    public let b0, b1, b2: Double
    /// Feedback coefficients (a0 = 1).
    public let a1, a2: Double

    // Internal rather than private so that the inlinable `update` may use them.
    @usableFromInline var state1 = Vector3.zero
    @usableFromInline var state2 = Vector3.zero
    @usableFromInline var isPrimed = false

    /// Creates the section from normalized coefficients.
    public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.a1 = a1
        self.a2 = a2
    }

    /// The gain at 0 Hz.
    @inlinable public var dcGain: Double { (b0 + b1 + b2) / (1 + a1 + a2) }

    /// Filters one input and returns the new output.
    @inlinable @inline(__always) @discardableResult public mutating func update(_ input: Vector3) -> Vector3 {
        if !isPrimed {
            // The state after a constant input `input` forever: output dcGain × input.
            let output = input * dcGain
            state2 = input * b2 - output * a2
            state1 = input * b1 - output * a1 + state2
            isPrimed = true
        }
        let output = input * b0 + state1
        state1 = input * b1 - output * a1 + state2
        state2 = input * b2 - output * a2
        return output
    }
}

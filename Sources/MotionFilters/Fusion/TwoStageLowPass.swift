import MotionMath

/// Two first-order low-passes in series, each with half the time constant: a critically damped
/// second-order low-pass, which rejects a walk's periodic accelerations far better than one stage
/// and settles in about `timeConstant` after a step. Each stage is `y += dt / (τ/2 + dt) · (x − y)`,
/// so the samples may come at any interval; the first input sets both stages. The gain is an
/// argument, so that filters sharing an interval and a time constant compute it once.
struct TwoStageLowPass: Hashable, Sendable {
    private(set) var value = Vector3.zero
    private var first = Vector3.zero
    private var primed = false

    /// Each stage's gain for an input `dt` seconds after the previous one and time constant
    /// `timeConstant` seconds.
    @inline(__always) static func gain(dt: Double, timeConstant: Double) -> Double {
        dt / (0.5 * timeConstant + dt)
    }

    /// Filters `input` with each stage's `gain` (`gain(dt:timeConstant:)`).
    @inline(__always) mutating func update(_ input: Vector3, gain: Double) -> Vector3 {
        guard primed else {
            primed = true
            first = input
            value = input
            return value
        }
        first += (input - first) * gain
        value += (first - value) * gain
        return value
    }
}

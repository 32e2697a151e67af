import MotionMath

/// Two first-order low-passes in series, each with half the time constant: a critically damped
/// second-order low-pass, which rejects a walk's periodic accelerations far better than one stage
/// and settles in about `timeConstant` after a step. Each stage is `y += dt / (τ/2 + dt) · (x − y)`,
/// so the samples may come at any interval; the first input sets both stages.
struct TwoStageLowPass: Hashable, Sendable {
    private(set) var value = Vector3.zero
    private var first = Vector3.zero
    private var primed = false

    /// Filters `input`, `dt` seconds after the previous one, with time constant `timeConstant` seconds.
    @inline(__always) mutating func update(_ input: Vector3, dt: Double, timeConstant: Double) -> Vector3 {
        guard primed else {
            primed = true
            first = input
            value = input
            return value
        }
        let alpha = dt / (0.5 * timeConstant + dt)
        first += (input - first) * alpha
        value += (first - value) * alpha
        return value
    }
}

/// What the contact solver reads and writes of one body during a step, in single precision and
/// packed into two four-lane vectors, so a pass over the contacts touches little memory and four
/// bodies load as a 4 × 4 transpose: velocities, and how far the body has moved and turned since
/// the step began (the contacts' gaps are re-measured from these, not from the geometry). Masses
/// live in the contacts, so the canvas edges are a body like any other that no contact can move.
struct SolverBody {
    /// Points per second (x, y), radians per second, and the turn since the step began, radians,
    /// unwrapped.
    var velocity: SIMD4<Float>
    /// Translation since the step began, points (x, y), and the rotation since then as its cosine
    /// and sine.
    var motion = SIMD4<Float>(0, 0, 1, 0)

    /// The solver's view of a body moving at `velocity` and `angularVelocity` when the step begins.
    init(velocityX: Float, velocityY: Float, angularVelocity: Float) {
        velocity = SIMD4(velocityX, velocityY, angularVelocity, 0)
    }

    /// The canvas edges: never moving.
    static let edges = SolverBody(velocityX: 0, velocityY: 0, angularVelocity: 0)

    /// Turn since the step began, radians.
    var turn: Float { velocity[3] }

    /// Moves and turns the body by its velocities over `h` seconds.
    @inline(__always) mutating func integratePosition(_ h: Float) {
        let turn = velocity[2] * h
        motion[0] += velocity[0] * h
        motion[1] += velocity[1] * h
        velocity[3] += turn
        // The rotation advanced by a small turn, renormalised (Box2D's b2IntegrateRotation).
        let c = motion[2] - motion[3] * turn, s = motion[3] + motion[2] * turn
        let scale = 1 / (c * c + s * s).squareRoot()
        motion[2] = c * scale
        motion[3] = s * scale
    }
}

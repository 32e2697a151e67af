#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// How a soft contact pushes overlapping bodies apart: as a damped spring of a given frequency
/// rather than by a share of the overlap per iteration (Box2D v3's "soft step"), so the push does
/// not depend on how many passes the solver makes and cannot add energy.
///
/// From the spring's angular frequency ω, damping ratio ζ and the substep h (Catto, "Solver2D"):
/// the velocity bias is `biasRate × separation`; an impulse is scaled by `massScale` and loses
/// `impulseScale` of the impulse accumulated so far.
struct Softness {
    /// Per second: how fast an overlap is pushed out.
    var biasRate: Double
    /// The share of the rigid impulse the spring applies.
    var massScale: Double
    /// The share of the accumulated impulse the spring lets go each pass.
    var impulseScale: Double

    /// The rigid constraint: no bias, full mass, nothing let go.
    static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)

    /// A spring of `hertz` and `dampingRatio` over substeps of `h` seconds.
    init(hertz: Double, dampingRatio: Double, h: Double) {
        guard hertz > 0 else {
            self = .rigid
            return
        }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * dampingRatio + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }

    private init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate
        self.massScale = massScale
        self.impulseScale = impulseScale
    }
}

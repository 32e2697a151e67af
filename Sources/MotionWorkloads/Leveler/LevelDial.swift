#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The level's dial as UIKit Dynamics moved it: a square view pinned at its centre, so it can only
/// turn, tugged by a spring (`UIAttachmentBehavior` with `frequency` and `damping`) from the top
/// centre of its rim toward an anchor `anchorGap` points beyond the rim in the direction of the
/// target angle, and slowed by `angularResistance` (`UIDynamicItemBehavior`).
///
/// What the constants mean, read the way Box2D (the engine under UIKit Dynamics) reads them:
/// - The attachment is a zero-length spring-damper between the rim point p and the anchor A, made
///   soft by frequency f and damping ratio ζ: along its axis u = (p − A)/|p − A| it pulls with
///   stiffness k = m_eff (2πf)² and damping c = 2 m_eff ζ (2πf), where m_eff is the dial's mass seen
///   along u, 1 / (1/m + ℓ²/I), ℓ = r × u being the lever of u about the pin. This is what makes
///   the frequency independent of the view's size: the mass cancels.
/// - The pin takes the spring's push on the centre; what is left is a torque ℓ F about it.
/// - Angular resistance is angular damping: the angular velocity shrinks by 1 / (1 + h·2.0) per
///   step of h seconds, about e^{−2t}.
///
/// With the anchor 4 points beyond a 150-point radius, the spring at rest lies along the radius: its
/// tension, not its stretch, turns the dial back (a pendulum's restoring force), and its damper,
/// which only resists changes of its own length, barely acts. Near rest the dial is therefore a
/// linear oscillator with natural frequency ω_n = 2πf √(R (R + 4) / (I/m)) ≈ 3.90 rad/s (0.62 Hz)
/// and damping ratio ζ_n = 2.0 / (2 ω_n) ≈ 0.26, from the angular resistance alone. Turned by more
/// than a few degrees, the spring lies across the rim and its damper works in full, so a real tilt
/// swings in nearly critically damped and overshoots by well under a degree before settling in
/// about two and a half seconds: the level app's "overshoots a little and settles".
///
/// Integrated as Box2D steps: velocity from the spring, then the angular damping, then the angle
/// (semi-implicit Euler), at the display rate. Angles are in radians, clockwise on the screen from
/// straight up (as a `UIView` rotation transform reads), and not wrapped: the spring acts through
/// the sine of the difference, so the dial takes the short way round when the target wraps.
public struct LevelDial: Hashable, Sendable {
    /// The dial's geometry and the behaviours' constants.
    public struct Parameters: Hashable, Sendable {
        /// The dial's radius (half its side), in points.
        public var radius: Double
        /// How far beyond the rim the anchor sits, in points.
        public var anchorGap: Double
        /// The attachment's `frequency`, in Hz.
        public var frequency: Double
        /// The attachment's `damping`, a damping ratio.
        public var damping: Double
        /// The item behaviour's `angularResistance`, per second.
        public var angularResistance: Double

        /// Creates the constants.
        public init(radius: Double, anchorGap: Double, frequency: Double, damping: Double, angularResistance: Double) {
            self.radius = radius
            self.anchorGap = anchorGap
            self.frequency = frequency
            self.damping = damping
            self.angularResistance = angularResistance
        }

        /// The level app's: damping 0.7, 0.5 Hz, anchor 4 points out, angular resistance 2.0,
        /// on a 300-point dial (the 375-point canvas less margins).
        public static let level = Parameters(radius: 150, anchorGap: 4, frequency: 0.5, damping: 0.7, angularResistance: 2)

        /// The moment of inertia per unit mass of the square view about its centre, side² / 6, in points².
        public var inertiaPerMass: Double { 2 * radius * radius / 3 }

        /// The spring's angular frequency 2πf, in rad/s.
        public var springAngularFrequency: Double { 2 * Double.pi * frequency }

        /// The natural frequency of small swings about rest, in rad/s (see the type's documentation).
        public var restingNaturalFrequency: Double {
            springAngularFrequency * (radius * (radius + anchorGap) / inertiaPerMass).squareRoot()
        }

        /// The damping ratio of small swings about rest: the angular resistance's alone.
        public var restingDampingRatio: Double { angularResistance / (2 * restingNaturalFrequency) }
    }

    /// The constants.
    public let parameters: Parameters
    /// Where the dial points, in radians clockwise from up.
    public private(set) var angle: Double
    /// How fast it turns, in radians per second, clockwise.
    public private(set) var angularVelocity = 0.0
    /// The direction of the anchor, in radians clockwise from up: where the dial is tugged.
    public var target: Double

    /// Creates the dial at rest pointing at `angle`, with the anchor in the same direction.
    public init(parameters: Parameters = .level, angle: Double = 0) {
        self.parameters = parameters
        self.angle = angle
        target = angle
    }

    /// Advances the dial by `interval` seconds, one step.
    public mutating func step(over interval: Double) {
        let radius = parameters.radius, reach = radius + parameters.anchorGap
        let omega = parameters.springAngularFrequency
        let offset = angle - target
        // The spring's length |p − A| (never below the gap) and the lever of its axis about the pin.
        let length = (radius * radius + reach * reach - 2 * radius * reach * cos(offset)).squareRoot()
        let lever = radius * reach * sin(offset) / length
        // ℓ F / I with F = −m_eff (ω² |p − A| + 2ζω ℓ φ̇) and m_eff / I = 1 / (I/m + ℓ²); ℓ |p − A| = R (R + gap) sin δ.
        let spring =
            -(omega * omega * radius * reach * sin(offset) + 2 * parameters.damping * omega * lever * lever * angularVelocity)
            / (parameters.inertiaPerMass + lever * lever)
        angularVelocity += interval * spring
        angularVelocity /= 1 + interval * parameters.angularResistance
        angle += interval * angularVelocity
    }
}

/// The constants of the simulation, in points and seconds.
///
/// The solver's are Box2D v3's (4 substeps; contacts as springs of damping ratio 10, pushing out
/// at most 3 m/s), with stiffer contacts: a quarter of the substep rate rather than Box2D's 30 Hz,
/// so a pile of a thousand shapes of equal density stands with less overlap. Box2D's lengths are tuned for bodies of 0.1 to 10 m; ours are 9 to
/// 100 points, at 100 points to the metre.
public struct PhysicsSettings: Hashable, Sendable {
    /// Bounciness of every collision, shape on shape and shape on edge: the share of the approach
    /// speed kept after impact (`UIDynamicItemBehavior.elasticity`). 0.5: bouncy, yet a dropped
    /// shape settles within about a second.
    public var elasticity = 0.5
    /// Coulomb friction coefficient (`UIDynamicItemBehavior.friction`); enough that a pile holds on
    /// a gently tilted screen.
    public var friction = 0.4
    /// Approach speeds below this do not bounce, points per second: six frames of free fall at
    /// 1000 points/s², so resting shapes do not jitter (Box2D's 1 m/s).
    public var restitutionThreshold = 100.0
    /// Passes of restitution at the end of a step. Box2D makes one; the two points of a square
    /// landing flat then bounce one after the other and set it spinning, while a few passes agree
    /// on a bounce that keeps it level.
    public var restitutionIterations = 4
    /// Box2D's length scale for "close enough", points: the narrow phase switches two squares'
    /// reference face only when the other separates better by a tenth of it, so it does not flicker.
    public var linearSlop = 0.2
    /// Gap below which contacts are kept ahead of impact, points, on top of the distance the two
    /// bodies can close in a step; contacts persisting across steps carry their impulses over.
    public var contactMargin = 0.5
    /// How far the broad phase's bounds reach beyond each body, points (Box2D's 0.1 m): its pairs
    /// are kept until a body moves out of its bounds.
    public var broadPhaseMargin = 10.0
    /// Solver substeps per step: each applies gravity, solves the contacts, moves the bodies and
    /// relaxes.
    public var substeps = 4
    /// The stiffness of a contact between two bodies, as a spring's frequency in hertz; capped at a
    /// quarter of the substep rate, and doubled against an edge, which cannot give.
    public var contactHertz = 60.0
    /// The contact spring's damping ratio: well over 1, so an overlap is pushed out without
    /// overshooting.
    public var contactDampingRatio = 10.0
    /// The fastest an overlap is pushed out, points per second (Box2D's 3 m/s).
    public var maximumPushSpeed = 300.0
    /// The farthest a body moves in one step, points, so a flung shape cannot jump across others.
    public var maximumTranslation = 50.0
    /// The most a body turns in one step, radians (Box2D's quarter turn).
    public var maximumRotation = Double.pi / 4

    /// Creates the standard settings.
    public init() {}
}

/// The constants of the simulation, in points and seconds.
///
/// The solver's are Box2D's (the engine family behind UIKit Dynamics, and the reference cost in
/// WORKLOADS.md): 8 velocity and 3 position iterations, Baumgarte factor 0.2. Box2D's lengths are
/// tuned for bodies of 0.1 to 10 m; ours are 9 to 100 points, so its 0.005 m slop becomes 0.2 points.
public struct PhysicsSettings: Hashable, Sendable {
    /// Bounciness of every collision, shape on shape and shape on edge: the share of the approach
    /// speed kept after impact (`UIDynamicItemBehavior.elasticity`). 0.5: bouncy, yet a dropped
    /// shape settles within about a second.
    public var elasticity = 0.5
    /// Coulomb friction coefficient (`UIDynamicItemBehavior.friction`); enough that a pile holds on
    /// a gently tilted screen.
    public var friction = 0.4
    /// Approach speeds below this do not bounce, points per second: six frames of free fall at
    /// 1000 points/s², so resting shapes do not jitter (Box2D's 1 m/s, scaled).
    public var restitutionThreshold = 100.0
    /// Overlap tolerated at rest, points: correcting it away would make stacks jitter.
    public var linearSlop = 0.2
    /// Share of an overlap removed per position iteration.
    public var baumgarte = 0.2
    /// The largest correction one position iteration makes at one contact, points.
    public var maximumCorrection = 4.0
    /// Gap below which contacts are kept ahead of impact, points, on top of the distance the two
    /// bodies can close in a step; contacts persisting across steps carry their impulses over.
    public var contactMargin = 0.5
    /// Sequential-impulse passes over the contacts per step.
    public var velocityIterations = 8
    /// Overlap-correction passes per step.
    public var positionIterations = 3
    /// The farthest a body moves in one step, points, so a flung shape cannot jump across others.
    public var maximumTranslation = 50.0
    /// The most a body turns in one step, radians (Box2D's quarter turn).
    public var maximumRotation = Double.pi / 4

    /// Creates the standard settings.
    public init() {}
}

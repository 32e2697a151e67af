/// The two shapes of the gravity-shapes exercise: square views, and views with a corner radius of
/// half their side, which UIKit Dynamics collides as circles (`collisionBoundsType = .ellipse`).
public enum ShapeKind: Hashable, Sendable, CaseIterable {
    /// A square that turns (collided as an oriented box).
    case square
    /// A circle.
    case circle
}

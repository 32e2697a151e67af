/// What `EllipsoidFit` found: the points lie on an ellipsoid that `correction · (point − offset)`
/// maps onto the sphere of `radius` about the origin. For a magnetometer, `offset` is the hard-iron
/// field and `correction` the soft-iron correction.
public struct FittedEllipsoid: Hashable, Sendable {
    /// Which unknowns the fit solved for.
    public enum Kind: String, Hashable, Sendable {
        /// Centre and shape (9 unknowns): `correction` was fitted.
        case ellipsoid
        /// Centre and radius only (4 unknowns): `correction` was given, the identity for a sphere.
        case offsetOnly = "offset-only"
    }

    /// Which unknowns the fit solved for.
    public var kind: Kind
    /// The ellipsoid's centre, in the points' unit.
    public var offset: Vector3
    /// A symmetric matrix with determinant 1 (for a fitted shape) taking the ellipsoid, once
    /// centred, onto a sphere; determinant 1 so it reshapes without rescaling.
    public var correction: Matrix3
    /// The sphere's radius, in the points' unit: for a fitted shape, the geometric mean of the
    /// ellipsoid's semi-axes.
    public var radius: Double
    /// The root-mean-square of `|correction · (point − offset)| / radius − 1` over the points, to
    /// first order (from the algebraic residual, which the normal equations give without the points):
    /// 0.01 means the corrected points lie within about 1 % of the sphere.
    public var residual: Double
    /// How well the points surround the centre: the smallest variance of the points along any
    /// direction, over radius². On a sphere, 1/3 when they cover it evenly, 1/12 for an even
    /// hemisphere, 0 for a ring (all in one plane); less on a flattened ellipsoid (the variance is
    /// of the points as given, which a wrongly fitted shape cannot inflate).
    public var coverage: Double

    /// Creates a fit's result.
    public init(kind: Kind, offset: Vector3, correction: Matrix3, radius: Double, residual: Double, coverage: Double) {
        self.kind = kind
        self.offset = offset
        self.correction = correction
        self.radius = radius
        self.residual = residual
        self.coverage = coverage
    }

    /// `point` with the offset removed and the shape corrected: on the sphere of `radius` about the
    /// origin when the point lies on the ellipsoid.
    @inlinable public func corrected(_ point: Vector3) -> Vector3 {
        correction * (point - offset)
    }
}

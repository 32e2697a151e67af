#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A least-squares ellipsoid (or sphere) through 3-D points, kept as running sums so it works on a
/// stream as well as a recording: `add` costs a few dozen multiply-adds and allocates nothing, and
/// no point is stored.
///
/// The maths. A quadric is `f(p) = vᵀ d(p) = 0` with the ten terms
/// `d = (x², y², z², xy, xz, yz, x, y, z, 1)`. `add` accumulates the scatter `S = Σ w d dᵀ` (55
/// distinct sums), from which the algebraic error `Σ w f² = vᵀ S v` of any coefficients follows.
/// - `solveEllipsoid` minimises it subject to `a + b + c = 1` (the trace of the quadratic part;
///   a linear constraint that, unlike fixing the constant term, does not depend on where the origin
///   is and allows any ellipsoid). Substituting `c = 1 − a − b` leaves nine free coefficients and
///   9×9 normal equations, solved by Cholesky. With `A` the symmetric matrix of the quadratic part,
///   `g` the linear part and `j` the constant, `f(p) = (p − o)ᵀ A (p − o) − k` with centre
///   `o = −½ A⁻¹ g` and `k = oᵀ A o − j`; an ellipsoid needs `A` positive definite and `k > 0`.
///   Then `W = √A / det(A)^(1/6)` (symmetric, determinant 1, from a Jacobi eigendecomposition) and
///   `r = √k / det(A)^(1/6)` give `|W (p − o)| = r`.
/// - `solveOffset` fixes the quadratic part to `Wᵀ W` for a known correction `W` (the identity: a
///   sphere) and solves the 4×4 normal equations for `g` and `j`: 4 unknowns, which far fewer
///   orientations constrain than the ellipsoid's 9.
///
/// Sums are taken about the first point added, not the origin: a magnetometer's readings sit some
/// 300 µT from the origin on a sphere of 40, and centring keeps the terms from nearly coinciding;
/// the solver also scales the normal equations to a unit diagonal, since the terms' units differ.
public struct EllipsoidFit: Hashable, Sendable {
    /// A belief about the centre, from an earlier calibration, that `solveOffset` blends with the
    /// points: it counts as `weight` points spread evenly around a sphere of `radius` about `offset`.
    public struct Prior: Hashable, Sendable {
        /// The centre believed.
        public var offset: Vector3
        /// The radius it was fitted with, which sets how much a shift of the centre costs.
        public var radius: Double
        /// How many evenly spread points the belief is worth.
        public var weight: Double

        /// Creates a prior.
        public init(offset: Vector3, radius: Double, weight: Double) {
            self.offset = offset
            self.radius = radius
            self.weight = weight
        }
    }

    /// The smallest coverage (see `FittedEllipsoid.coverage`) at which `solve` trusts a fitted
    /// shape: more than an even hemisphere (1/12). Nine unknowns need most of the sphere; the tyrex
    /// calibration recording, turned through many orientations, reaches 0.155, while walking with a
    /// phone in hand reaches 0.03–0.07 and its fitted shapes are wrong by tens of per cent.
    public static let minimumEllipsoidCoverage = 0.1
    /// The smallest coverage at which `solve` trusts a centre alone (a sphere fit). The walking
    /// trials of the tyrex recordings reach 0.03–0.07 and put the centre 5–9 µT from the calibration
    /// recording's (a sphere ignores the few per cent of soft iron); texting (phone held flat,
    /// readings near one ring) stays under 0.01 and the trouser pocket under 0.02, where sphere fits
    /// are more than 10 µT off (against the centre the optical ground truth implies).
    public static let minimumOffsetCoverage = 0.02

    private var scatter = PackedSymmetricMatrix(size: 10)
    private var reference: Vector3?

    /// An empty fit.
    public init() {}

    /// The total weight of the points added (their number, when each weighs 1).
    public var totalWeight: Double { scatter[9, 9] }

    /// Adds a point with a weight (1 unless some points should count more).
    /// Points with a non-finite coordinate, and non-positive weights, are ignored.
    public mutating func add(_ point: Vector3, weight: Double = 1) {
        guard point.x.isFinite, point.y.isFinite, point.z.isFinite, weight > 0, weight.isFinite else { return }
        let reference = self.reference ?? point
        self.reference = reference
        let q = point - reference
        let terms = SIMD16<Double>(
            q.x * q.x, q.y * q.y, q.z * q.z, q.x * q.y, q.x * q.z, q.y * q.z, q.x, q.y, q.z, 1,
            0, 0, 0, 0, 0, 0
        )
        scatter.addOuterProduct(of: terms, weight: weight)
    }

    /// The fit the points support, by this rule: the full ellipsoid when its coverage is at least
    /// `minimumEllipsoidCoverage`; else the sphere (offset only) when its coverage is at least
    /// `minimumOffsetCoverage`; else nil, the points being too few or too close to a plane.
    public func solve() -> FittedEllipsoid? {
        if let ellipsoid = solveEllipsoid(), ellipsoid.coverage >= Self.minimumEllipsoidCoverage { return ellipsoid }
        if let sphere = solveOffset(), sphere.coverage >= Self.minimumOffsetCoverage { return sphere }
        return nil
    }

    /// The best ellipsoid, centre and shape, whatever the coverage; nil when the points do not
    /// determine the nine unknowns (fewer than nine, in a plane, all equal) or the best quadric is
    /// not an ellipsoid.
    public func solveEllipsoid() -> FittedEllipsoid? {
        guard let reference else { return nil }
        // Unknowns θ = (a, b, d, e, f, g₁, g₂, g₃, j); c = 1 − a − b. The error term of a point is
        // uᵀθ + z², with u = (x² − z², y² − z², xy, xz, yz, x, y, z, 1): a 9×9 system.
        func u(_ index: Int) -> SIMD16<Double> {
            var weights = SIMD16<Double>()
            switch index {
            case 0:
                weights[0] = 1
                weights[2] = -1
            case 1:
                weights[1] = 1
                weights[2] = -1
            default: weights[index + 1] = 1
            }
            return weights
        }
        var zSquared = SIMD16<Double>()
        zSquared[2] = 1
        var normal = PackedSymmetricMatrix(size: 9)
        var rhs = SIMD16<Double>()
        for row in 0..<9 {
            for column in 0...row { normal[row, column] = scatter.bilinearForm(u(row), u(column)) }
            rhs[row] = -scatter.bilinearForm(u(row), zSquared)
        }
        guard let theta = normal.solve(rhs) else { return nil }
        let coefficients = SIMD16<Double>(
            theta[0], theta[1], 1 - theta[0] - theta[1], theta[2], theta[3], theta[4], theta[5], theta[6], theta[7], theta[8],
            0, 0, 0, 0, 0, 0
        )
        let quadratic = Matrix3(
            rows: Vector3(coefficients[0], coefficients[3] / 2, coefficients[4] / 2),
            Vector3(coefficients[3] / 2, coefficients[1], coefficients[5] / 2),
            Vector3(coefficients[4] / 2, coefficients[5] / 2, coefficients[2])
        )
        let eigen = SymmetricEigendecomposition(quadratic)
        guard eigen.values.x > 0 else { return nil }
        let linear = Vector3(coefficients[6], coefficients[7], coefficients[8])
        let centre = eigen.matrix(mappingValues: { 1 / $0 }) * linear * -0.5
        let k = centre.dot(quadratic * centre) - coefficients[9]
        guard k > 0 else { return nil }
        let determinantRoot = pow(eigen.values.x * eigen.values.y * eigen.values.z, 1.0 / 6)
        let correction = eigen.matrix(mappingValues: { $0.squareRoot() / determinantRoot })
        let radius = k.squareRoot() / determinantRoot
        return result(
            .ellipsoid, centre: centre, reference: reference, correction: correction, radius: radius,
            coefficients: coefficients, k: k, prior: nil)
    }

    /// The best centre for a known shape: the points are taken to satisfy
    /// `|correction · (p − offset)| = radius` and only the offset and radius are solved for (the
    /// identity `correction`: a sphere fit, hard iron only). With a `prior`, the centre is pulled
    /// toward the prior's by a penalty worth `prior.weight` evenly spread points, so directions the
    /// points leave unseen keep the prior's value. Nil when the points (with the prior) do not
    /// determine the centre, or `correction` is singular.
    public func solveOffset(correction: Matrix3 = .identity, prior: Prior? = nil) -> FittedEllipsoid? {
        guard let reference else { return nil }
        let shape = correction.transposed * correction
        let shapeEigen = SymmetricEigendecomposition(shape)
        guard shapeEigen.values.x > 0 else { return nil }
        // f(p) = qᵀ B q + gᵀ q + j with B fixed: unknowns (g, j), the last four terms.
        var coefficients = SIMD16<Double>(
            shape[0, 0], shape[1, 1], shape[2, 2], 2 * shape[0, 1], 2 * shape[0, 2], 2 * shape[1, 2], 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0
        )
        var normal = PackedSymmetricMatrix(size: 4)
        var rhs = SIMD16<Double>()
        for row in 0..<4 {
            for column in 0...row { normal[row, column] = scatter[6 + row, 6 + column] }
            var sum = 0.0
            for term in 0..<6 { sum += scatter[6 + row, term] * coefficients[term] }
            rhs[row] = -sum
        }
        if let prior {
            // A centre shift δ changes a point's error by about 2r·(δ·direction), so n evenly spread
            // points cost 4r²·n/3·|δ|²; a shift of g = −2B(o − reference) by 2δ must cost the same.
            let stiffness = prior.weight * prior.radius * prior.radius / 3
            let priorLinear = shape * (prior.offset - reference) * -2
            for axis in 0..<3 { normal[axis, axis] += stiffness }
            rhs[0] += stiffness * priorLinear.x
            rhs[1] += stiffness * priorLinear.y
            rhs[2] += stiffness * priorLinear.z
        }
        guard let solution = normal.solve(rhs) else { return nil }
        for index in 0..<4 { coefficients[6 + index] = solution[index] }
        let linear = Vector3(solution[0], solution[1], solution[2])
        let centre = shapeEigen.matrix(mappingValues: { 1 / $0 }) * linear * -0.5
        let k = centre.dot(shape * centre) - solution[3]
        guard k > 0 else { return nil }
        return result(
            .offsetOnly, centre: centre, reference: reference, correction: correction, radius: k.squareRoot(),
            coefficients: coefficients, k: k, prior: prior)
    }

    /// Residual and coverage of a solved quadric whose centre is `centre` about `reference`.
    private func result(
        _ kind: FittedEllipsoid.Kind, centre: Vector3, reference: Vector3, correction: Matrix3, radius: Double,
        coefficients: SIMD16<Double>, k: Double, prior: Prior?
    ) -> FittedEllipsoid? {
        let weight = totalWeight
        // f ≈ 2k·(|W(p − o)|/r − 1) near the surface, so the relative RMS is √(Σf²/Σw) / 2k.
        let residual = (max(0, scatter.bilinearForm(coefficients, coefficients)) / weight).squareRoot() / (2 * k)
        // The points' covariance about their mean, from the sums. Taken as measured, not corrected:
        // a wrong shape fitted to too few orientations can stretch a thin spread into a wide one.
        let mean = Vector3(scatter[6, 9], scatter[7, 9], scatter[8, 9]) / weight
        var covariance = Matrix3.identity
        for row in 0..<3 {
            for column in 0..<3 {
                let meanProduct = (row == 0 ? mean.x : row == 1 ? mean.y : mean.z) * (column == 0 ? mean.x : column == 1 ? mean.y : mean.z)
                covariance[row, column] = scatter[6 + row, 6 + column] / weight - meanProduct
            }
        }
        let spread = SymmetricEigendecomposition(covariance).values.x
        // A prior counts as `weight` points spread evenly: variance r²/3 along every direction.
        let priorWeight = prior?.weight ?? 0
        let coverage = (weight * max(0, spread) + priorWeight * radius * radius / 3) / ((weight + priorWeight) * radius * radius)
        let fit = FittedEllipsoid(
            kind: kind, offset: centre + reference, correction: correction, radius: radius,
            residual: residual, coverage: coverage)
        guard radius.isFinite, residual.isFinite, coverage.isFinite else { return nil }
        return fit
    }
}

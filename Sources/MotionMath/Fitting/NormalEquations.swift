/// A weighted linear least-squares problem with up to 15 unknowns, kept as the running sums of its
/// normal equations so that it can follow a stream: `add` costs one outer product and allocates
/// nothing, and no observation is stored.
///
/// Each observation is `y ≈ aᵀ x` for a row of terms `a`, with a weight. The sums are
/// `N = Σ w a aᵀ`, `r = Σ w a y` and `Σ w y²`; the solution minimises `Σ w (y − aᵀx)²` plus a prior
/// `Σ pᵢ (xᵢ − x̄ᵢ)²` when one is given, so unknowns the observations leave undetermined keep their
/// prior value rather than making the problem singular. `fade` multiplies every sum by a factor, which
/// makes an exponentially weighted fit that forgets old observations; `addTerm` rewrites the sums after
/// a change of unknowns, such as moving the time origin of a term that grows with time.
public struct NormalEquations: Hashable, Sendable {
    /// The largest number of unknowns.
    public static let maximumUnknowns = PackedSymmetricMatrix.maximumSize

    /// The number of unknowns.
    public var unknowns: Int { matrix.size }
    /// The sum of the observations' weights (after fading): how many observations the fit rests on.
    public private(set) var totalWeight = 0.0
    private var matrix: PackedSymmetricMatrix
    private var right = SIMD16<Double>()
    private var observationSquares = 0.0

    /// An empty problem in `unknowns` unknowns (1…15).
    public init(unknowns: Int) {
        matrix = PackedSymmetricMatrix(size: unknowns)
    }

    /// Adds the observation `observation ≈ termsᵀ x` with a weight; lanes of `terms` past `unknowns`
    /// are ignored. A non-finite term, observation or weight, or a weight that is not positive, is ignored.
    public mutating func add(_ terms: SIMD16<Double>, observation: Double, weight: Double = 1) {
        guard weight > 0, weight.isFinite, observation.isFinite, Self.allFinite(terms, count: unknowns) else { return }
        matrix.addOuterProduct(of: terms, weight: weight)
        right += (weight * observation) * terms
        observationSquares += weight * observation * observation
        totalWeight += weight
    }

    /// Whether the first `count` lanes of `terms` are finite: `t · 0` is 0 for a finite `t` and NaN
    /// otherwise, so one sum tells, without a branch per lane.
    private static func allFinite(_ terms: SIMD16<Double>, count: Int) -> Bool {
        withUnsafePointer(to: terms) { pointer in
            pointer.withMemoryRebound(to: Double.self, capacity: 16) { lanes in
                var zero = 0.0
                for index in 0..<count { zero += lanes[index] * 0 }
                return zero == 0
            }
        }
    }

    /// Multiplies every sum by `factor` (in 0…1): observations so far count that much less.
    public mutating func fade(by factor: Double) {
        matrix.scale(by: factor)
        right *= factor
        observationSquares *= factor
        totalWeight *= factor
    }

    /// Rewrites the sums for new unknowns `x′` with `x = x′` except `x[from] = x′[from] + multiple · x′[into]`:
    /// the observations' term `into` becomes itself plus `multiple` times term `from`.
    public mutating func addTerm(_ from: Int, times multiple: Double, into: Int) {
        precondition(from != into && (0..<unknowns).contains(from) && (0..<unknowns).contains(into))
        matrix.addTerm(from, times: multiple, into: into)
        right[into] += multiple * right[from]
    }

    /// The least-squares solution with a prior pulling unknown `i` toward `priorValues[i]` with weight
    /// `priorWeights[i]` (0: no prior; a weight counts as that many observations of the unknown alone),
    /// or nil when the unknowns are not determined.
    public func solve(priorWeights: SIMD16<Double> = .zero, priorValues: SIMD16<Double> = .zero) -> LeastSquaresSolution? {
        var added = SIMD16<Double>()
        var rhs = right
        for index in 0..<unknowns where priorWeights[index] > 0 {
            added[index] = priorWeights[index]
            rhs[index] += priorWeights[index] * priorValues[index]
        }
        guard let factor = matrix.choleskyFactor(addingToDiagonal: added), let values = factor.solve(rhs) else { return nil }
        return LeastSquaresSolution(values: values, residualVariance: residualVariance(of: values), factor: factor)
    }

    /// The residual variance of the best fit with the unknowns in `held` fixed at `values` and the
    /// others free (without a prior), over the same degrees of freedom as `solve`'s so that the two
    /// compare; nil when the free unknowns are not determined. Only the free unknowns are solved for,
    /// so this costs a fraction of a `solve` when most are held.
    public func residualVariance(holding held: Range<Int>, at values: SIMD16<Double>) -> Double? {
        precondition(held.lowerBound >= 0 && held.upperBound <= unknowns)
        var fit = SIMD16<Double>()
        for index in held { fit[index] = values[index] }
        let freeCount = unknowns - held.count
        if freeCount > 0 {
            // The normal equations among the free unknowns with the held ones' share moved to the
            // right-hand side: N_ff x_f = r_f − N_fh x_h.
            var free = SIMD16<Int>()
            var count = 0
            for index in 0..<unknowns where !held.contains(index) {
                free[count] = index
                count += 1
            }
            let (reduced, heldShare) = matrix.reduced(to: free, size: freeCount, times: fit)
            var rhs = SIMD16<Double>()
            for row in 0..<freeCount { rhs[row] = right[free[row]] - heldShare[row] }
            guard let solution = reduced.solve(rhs) else { return nil }
            for row in 0..<freeCount { fit[free[row]] = solution[row] }
        }
        return residualVariance(of: fit)
    }

    /// The observations' weighted mean square residual per degree of freedom for the unknowns `values`.
    private func residualVariance(of values: SIMD16<Double>) -> Double {
        // Σ w (y − aᵀx)² = Σ w y² − 2 xᵀ r + xᵀ N x, with the observations' N alone.
        let squares = observationSquares - 2 * (values * right).sum() + matrix.bilinearForm(values, values)
        let freedom = totalWeight - Double(unknowns)
        return freedom > 0 ? max(0, squares) / freedom : .infinity
    }
}

/// What `NormalEquations.solve` found: the unknowns, how well they fit, and how well they are known.
public struct LeastSquaresSolution: Hashable, Sendable {
    /// The unknowns, in their order; lanes past the problem's size are 0.
    public let values: SIMD16<Double>
    /// The weighted mean square residual per degree of freedom: the observations' noise variance if the
    /// model holds; infinite when there are no more observations than unknowns.
    public let residualVariance: Double
    let factor: PackedSymmetricMatrix.CholeskyFactor

    /// The variance of `directionᵀ x`: `residualVariance · dᵀ N⁻¹ d`, with the prior's weights in `N`;
    /// nil when it cannot be computed.
    public func variance(along direction: SIMD16<Double>) -> Double? {
        guard let inverse = factor.solve(direction) else { return nil }
        return residualVariance * (direction * inverse).sum()
    }
}

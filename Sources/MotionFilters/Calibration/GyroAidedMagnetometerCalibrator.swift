import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Learns a magnetometer's hard- and soft-iron correction from whatever rotation a recording has,
/// using the attitude a fusion filter carries: a phone walked around a room, turning mostly about
/// the vertical, calibrates itself without the slow figure-of-eight an ellipsoid fit needs.
///
/// The model. A raw reading is `m = (I + E) Rᵀ f + h`: the Earth's field `f` (fixed in the
/// attitude's frame) seen in device axes through the attitude `R`, bent by soft iron `E` (symmetric,
/// traceless: a reshaping, never a rescaling, which `f`'s strength would absorb) and offset by hard
/// iron `h`. With `R` known, `m` is linear in `f` and `h`; `E Rᵀ f` is linear in `E` once `Rᵀ f` is
/// taken from the previous fit, which changes little between fits. A filter's heading drifts a
/// little against the field while it learns, so `f` may turn slowly about the vertical: `f(t) = f₀ +
/// t·v` with `v` horizontal. That makes 13 unknowns (`f₀`, `v`, `h`, `E`) and three observations per
/// reading, fitted by `NormalEquations` that forget with time constant `memory`, so the fit follows
/// a field that changes from room to room and never needs the readings again.
///
/// - Rotation about one axis leaves the hard iron along that axis undetermined, but it then moves the
///   field's vertical part, not its heading; what the heading needs is the offset's uncertainty in the
///   horizontal plane of the attitude's frame, `offsetUncertainty`. A fit is adopted once that is at
///   most `trustedUncertainty`, and every later fit that meets it replaces it.
/// - Readings far from the model (a magnet passing, a steel door) count less, as in a Cauchy
///   M-estimator: a reading whose residual is `outlierScale` typical residuals counts half, so a
///   disturbance does not bend the calibration. The typical residual follows the residuals with a
///   10 s time constant and never falls below `minimumResidual`.
/// - Once a calibration has settled, a new fit replaces it only when it explains the readings of the
///   last `memory` seconds clearly better: the residual variance with the calibration in force
///   (the field and its drift refitted) is at least `adoptionImprovement` times the new fit's, and
///   has been for `adoptionDelay` seconds on end. A magnetometer calibrated already (a research
///   IMU's, or a phone's once learnt) then keeps its calibration rather than taking up the last
///   errors of the filter's attitude; a magnet passing by, which no calibration explains, is not
///   learnt; and a magnet fixed to the device for a while is learnt only if it stays. The new fit
///   must also explain the readings of the last `recentTime` seconds that much better (their mean
///   square residual against each): a magnet carried for most of a memory and then taken away
///   leaves the memory favouring it for a while after it has gone. A prior has
///   settled from the start; a calibration learnt from nothing, or one that has just replaced
///   another, settles once a whole `memory` of readings more has been seen, and until then each
///   trusted fit replaces the last, since each has seen more of the rotation, or less of what came
///   before, than the one before.
/// - A prior is a head start: the source's calibration recording, or, when the first reading is
///   already as weak as the Earth's field (`plausibleField`), the identity (a magnetometer calibrated
///   upstream, like a research IMU's). It counts as `priorWeight` readings, so rotation soon outweighs
///   a wrong one; the soft iron is also pulled toward the prior's with `softIronStiffness`, a fraction
///   of the information each reading brings, so the shapes that little rotation cannot tell apart
///   stay near it.
///
/// `update` allocates nothing: the sums live in fixed storage and a refit solves them in place.
public struct GyroAidedMagnetometerCalibrator: Hashable, Sendable {
    /// How fast to forget, when to refit, and what to trust.
    public struct Settings: Hashable, Sendable {
        /// The time constant with which old readings are forgotten, seconds.
        public var memory: Double
        /// Readings between refits.
        public var refitInterval: Int
        /// The horizontal uncertainty of the hard iron (one standard deviation, µT) at or under which
        /// a fit is adopted.
        public var trustedUncertainty: Double
        /// Residuals this many typical residuals count half.
        public var outlierScale: Double
        /// The least typical residual, µT: a magnetometer's noise and a room's unevenness.
        public var minimumResidual: Double
        /// How strongly the soft iron is pulled toward the prior's (or toward none), as a fraction of
        /// the information a reading gives about it.
        public var softIronStiffness: Double
        /// Field strengths (µT) at which a first raw reading suggests a calibrated magnetometer.
        public var plausibleField: ClosedRange<Double>
        /// How many readings a prior is worth.
        public var priorWeight: Double
        /// How many times smaller the new fit's residual variance must be than the calibration in
        /// force's before it replaces it.
        public var adoptionImprovement: Double
        /// Seconds a new fit must keep that improvement before it replaces the calibration in force.
        public var adoptionDelay: Double
        /// The time constant of the recent readings a new fit must also explain better, seconds.
        public var recentTime: Double

        /// Creates settings.
        public init(
            memory: Double, refitInterval: Int, trustedUncertainty: Double, outlierScale: Double, minimumResidual: Double,
            softIronStiffness: Double, plausibleField: ClosedRange<Double>, priorWeight: Double, adoptionImprovement: Double,
            adoptionDelay: Double, recentTime: Double
        ) {
            self.memory = memory
            self.refitInterval = refitInterval
            self.trustedUncertainty = trustedUncertainty
            self.outlierScale = outlierScale
            self.minimumResidual = minimumResidual
            self.softIronStiffness = softIronStiffness
            self.plausibleField = plausibleField
            self.priorWeight = priorWeight
            self.adoptionImprovement = adoptionImprovement
            self.adoptionDelay = adoptionDelay
            self.recentTime = recentTime
        }

        /// A minute of memory, a refit every 10 readings (a few per second), trust at 1.5 µT (2° of a
        /// 45 µT field's horizontal 22 µT); residuals of 2.5 typical ones count half; 1.5 µT is twice
        /// a phone magnetometer's noise; the Earth's field is 25–65 µT at the surface. A new fit
        /// replaces one in force when it halves the residual variance for a whole memory, and that of
        /// the last few seconds.
        public static let standard = Settings(
            memory: 60, refitInterval: 10, trustedUncertainty: 1.5, outlierScale: 2.5, minimumResidual: 1.5,
            softIronStiffness: 0.08, plausibleField: 20...70, priorWeight: 1, adoptionImprovement: 2,
            adoptionDelay: 60, recentTime: 5)
    }

    /// How fast to forget, when to refit, and what to trust.
    public let settings: Settings
    /// The calibration this started from, if any.
    public let prior: MagnetometerCalibration?
    /// The calibration in force: the latest fit adopted, or the prior (the identity for a first reading
    /// in `plausibleField`) until one is; nil before either.
    public private(set) var calibration: MagnetometerCalibration?
    /// The latest fit's horizontal uncertainty of the hard iron, µT; nil before the first fit.
    public private(set) var offsetUncertainty: Double?
    /// Fits adopted so far.
    public private(set) var adoptedFits = 0

    private var equations = NormalEquations(unknowns: Unknown.count)
    private var model: SIMD16<Double>?
    private var priorValues = SIMD16<Double>()
    private var priorMask = SIMD16<Double>()
    private var typicalResidual = 0.0
    /// Seconds since the fit's time origin.
    private var sinceOrigin = 0.0
    private var readings = 0
    /// Seconds of readings so far.
    private var elapsed = 0.0
    /// The hard- and soft-iron unknowns of the calibration in force.
    private var inForce = SIMD16<Double>()
    /// The mean square residual of the recent readings against the latest fit and against the
    /// calibration in force, µT².
    private var recentFitSquares = 0.0, recentInForceSquares = 0.0
    /// Since when (`elapsed`) fits have explained the readings clearly better than the calibration in force.
    private var betterSince: Double?
    /// From when (`elapsed`) the calibration in force has settled: at once for a prior, else a memory
    /// after the start or after the replacement that brought it.
    private var settlesAt: Double

    /// A calibrator starting from `prior` (the source's calibration recording), or from nothing.
    public init(prior: MagnetometerCalibration? = nil, settings: Settings = .standard) {
        self.settings = settings
        self.prior = prior
        settlesAt = prior == nil ? settings.memory : 0
        if let prior { setPrior(offset: prior.offset, softIron: prior.softIron) }
        inForce = priorValues
        calibration = prior
    }

    /// Whether the heading may trust `corrected`: there is a calibration in force.
    public var isTrusted: Bool { calibration != nil }

    /// The Earth's field now, in the attitude's frame (µT), as the latest fit has it; nil before one.
    public var referenceField: Vector3? {
        model.map { Vector3($0[0] + sinceOrigin * $0[3], $0[1] + sinceOrigin * $0[4], $0[2]) }
    }

    /// The calibrated field of a raw reading (µT) through the calibration in force; before the first
    /// update, the reading itself when it would set the identity prior; otherwise nil.
    public func corrected(_ raw: Vector3) -> Vector3? {
        if let calibration { return calibration.corrected(raw) }
        return readings == 0 && prior == nil && settings.plausibleField.contains(raw.length) ? raw : nil
    }

    /// Takes one raw reading (µT) with the attitude (device to the filter's frame) at its time, `dt`
    /// seconds after the previous reading.
    public mutating func update(_ raw: Vector3, attitude: Quaternion, dt: Double) {
        guard raw.x.isFinite, raw.y.isFinite, raw.z.isFinite, dt >= 0, dt.isFinite else { return }
        if readings == 0, prior == nil, settings.plausibleField.contains(raw.length) {
            setPrior(offset: .zero, softIron: .identity)
            inForce = priorValues
            settlesAt = 0
            calibration = MagnetometerCalibration(offset: .zero, fieldStrength: raw.length)
        }
        readings += 1
        sinceOrigin += dt
        elapsed += dt
        let deviceAxes = attitude.conjugate
        let weight = judge(raw, deviceAxes: deviceAxes, dt: dt)
        moveOriginToNow()
        equations.fade(by: exp(-dt / settings.memory))
        let earth = (deviceAxes.rotate(Vector3(1, 0, 0)), deviceAxes.rotate(Vector3(0, 1, 0)), deviceAxes.rotate(Vector3(0, 0, 1)))
        let field = referenceField.map { deviceAxes.rotate($0) }
        for axis in 0..<3 {
            equations.add(terms(axis, earth: earth, field: field), observation: axis == 0 ? raw.x : axis == 1 ? raw.y : raw.z, weight: weight)
        }
        if readings % settings.refitInterval == 0 { refit(deviceAxes: deviceAxes) }
    }

    /// The indices of the unknowns.
    private enum Unknown {
        static let field = 0, drift = 3, offset = 5, softIron = 8, count = 13
    }

    /// One observation row: component `axis` of the reading.
    private func terms(_ axis: Int, earth: (Vector3, Vector3, Vector3), field: Vector3?) -> SIMD16<Double> {
        var row = SIMD16<Double>()
        func component(_ v: Vector3) -> Double { axis == 0 ? v.x : axis == 1 ? v.y : v.z }
        row[Unknown.field] = component(earth.0)
        row[Unknown.field + 1] = component(earth.1)
        row[Unknown.field + 2] = component(earth.2)
        // The heading drift is timed from the origin, which `moveOriginToNow` keeps at the present.
        row[Unknown.drift] = 0
        row[Unknown.drift + 1] = 0
        row[Unknown.offset + axis] = 1
        if let p = field {
            // (E p)[axis] for E = [[e11, e12, e13], [e12, e22, e23], [e13, e23, −e11 − e22]], unknowns
            // (e11, e22, e12, e13, e23).
            let s = Unknown.softIron
            switch axis {
            case 0: (row[s], row[s + 2], row[s + 3]) = (p.x, p.y, p.z)
            case 1: (row[s + 1], row[s + 2], row[s + 4]) = (p.y, p.x, p.z)
            default: (row[s], row[s + 1], row[s + 3], row[s + 4]) = (-p.z, -p.z, p.x, p.y)
            }
        }
        return row
    }

    /// The reading's weight against the model, learning the typical residual from it.
    private mutating func judge(_ raw: Vector3, deviceAxes: Quaternion, dt: Double) -> Double {
        guard let model, let reference = referenceField else { return 1 }
        let field = deviceAxes.rotate(reference)
        let bend = softIron(model) * field
        let predicted = field + bend + offset(model)
        let residual = (raw - predicted).length
        let scale = settings.outlierScale * typicalResidual
        let weight = 1 / (1 + (residual / scale) * (residual / scale))
        let follow = 1 - exp(-dt / 10)
        typicalResidual = max(settings.minimumResidual, typicalResidual + follow * (min(residual, 3 * typicalResidual) - typicalResidual))
        let inForceResidual = raw - (field + softIron(inForce) * field + offset(inForce))
        let recent = 1 - exp(-dt / settings.recentTime)
        recentFitSquares += recent * (residual * residual - recentFitSquares)
        recentInForceSquares += recent * (inForceResidual.lengthSquared - recentInForceSquares)
        return weight
    }

    /// Keeps the drift term's time origin at the present, so that `f₀` is the field now: with
    /// `f(t) = f₀ + (t − t₀) v`, moving `t₀` by `s` makes `f₀′ = f₀ + s v`.
    private mutating func moveOriginToNow() {
        let shift = sinceOrigin
        guard shift > 0 else { return }
        sinceOrigin = 0
        // The observations so far had terms t·v for t measured from the old origin: t − shift from
        // the new one, so the drift terms gain −shift times the field's.
        equations.addTerm(Unknown.field, times: -shift, into: Unknown.drift)
        equations.addTerm(Unknown.field + 1, times: -shift, into: Unknown.drift + 1)
        if var model {
            model[Unknown.field] += shift * model[Unknown.drift]
            model[Unknown.field + 1] += shift * model[Unknown.drift + 1]
            self.model = model
        }
    }

    /// Solves the sums; adopts the fit when its hard iron is known well enough across the horizontal.
    private mutating func refit(deviceAxes: Quaternion) {
        // A reading is three observations, each worth 1 for the offset along its axis and, through
        // the field it sees, about 2|f|²/3 for each of the soft iron's unknowns.
        var weights = priorMask * settings.priorWeight
        let strength = referenceField?.length ?? 45
        let stiffness = settings.softIronStiffness * (equations.totalWeight / 3) * (2 * strength * strength / 3)
        for index in Unknown.softIron..<Unknown.count { weights[index] = max(weights[index], stiffness) }
        guard let solution = equations.solve(priorWeights: weights, priorValues: priorValues) else { return }
        let isFirstModel = model == nil
        model = solution.values
        if isFirstModel { typicalResidual = 20 * settings.minimumResidual }
        // The horizontal axes of the attitude's frame, in device axes, as directions in the offset.
        var horizontalVariance = 0.0
        for axis in [Vector3(1, 0, 0), Vector3(0, 1, 0)] {
            let direction = deviceAxes.rotate(axis)
            var lanes = SIMD16<Double>()
            lanes[Unknown.offset] = direction.x
            lanes[Unknown.offset + 1] = direction.y
            lanes[Unknown.offset + 2] = direction.z
            guard let variance = solution.variance(along: lanes) else { return }
            horizontalVariance = max(horizontalVariance, variance)
        }
        let uncertainty = horizontalVariance.squareRoot()
        offsetUncertainty = uncertainty
        guard uncertainty <= settings.trustedUncertainty, let reference = referenceField,
            clearlyBetter(solution)
        else { return }
        inForce = solution.values
        let bend = softIron(solution.values)
        let reshaping = Matrix3(rows: bend.row0 + Vector3(1, 0, 0), bend.row1 + Vector3(0, 1, 0), bend.row2 + Vector3(0, 0, 1))
        let eigen = SymmetricEigendecomposition(reshaping)
        guard eigen.values.x > 0 else { return }
        calibration = MagnetometerCalibration(
            offset: offset(solution.values), softIron: eigen.matrix(mappingValues: { 1 / $0 }), fieldStrength: reference.length)
        adoptedFits += 1
    }

    /// Whether `solution` has explained the readings clearly better than the calibration in force
    /// for long enough (always, when none is in force or it has not settled): the sums solved again
    /// for the field and its drift alone, with the hard and soft iron held at the calibration in
    /// force's, leave that much more residual variance.
    private mutating func clearlyBetter(_ solution: LeastSquaresSolution) -> Bool {
        guard calibration != nil, elapsed >= settlesAt else { return true }
        // The recent readings first: they cost nothing to ask, and mostly say no.
        guard recentInForceSquares >= settings.adoptionImprovement * recentFitSquares,
            let kept = equations.residualVariance(holding: Unknown.offset..<Unknown.count, at: inForce),
            kept >= settings.adoptionImprovement * solution.residualVariance
        else {
            betterSince = nil
            return false
        }
        let since = betterSince ?? elapsed
        betterSince = since
        guard elapsed - since >= settings.adoptionDelay else { return false }
        betterSince = nil
        // The memory still holds readings from before the change: the fits of the next memory,
        // each of the new state alone a little more, replace this one freely.
        settlesAt = elapsed + settings.memory
        return true
    }

    /// h from the unknowns.
    private func offset(_ values: SIMD16<Double>) -> Vector3 {
        Vector3(values[Unknown.offset], values[Unknown.offset + 1], values[Unknown.offset + 2])
    }

    /// E from the unknowns.
    private func softIron(_ values: SIMD16<Double>) -> Matrix3 {
        let s = Unknown.softIron
        let (e11, e22, e12, e13, e23) = (values[s], values[s + 1], values[s + 2], values[s + 3], values[s + 4])
        return Matrix3(rows: Vector3(e11, e12, e13), Vector3(e12, e22, e23), Vector3(e13, e23, -e11 - e22))
    }

    /// Sets the prior's offset and soft iron (the symmetric, traceless part of its reshaping's inverse less I).
    private mutating func setPrior(offset: Vector3, softIron correction: Matrix3) {
        priorMask = SIMD16<Double>()
        for index in Unknown.offset..<(Unknown.offset + 3) { priorMask[index] = 1 }
        priorValues[Unknown.offset] = offset.x
        priorValues[Unknown.offset + 1] = offset.y
        priorValues[Unknown.offset + 2] = offset.z
        let eigen = SymmetricEigendecomposition(correction)
        guard eigen.values.x > 0 else { return }
        let determinantRoot = cbrt(eigen.values.x * eigen.values.y * eigen.values.z)
        let bend = eigen.matrix(mappingValues: { determinantRoot / $0 })
        let trace = (bend[0, 0] + bend[1, 1] + bend[2, 2]) / 3
        let s = Unknown.softIron
        priorValues[s] = bend[0, 0] - trace
        priorValues[s + 1] = bend[1, 1] - trace
        priorValues[s + 2] = (bend[0, 1] + bend[1, 0]) / 2
        priorValues[s + 3] = (bend[0, 2] + bend[2, 0]) / 2
        priorValues[s + 4] = (bend[1, 2] + bend[2, 1]) / 2
    }
}

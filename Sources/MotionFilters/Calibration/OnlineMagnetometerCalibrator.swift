import MotionMath

/// Calibrates a magnetometer while it is used: raw readings feed an `EllipsoidFit` as they come,
/// and a new hard- and soft-iron calibration is adopted whenever the readings support one.
///
/// - Only readings that add information are kept: one at least `minimumSpacing` µT from the last
///   one kept (a few degrees of turn). A phone lying still, or held at one attitude for a minute,
///   adds one reading, not thousands that would drown the other orientations.
/// - Every `refitInterval` kept readings the fit is solved, by `EllipsoidFit`'s rule: centre and
///   shape when the readings surround the centre well (coverage ≥ `minimumEllipsoidCoverage`),
///   else the centre alone with the current soft-iron correction kept (coverage ≥
///   `minimumOffsetCoverage`, counting the prior).
/// - A solution is adopted only when plausible for the Earth's field and a phone: radius within
///   `fieldRange` (the Earth's field is 25–65 µT at the surface), residual at most `maximumResidual`
///   (a field bent by nearby steel or a magnet does not lie on one sphere), and a soft-iron
///   correction that scales each principal axis within `softIronRange` (a phone's soft iron changes
///   them by a few per cent; a shape fitted to too few orientations, by tens). Otherwise the
///   previous calibration stays.
/// - A prior calibration (say, fitted from a calibration recording) is used until a fit is adopted,
///   and then refined rather than discarded: its soft iron is kept while the readings support only
///   the centre, and its centre counts as `priorWeight` evenly spread readings, so an axis the
///   readings never explore (a phone held flat never turns its z axis sideways) keeps the prior's
///   value.
///
/// `update` allocates nothing: the fit is 55 running sums, and solving it works in fixed storage.
/// The readings are never forgotten, so a changed hard iron (a magnet case put on) needs a new
/// calibrator.
public struct OnlineMagnetometerCalibrator: Hashable, Sendable {
    /// When to keep a reading, when to refit, and what to accept.
    public struct Settings: Hashable, Sendable {
        /// The least distance between kept readings, µT.
        public var minimumSpacing: Double
        /// Kept readings between refits.
        public var refitInterval: Int
        /// The field magnitudes a fit may find, µT.
        public var fieldRange: ClosedRange<Double>
        /// The largest relative RMS residual (`FittedEllipsoid.residual`) a fit may have.
        public var maximumResidual: Double
        /// The scalings along its principal axes (eigenvalues) a soft-iron correction may have.
        public var softIronRange: ClosedRange<Double>
        /// How many evenly spread readings the prior's centre is worth.
        public var priorWeight: Double

        /// Creates settings.
        public init(
            minimumSpacing: Double, refitInterval: Int, fieldRange: ClosedRange<Double>, maximumResidual: Double,
            softIronRange: ClosedRange<Double>, priorWeight: Double
        ) {
            self.minimumSpacing = minimumSpacing
            self.refitInterval = refitInterval
            self.fieldRange = fieldRange
            self.maximumResidual = maximumResidual
            self.softIronRange = softIronRange
            self.priorWeight = priorWeight
        }

        /// From the tyrex iPhone 5 recordings: the magnetometer's noise is 0.75 µT per axis, so two
        /// readings of a still phone differ by under 4.5 µT (4σ) and 6 µT is a real turn (8° of a
        /// 45 µT field). A refit every 20 kept readings costs a few microseconds per kept reading.
        /// Residuals: 0.016 for the calibration recording, 0.05–0.08 for walks through the clean lab
        /// (its field differs from place to place by a few µT), 0.2 and more in the disturbed trial,
        /// so 0.1 admits the first two. The calibration recording's soft iron scales its axes by
        /// 0.93–1.08; shapes fitted to a few seconds of walking, by 0.6–1.6. A prior worth 50 readings
        /// yields to a few seconds of varied motion but holds an axis the readings leave unseen.
        public static let standard = Settings(
            minimumSpacing: 6, refitInterval: 20, fieldRange: 20...70, maximumResidual: 0.1, softIronRange: 0.85...1.18,
            priorWeight: 50)
    }

    /// When to keep a reading, when to refit, and what to accept.
    public let settings: Settings
    /// The calibration this started from, if any.
    public let prior: MagnetometerCalibration?
    /// The calibration in force: the prior, then the latest fit adopted; nil before either.
    public private(set) var calibration: MagnetometerCalibration?
    /// The latest fit adopted, with its residual and coverage; nil while none is.
    public private(set) var adoptedFit: FittedEllipsoid?
    /// Readings kept for the fit.
    public private(set) var keptReadings = 0
    /// Fits adopted.
    public private(set) var adoptedFits = 0
    private var fit = EllipsoidFit()
    private var lastKept: Vector3?

    /// A calibrator starting from `prior`, or from nothing.
    public init(prior: MagnetometerCalibration? = nil, settings: Settings = .standard) {
        self.settings = settings
        self.prior = prior
        calibration = prior
    }

    /// Takes one raw reading (µT); true when it brought a new calibration.
    @discardableResult public mutating func update(_ raw: Vector3) -> Bool {
        guard raw.x.isFinite, raw.y.isFinite, raw.z.isFinite else { return false }
        if let lastKept, (raw - lastKept).lengthSquared < settings.minimumSpacing * settings.minimumSpacing { return false }
        lastKept = raw
        fit.add(raw)
        keptReadings += 1
        guard keptReadings % settings.refitInterval == 0 else { return false }
        guard let adopted = refit() else { return false }
        adoptedFit = adopted
        adoptedFits += 1
        calibration = MagnetometerCalibration(adopted)
        return true
    }

    /// The calibrated field of a raw reading (µT), or nil while there is no calibration.
    @inlinable public func corrected(_ raw: Vector3) -> Vector3? {
        calibration?.corrected(raw)
    }

    /// The fit to adopt now, if any passes the checks.
    private func refit() -> FittedEllipsoid? {
        if let ellipsoid = fit.solveEllipsoid(), ellipsoid.coverage >= EllipsoidFit.minimumEllipsoidCoverage, isPlausible(ellipsoid) {
            return ellipsoid
        }
        let belief = prior.map { EllipsoidFit.Prior(offset: $0.offset, radius: $0.fieldStrength, weight: settings.priorWeight) }
        if let centre = fit.solveOffset(correction: calibration?.softIron ?? .identity, prior: belief),
            centre.coverage >= EllipsoidFit.minimumOffsetCoverage, isPlausible(centre)
        {
            return centre
        }
        return nil
    }

    private func isPlausible(_ fit: FittedEllipsoid) -> Bool {
        let scalings = SymmetricEigendecomposition(fit.correction).values
        return settings.fieldRange.contains(fit.radius) && fit.residual <= settings.maximumResidual
            && settings.softIronRange.contains(scalings.x) && settings.softIronRange.contains(scalings.z)
    }
}

import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A filter after Laidig and Seel's VQF ("VQF: Highly accurate IMU orientation estimation with bias
/// estimation and magnetic disturbance rejection", Information Fusion, 2023), written from the paper:
/// the gyroscope's attitude, an inclination correction from the accelerometer low-passed in an
/// almost inertial frame, a heading correction from the magnetometer, and a Kalman filter that
/// learns the gyroscope's bias from both corrections while the device moves.
///
/// - **Inclination.** The accelerometer's up is turned into the frame of the gyroscope's attitude,
///   where it stays still while the device turns, and low-passed there with time constant
///   `inclinationTimeConstant` (`TwoStageLowPass`): a walk's or a run's accelerations, which average to
///   zero over a stride in that frame, are filtered out without the lag a device-frame filter has in
///   a turn. The inclination correction is then the whole rotation that takes the low-passed up to
///   vertical, applied on the left of the gyroscope's attitude.
/// - **Heading.** The calibrated field, seen in that inclination-corrected frame, gives the heading
///   offset to magnetic north; the offset follows it through a first-order low-pass of time constant
///   `headingTimeConstant`, with gains 1, ½, ⅓, … at first so the first fields set it quickly.
/// - **Bias.** `GyroBiasKalmanFilter` takes, while the device moves, the inclination correction's
///   rate (the bias about the horizontal axes) and, unlike VQF, the heading correction's (about the
///   vertical), since a phone's magnetometer, once calibrated online, holds the heading better than a
///   bias left unobserved; and, while it rests (`RestDetector`), the low-passed rate itself, the whole
///   bias, as VQF does. Each kind of measurement counts by the uncertainty the bias would settle at
///   on it alone (`motionBiasUncertainty`, `headingBiasUncertainty`, `restBiasUncertainty`), so the
///   bias is learnt at the same pace at any rate. The motion measurements wait `biasStartDelay`
///   inclination time constants, while the low-pass settles, and, once a field has come, the
///   heading's first time constant.
///
/// The filter starts on its first update with a usable accelerometer reading: level from it, and the
/// heading from the field if one comes with it, else whatever the device faced. Readings as
/// `AttitudeFilter` has them; the field should be calibrated (`GyroAidedMagnetometerCalibrator`) and nil
/// while disturbed, as the heading trusts whatever it is given. Nothing in `update` allocates.
public struct LaidigSeelFilter: AttitudeFilter {
    /// Time constants and the bias filter's noise model.
    public struct Settings: Hashable, Sendable {
        /// How slowly the accelerometer's up is trusted, seconds: the low-pass's time constant.
        public var inclinationTimeConstant: Double
        /// How slowly the field's heading is trusted, seconds.
        public var headingTimeConstant: Double
        /// The bias uncertainty at the start, rad/s (one standard deviation per axis).
        public var initialBiasUncertainty: Double
        /// How far the bias may drift in a second, rad/s per √s.
        public var biasDriftRate: Double
        /// The uncertainty, rad/s, the bias about the horizontal axes settles at on the inclination
        /// correction's rate alone: the larger, the more slowly that rate teaches it.
        public var motionBiasUncertainty: Double
        /// The same for the bias about the vertical, on the heading correction's rate.
        public var headingBiasUncertainty: Double
        /// The same for the whole bias, on the rate measured at rest.
        public var restBiasUncertainty: Double
        /// The largest bias believed on any axis, rad/s.
        public var maximumBias: Double
        /// How many inclination time constants to wait before learning the bias in motion.
        public var biasStartDelay: Double
        /// The largest distance of a gyroscope reading from its low-passed value at rest, rad/s.
        public var restRateThreshold: Double
        /// The largest distance of an accelerometer reading from its low-passed value at rest, g.
        public var restAccelerationThreshold: Double
        /// How far, g, the low-passed acceleration may move while the device rests.
        public var restAccelerationDrift: Double
        /// How far the low-passed field may move while the device rests, as a fraction of its strength.
        public var restFieldDrift: Double
        /// How far, rad/s, the low-passed rate at rest may lie from the bias learnt (or three of the
        /// bias's standard deviations, while it is less known than that) on any axis.
        public var restBiasTolerance: Double
        /// Seconds within both rest thresholds before the device counts as resting.
        public var restMinimumTime: Double

        /// Creates settings.
        public init(
            inclinationTimeConstant: Double, headingTimeConstant: Double, initialBiasUncertainty: Double, biasDriftRate: Double,
            motionBiasUncertainty: Double, headingBiasUncertainty: Double, restBiasUncertainty: Double, maximumBias: Double,
            biasStartDelay: Double, restRateThreshold: Double, restAccelerationThreshold: Double, restAccelerationDrift: Double,
            restFieldDrift: Double,
            restBiasTolerance: Double, restMinimumTime: Double
        ) {
            self.inclinationTimeConstant = inclinationTimeConstant
            self.headingTimeConstant = headingTimeConstant
            self.initialBiasUncertainty = initialBiasUncertainty
            self.biasDriftRate = biasDriftRate
            self.motionBiasUncertainty = motionBiasUncertainty
            self.headingBiasUncertainty = headingBiasUncertainty
            self.restBiasUncertainty = restBiasUncertainty
            self.maximumBias = maximumBias
            self.biasStartDelay = biasStartDelay
            self.restRateThreshold = restRateThreshold
            self.restAccelerationThreshold = restAccelerationThreshold
            self.restAccelerationDrift = restAccelerationDrift
            self.restFieldDrift = restFieldDrift
            self.restBiasTolerance = restBiasTolerance
            self.restMinimumTime = restMinimumTime
        }

        /// VQF's time constants (3 s and 9 s); a bias of up to 0.3 rad/s (an iPhone 5's gyroscope reads
        /// 0.1 rad/s at rest), uncertain by 0.2 rad/s at first, drifting 0.1 °/s in 100 s; in motion
        /// it settles within 0.06 °/s on the inclination's correction (VQF's is 0.1 °/s; trusted more,
        /// that correction's errors in fast turns become a bias the heading drifts by while the field
        /// is rejected) and 0.14 °/s on the heading's, at rest within VQF's 0.03 °/s. Rest as
        /// VQF judges it, within 2 °/s and 0.05 g of the readings' half-second low-pass for 1.5 s,
        /// with the low-passed acceleration held within 0.01 g and the field within 1 % (each about
        /// half a degree of turn, five times what a phone's noise moves them) and, as VQF clips its
        /// bias, the rate within 2 °/s of the bias once that is known.
        public static let standard = Settings(
            inclinationTimeConstant: 3, headingTimeConstant: 9, initialBiasUncertainty: 0.2, biasDriftRate: 0.000_174_5,
            motionBiasUncertainty: 0.001, headingBiasUncertainty: 0.0025, restBiasUncertainty: 0.000_52, maximumBias: 0.3,
            biasStartDelay: 2, restRateThreshold: 0.035, restAccelerationThreshold: 0.05, restAccelerationDrift: 0.01, restFieldDrift: 0.01,
            restBiasTolerance: 0.035, restMinimumTime: 1.5)
    }

    /// Time constants and the bias filter's noise model.
    public let settings: Settings
    /// The current estimate, device to North-West-Up about magnetic north.
    @inlinable public var attitude: Quaternion { estimate }
    /// The gyroscope bias learnt, rad/s in device axes (subtracted before integrating).
    public var bias: Vector3 { biasFilter.bias }

    /// The heading offset times the inclination times the gyroscope's attitude, kept from the last
    /// update, so that reading the attitude (every update, in an app) costs nothing.
    @usableFromInline var estimate = Quaternion.identity
    private var gyroAttitude = Quaternion.identity
    private var inclination = Quaternion.identity
    /// The heading offset `h` as the rotation about the vertical, (cos h/2, 0, 0, sin h/2) with the
    /// cosine not negative (`h` in [−π, π)): kept as a rotation rather than an angle, so that an update
    /// turns it by its small step instead of taking the sine and cosine of the whole angle.
    private var heading = Quaternion.identity
    private var biasFilter: GyroBiasKalmanFilter
    private var rest: RestDetector
    /// Whether the device rests and reads a rate that can be its bias (`restBiasTolerance`).
    private var resting = false
    private var upLowPass = TwoStageLowPass()
    private var row0LowPass = TwoStageLowPass()
    private var row1LowPass = TwoStageLowPass()
    private var biasLowPass = TwoStageLowPass()
    /// The heading correction's regressors: the vertical row of the attitude and of it times the bias,
    /// low-passed like the heading offset.
    private var verticalRow = Vector3.zero
    private var verticalBias = 0.0
    private var started = false
    private var elapsed = 0.0
    private var sinceField = 0.0
    private var headingTime: Double?
    private var headingUpdates = 0.0

    /// A filter with `settings` (VQF's time constants by default).
    public init(settings: Settings = .standard) {
        self.settings = settings
        biasFilter = GyroBiasKalmanFilter(
            initialUncertainty: settings.initialBiasUncertainty, driftRate: settings.biasDriftRate, maximumBias: settings.maximumBias)
        rest = RestDetector(
            settings: .init(
                rateThreshold: settings.restRateThreshold, accelerationThreshold: settings.restAccelerationThreshold,
                accelerationDrift: settings.restAccelerationDrift, fieldDrift: settings.restFieldDrift, timeConstant: 0.5,
                minimumTime: settings.restMinimumTime))
    }

    /// Integrates the gyroscope less the bias over `dt`, then corrects the inclination toward the
    /// accelerometer and, when a field is given, the heading toward it.
    public mutating func update(gyroscope: Vector3, accelerometer: Vector3, magnetometer: Vector3?, dt: Double) {
        let up = -accelerometer
        guard started else {
            guard up.lengthSquared > 0 else { return }
            started = true
            inclination = Self.arcToVertical(up) ?? .identity
            _ = upLowPass.update(up, gain: 0)
            if let magnetometer { correctHeading(magnetometer, rows: Self.rows(of: inclination), dt: 0) }
            estimate = heading * inclination
            return
        }
        elapsed += dt
        sinceField += dt
        gyroAttitude = gyroAttitude.integrated(angularRate: gyroscope - biasFilter.bias, over: dt)
        biasFilter.predict(dt: dt)
        rest.update(gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: magnetometer, dt: dt)
        resting = rest.isResting && biasFilter.couldBeBias(rest.meanRate, within: settings.restBiasTolerance)
        if resting, dt > 0 {
            biasFilter.update(rest.meanRate, noise: biasFilter.measurementNoise(settlingAt: settings.restBiasUncertainty, dt: dt))
        }
        // At first the low-passes average everything seen so far, so the start is not held at one
        // shaken reading for a whole time constant.
        let gain = TwoStageLowPass.gain(dt: dt, timeConstant: min(settings.inclinationTimeConstant, max(elapsed, dt)))
        let correction = up.lengthSquared > 0 ? correctInclination(up, gain: gain) : nil
        // The attitude without the heading offset, once for every step below.
        let levelled = inclination * gyroAttitude
        let rows = Self.rows(of: levelled)
        if let correction { learnBias(from: correction, rows: rows, gain: gain, dt: dt) }
        trackVertical(rows.2, dt: dt)
        if let magnetometer {
            correctHeading(magnetometer, rows: rows, dt: sinceField)
            sinceField = 0
        }
        estimate = heading * levelled
    }

    /// Low-passes the up direction in the gyroscope's frame and turns the inclination to take it to
    /// vertical; the turn, or nil when there is none.
    private mutating func correctInclination(_ up: Vector3, gain: Double) -> Quaternion? {
        let filtered = upLowPass.update(gyroAttitude.rotate(up), gain: gain)
        guard let correction = Self.arcToVertical(inclination.rotate(filtered)) else { return nil }
        inclination = (correction * inclination).renormalized
        return correction
    }

    /// The inclination `correction`'s rate as a measurement of the bias about the horizontal axes,
    /// with `rows` the rows of the corrected attitude without the heading offset.
    private mutating func learnBias(from correction: Quaternion, rows: (Vector3, Vector3, Vector3), gain: Double, dt: Double) {
        let row0 = row0LowPass.update(rows.0, gain: gain)
        let row1 = row1LowPass.update(rows.1, gain: gain)
        let b = biasFilter.bias
        let rotatedBias = biasLowPass.update(Vector3(rows.0.dot(b), rows.1.dot(b), 0), gain: gain)
        // Once a field has come, wait for the heading's measurements too: alone, the inclination's
        // leave the bias about the vertical free to wander, and its heading with it.
        let headingReady = headingTime.map { $0 > settings.headingTimeConstant } ?? true
        guard elapsed >= settings.biasStartDelay * settings.inclinationTimeConstant, headingReady, !resting, dt > 0 else { return }
        // The correction's rate: its rotation vector (twice its vector part, for the small turn of one
        // update) over dt. It undoes what the bias error did, hence the sign.
        let rate = correction.vector * (2 / dt)
        biasFilter.update(
            row0, rotatedBias.x - rate.x, row1, rotatedBias.y - rate.y,
            noise: biasFilter.measurementNoise(settlingAt: settings.motionBiasUncertainty, dt: dt))
    }

    private mutating func trackVertical(_ row: Vector3, dt: Double) {
        let alpha = dt / (settings.headingTimeConstant + dt)
        verticalRow += (row - verticalRow) * alpha
        verticalBias += (row.dot(biasFilter.bias) - verticalBias) * alpha
    }

    /// Turns the heading offset toward the `field`'s north, `rows` being those of the attitude
    /// without the offset.
    private mutating func correctHeading(_ field: Vector3, rows: (Vector3, Vector3, Vector3), dt: Double) {
        let x = rows.0.dot(field), y = rows.1.dot(field)
        guard x * x + y * y > 1e-12 * field.lengthSquared else { return }
        // The field's horizontal direction turned by the offset h (whose cosine and sine follow from
        // the half angle's): north when the offset is right, so its angle is the disagreement.
        let cosine = heading.w * heading.w - heading.z * heading.z, sine = 2 * heading.w * heading.z
        let disagreement = atan2(-(sine * x + cosine * y), cosine * x - sine * y)
        headingUpdates += 1
        let time = (headingTime ?? -dt) + dt
        headingTime = time
        let gain = max(dt / (settings.headingTimeConstant + dt), time < settings.headingTimeConstant ? 1 / headingUpdates : 0)
        let turned = (heading * Quaternion(rotationVector: Vector3(0, 0, gain * disagreement))).renormalized
        heading = turned.w < 0 ? Quaternion(w: -turned.w, x: 0, y: 0, z: -turned.z) : turned
        guard time > settings.headingTimeConstant, started, elapsed > 0, !resting, dt > 0 else { return }
        // In steady state the offset lags a heading drifting at rate w by w·τ.
        biasFilter.update(
            verticalRow, verticalBias - disagreement / settings.headingTimeConstant,
            noise: biasFilter.measurementNoise(settlingAt: settings.headingBiasUncertainty, dt: dt))
    }

    /// The shortest rotation taking `up` (any length) to (0, 0, 1); nil when it is zero or points
    /// straight down. For `up` of length l the arc is (l + up.z, up.y, −up.x, 0) scaled, whose norm
    /// is √(2 l (l + up.z)): one square root fewer than normalizing `up` first.
    private static func arcToVertical(_ up: Vector3) -> Quaternion? {
        let length = up.length
        let normSquared = 2 * length * (length + up.z)
        guard normSquared > 1e-18 * length * length else { return nil }
        let scale = 1 / normSquared.squareRoot()
        return Quaternion(w: (length + up.z) * scale, x: up.y * scale, y: -up.x * scale, z: 0)
    }

    /// The rows of `q`'s rotation matrix: the reference frame's axes in device axes.
    private static func rows(of q: Quaternion) -> (Vector3, Vector3, Vector3) {
        let (w, x, y, z) = (q.w, q.x, q.y, q.z)
        return (
            Vector3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
            Vector3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
            Vector3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))
        )
    }
}

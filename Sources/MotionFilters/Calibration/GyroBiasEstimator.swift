import MotionMath

/// Learns a gyroscope's bias (its reading at rest, rad/s) from the moments the device lies still, as
/// a phone does on a table, and subtracts it.
///
/// Stillness is judged over consecutive windows of `Settings.window` seconds, from running sums only
/// (no buffer): a window is still when
/// 1. the rotation rate's spread about its own window mean is small: the bias itself can be large
///    (an iPhone 5's x axis reads 0.104 rad/s, 6 °/s, at rest), so the rate is never compared with
///    zero, only with itself;
/// 2. the acceleration's spread is small: a steady turn has a steady rate, which test 1 would take
///    for bias, but it swings gravity through the accelerometer's axes (a turn about the vertical
///    alone escapes both tests; no inertial test can tell it from bias);
/// 3. the mean acceleration's magnitude is within `maximumGravityError` of 1 g: the device is not
///    being carried along (a lift, a car braking) while holding its attitude;
/// 4. when magnetometer readings are given, the field's spread is small: a device turning about the
///    vertical (a phone flat on a turntable, a car cornering) keeps the rate and gravity steady, and
///    only the field, turning through its axes, shows the turn. Without a field such a turn is
///    learnt as bias.
///
/// Each still window's mean rate is folded into the bias, weighted by its duration: a plain mean
/// until `averagingTime` seconds of stillness have been seen, then an exponential average with that
/// time constant, so the estimate settles quickly and still follows a bias that drifts with
/// temperature. A window with motion anywhere in it is discarded whole.
public struct GyroBiasEstimator: Hashable, Sendable {
    /// The stillness thresholds and averaging time.
    public struct Settings: Hashable, Sendable {
        /// The window's length, in seconds.
        public var window: Double
        /// The fewest samples a window needs to be judged: fewer (a gap in the stream) cannot show motion.
        public var minimumSamples: Int
        /// The largest spread of the rotation rate in a still window, rad/s (root of the summed
        /// per-axis variances).
        public var maximumRateDeviation: Double
        /// The largest spread of the acceleration in a still window, g (likewise).
        public var maximumAccelerationDeviation: Double
        /// The largest difference between the window's mean |acceleration| and 1 g.
        public var maximumGravityError: Double
        /// Seconds of stillness over which the bias is averaged; older stillness fades after that.
        public var averagingTime: Double
        /// The largest spread of the magnetic field in a still window, in the field's unit (µT).
        public var maximumFieldDeviation: Double

        /// Creates the settings.
        public init(
            window: Double, minimumSamples: Int, maximumRateDeviation: Double, maximumAccelerationDeviation: Double,
            maximumGravityError: Double, averagingTime: Double, maximumFieldDeviation: Double
        ) {
            self.window = window
            self.minimumSamples = minimumSamples
            self.maximumRateDeviation = maximumRateDeviation
            self.maximumAccelerationDeviation = maximumAccelerationDeviation
            self.maximumGravityError = maximumGravityError
            self.averagingTime = averagingTime
            self.maximumFieldDeviation = maximumFieldDeviation
        }

        /// Chosen from the tyrex iPhone 5 recordings. At rest (`calib_gyr_iPhone5_d3`) a 1 s window
        /// spreads 0.0033 rad/s (gyroscope) and 0.002 g (accelerometer), and |a| averages 0.996 g;
        /// the stillest second of any carried trial (texting, pocket, swinging, running) spreads
        /// 0.09 rad/s. So 0.015 rad/s is 4.5 times the noise and 6 times below hand-held motion;
        /// 0.01 g is 5 times the accelerometer noise and what a 0.03 rad/s turn sweeps in a second;
        /// 0.05 g allows a cheap accelerometer's scale error. 30 s of averaging brings the noise of
        /// the estimate under 0.0002 rad/s. The raw field at rest spreads 1.3 µT over a second, and a
        /// turn at 30 °/s sweeps a 23 µT horizontal field over about 3.5 µT: 2.5 µT lies between
        /// (a slower turn, under about 20 °/s, is not told from bias).
        public static let standard = Settings(
            window: 1, minimumSamples: 10, maximumRateDeviation: 0.015, maximumAccelerationDeviation: 0.01,
            maximumGravityError: 0.05, averagingTime: 30, maximumFieldDeviation: 2.5)
    }

    /// Running sums over the current window. Rates and accelerations are taken relative to the
    /// window's first sample, so the variances do not cancel a large bias against itself.
    private struct Window: Hashable, Sendable {
        var duration = 0.0
        var count = 0
        var firstRate = Vector3.zero
        var firstAcceleration = Vector3.zero
        var rateSum = Vector3.zero
        var rateSquares = Vector3.zero
        var accelerationSum = Vector3.zero
        var accelerationSquares = Vector3.zero
        var magnitudeSum = 0.0
        var fieldCount = 0
        var firstField = Vector3.zero
        var fieldSum = Vector3.zero
        var fieldSquares = Vector3.zero

        mutating func add(rate: Vector3, acceleration: Vector3, field: Vector3?, dt: Double) {
            if count == 0 {
                firstRate = rate
                firstAcceleration = acceleration
            }
            if let field {
                if fieldCount == 0 { firstField = field }
                let f = field - firstField
                fieldCount += 1
                fieldSum += f
                fieldSquares += Vector3(f.x * f.x, f.y * f.y, f.z * f.z)
            }
            let r = rate - firstRate, a = acceleration - firstAcceleration
            duration += dt
            count += 1
            rateSum += r
            rateSquares += Vector3(r.x * r.x, r.y * r.y, r.z * r.z)
            accelerationSum += a
            accelerationSquares += Vector3(a.x * a.x, a.y * a.y, a.z * a.z)
            magnitudeSum += acceleration.length
        }

        /// The root of the summed per-axis variances of values whose sums are given.
        func spread(_ sum: Vector3, _ squares: Vector3, count: Int) -> Double {
            let mean = sum / Double(count)
            return max(0, (squares.x + squares.y + squares.z) / Double(count) - mean.lengthSquared).squareRoot()
        }

        var meanRate: Vector3 { firstRate + rateSum / Double(count) }
        var rateDeviation: Double { spread(rateSum, rateSquares, count: count) }
        var accelerationDeviation: Double { spread(accelerationSum, accelerationSquares, count: count) }
        /// Nil when the window had no field readings.
        var fieldDeviation: Double? { fieldCount == 0 ? nil : spread(fieldSum, fieldSquares, count: fieldCount) }
        var meanMagnitude: Double { magnitudeSum / Double(count) }
    }

    /// The thresholds and averaging time.
    public let settings: Settings
    /// The bias learnt so far, rad/s; nil until a still window has been seen.
    public private(set) var bias: Vector3?
    /// Seconds of stillness the bias was learnt from.
    public private(set) var stillTime = 0.0
    /// Whether the last judged window was still; nil before the first window ends.
    public private(set) var wasStill: Bool?
    private var window = Window()

    /// An estimator that knows no bias yet.
    public init(settings: Settings = .standard) {
        self.settings = settings
    }

    /// Takes one gyroscope reading (rad/s) with the accelerometer reading nearest it in time (g) and,
    /// when there is one, the magnetometer's (µT, raw or calibrated), `dt` seconds after the previous
    /// gyroscope reading.
    public mutating func update(gyroscope: Vector3, accelerometer: Vector3, magnetometer: Vector3? = nil, dt: Double) {
        window.add(rate: gyroscope, acceleration: accelerometer, field: magnetometer, dt: max(0, dt))
        // Durations like 100 × 0.01 s add up to a hair under 1 s; the tolerance keeps such a window
        // at its 100 samples.
        guard window.duration >= settings.window - 1e-6 else { return }
        defer { window = Window() }
        guard window.count >= settings.minimumSamples else { return }
        let still =
            window.rateDeviation <= settings.maximumRateDeviation
            && window.accelerationDeviation <= settings.maximumAccelerationDeviation
            && abs(window.meanMagnitude - 1) <= settings.maximumGravityError
            && (window.fieldDeviation ?? 0) <= settings.maximumFieldDeviation
        wasStill = still
        guard still else { return }
        stillTime += window.duration
        // Weight duration / seen-so-far is the running mean; capped at the averaging time, it
        // becomes an exponential average with that time constant.
        let weight = window.duration / min(stillTime, settings.averagingTime)
        let current = bias ?? window.meanRate
        bias = current + (window.meanRate - current) * weight
    }

    /// `gyroscope` less the bias learnt (unchanged while none is).
    @inlinable public func corrected(_ gyroscope: Vector3) -> Vector3 {
        gyroscope - (bias ?? .zero)
    }
}

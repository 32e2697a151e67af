import MotionMath

/// Tells when a device lies at rest, as Laidig and Seel's VQF does, and a little more strictly: the
/// gyroscope and the accelerometer each stay within a threshold of their own low-passed reading,
/// and the low-passed acceleration and field (when one is given) stay within a drift of where they
/// were when the stillness began, for `minimumTime` seconds. At rest the low-passed rate is the
/// gyroscope's bias, which a bias filter can take as a measurement of the whole bias, about every axis.
///
/// VQF's tests alone pass a device turning steadily, or slowly near the end of a sweep: the rate is
/// then steady and the readings move too little from one sample to the next. Turning, though, the
/// device swings gravity or the field, or both, through its axes, and over a second or two they move
/// further than noise does. Only a turn about the vertical without a field escapes every test; the
/// caller then has to judge whether the low-passed rate can be a bias at all (VQF clips it).
///
/// Each reading is compared with the low-pass before it takes the reading in, so that a jolt is
/// measured against the rest before it. Nothing here allocates.
struct RestDetector: Hashable, Sendable {
    /// The thresholds and time constants.
    struct Settings: Hashable, Sendable {
        /// The largest distance of a gyroscope reading from its low-passed value at rest, rad/s.
        var rateThreshold: Double
        /// The largest distance of an accelerometer reading from its low-passed value at rest, g.
        var accelerationThreshold: Double
        /// How far, g, the low-passed acceleration may move while the device rests.
        var accelerationDrift: Double
        /// How far the low-passed field may move while the device rests, as a fraction of its
        /// strength (the field's unit varies from source to source).
        var fieldDrift: Double
        /// The low-passes' time constant, seconds.
        var timeConstant: Double
        /// Seconds within every threshold before the device counts as resting.
        var minimumTime: Double
    }

    /// The thresholds and time constants.
    let settings: Settings
    /// The gyroscope's low-passed rate, rad/s: its bias while the device rests.
    var meanRate: Vector3 { rateLowPass.value }
    /// Whether the device has rested for `minimumTime` seconds up to the latest reading.
    var isResting: Bool { restTime >= settings.minimumTime }

    private var rateLowPass = TwoStageLowPass()
    private var accelerationLowPass = TwoStageLowPass()
    private var fieldLowPass = TwoStageLowPass()
    /// Seconds since the field's low-pass last took a reading.
    private var sinceField = 0.0
    /// The low-passed acceleration and field when the stillness began (the field zero when none had come).
    private var restingAcceleration = Vector3.zero
    private var restingField = Vector3.zero
    private var restTime = 0.0

    /// A detector that has seen nothing yet.
    init(settings: Settings) {
        self.settings = settings
    }

    /// Takes a gyroscope reading (rad/s), the accelerometer's (g) and the magnetometer's if there is
    /// one (any unit), `dt` seconds after the previous.
    mutating func update(gyroscope: Vector3, accelerometer: Vector3, magnetometer: Vector3?, dt: Double) {
        let rateThreshold = settings.rateThreshold, accelerationThreshold = settings.accelerationThreshold
        let steady =
            (gyroscope - rateLowPass.value).lengthSquared <= rateThreshold * rateThreshold
            && (accelerometer - accelerationLowPass.value).lengthSquared <= accelerationThreshold * accelerationThreshold
        let gain = TwoStageLowPass.gain(dt: dt, timeConstant: settings.timeConstant)
        _ = rateLowPass.update(gyroscope, gain: gain)
        let acceleration = accelerationLowPass.update(accelerometer, gain: gain)
        sinceField += dt
        if let magnetometer, magnetometer.lengthSquared > 0 {
            _ = fieldLowPass.update(magnetometer, gain: TwoStageLowPass.gain(dt: sinceField, timeConstant: settings.timeConstant))
            sinceField = 0
        }
        let field = fieldLowPass.value, accelerationDrift = settings.accelerationDrift, fieldDrift = settings.fieldDrift
        let held =
            (acceleration - restingAcceleration).lengthSquared <= accelerationDrift * accelerationDrift
            && (field - restingField).lengthSquared <= fieldDrift * fieldDrift * field.lengthSquared
        if steady, held {
            restTime += dt
        } else {
            restTime = 0
            restingAcceleration = acceleration
            restingField = field
        }
    }
}

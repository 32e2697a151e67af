import MotionMath

/// Tells when a device lies at rest, as Laidig and Seel's VQF does: the gyroscope and the
/// accelerometer each stay within a threshold of their own low-passed reading for `minimumTime`
/// seconds. A device held in a hand, carried or turned slowly moves its readings more than that; a
/// device on a table or a lab's board does not. At rest the low-passed rate is the gyroscope's bias,
/// which a bias filter can take as a measurement of the whole bias, about every axis.
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
        /// The low-passes' time constant, seconds.
        var timeConstant: Double
        /// Seconds within both thresholds before the device counts as resting.
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
    private var restTime = 0.0

    /// A detector that has seen nothing yet.
    init(settings: Settings) {
        self.settings = settings
    }

    /// Takes a gyroscope reading (rad/s) and the accelerometer's (g), `dt` seconds after the previous.
    mutating func update(gyroscope: Vector3, accelerometer: Vector3, dt: Double) {
        let rateThreshold = settings.rateThreshold, accelerationThreshold = settings.accelerationThreshold
        let still = (gyroscope - rateLowPass.value).lengthSquared <= rateThreshold * rateThreshold
            && (accelerometer - accelerationLowPass.value).lengthSquared <= accelerationThreshold * accelerationThreshold
        restTime = still ? restTime + dt : 0
        let gain = TwoStageLowPass.gain(dt: dt, timeConstant: settings.timeConstant)
        _ = rateLowPass.update(gyroscope, gain: gain)
        _ = accelerationLowPass.update(accelerometer, gain: gain)
    }
}

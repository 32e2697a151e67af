import MotionMath

/// What every fusion filter does before its own correction: start from the e-compass on the first
/// usable update, then predict each new attitude by integrating the gyroscope. The correction is
/// measured on that prediction, for the readings' time, so a turn's own motion over the step is not
/// taken for error.
@usableFromInline struct GyroPrediction {
    /// The estimate: the identity until started, then whatever the filter sets.
    @usableFromInline var attitude = Quaternion.identity
    private var started = false

    /// The gyroscope's prediction after `dt`, or nil on the update that starts the estimate from the
    /// e-compass (or before any usable accelerometer reading), when there is nothing to correct.
    @inline(__always) mutating func predict(gyroscope: Vector3, accelerometer: Vector3, magnetometer: Vector3?, dt: Double) -> Quaternion? {
        guard started else {
            if let start = FusionGeometry.initialAttitude(accelerometer: accelerometer, magnetometer: magnetometer) {
                attitude = start
                started = true
            }
            return nil
        }
        return attitude.integrated(angularRate: gyroscope, over: dt)
    }
}

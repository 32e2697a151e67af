import MotionFilters
import MotionMath
import MotionSensors

/// What the heading workload does to the raw readings before its filter sees them, each step its own
/// parameter so a run can sweep it on and off:
/// - the gyroscope less the source's calibrated bias, then less what `GyroBiasEstimator` learns
///   whenever the device lies still;
/// - the magnetometer through the source's hard- and soft-iron calibration (from a calibration
///   recording), or through one learned online and refined from the source's: for the fusion filters
///   by `GyroAidedMagnetometerCalibrator` from the filter's own attitude, for the e-compass (no
///   gyroscope) by `OnlineMagnetometerCalibrator`'s ellipsoid fit;
/// - `DisturbanceRejection`'s tests, which withhold a correction whose reading is not gravity or
///   not the Earth's field.
struct HeadingCorrections {
    /// How the magnetometer is calibrated (the `mag-cal` parameter).
    enum MagnetometerMode: Int {
        /// Raw readings, hard iron and all.
        case raw = 0
        /// The source's calibration as it is (raw when it has none).
        case recorded = 1
        /// Learned online, starting from the source's calibration when it has one.
        case online = 2
    }

    /// The online calibrators.
    private enum Learner {
        case none, ellipsoidFit, gyroAided
    }

    private var learnedBias: GyroBiasEstimator?
    private let recordedBias: Vector3
    /// Which online calibrator learns, if any.
    private let learner: Learner
    // Both kept whether used or not, rather than as optionals: mutating an optional's payload moves
    // it out and back, a copy of the calibrator's sums on every reading.
    private var ellipsoidFit: OnlineMagnetometerCalibrator
    private var gyroAided: GyroAidedMagnetometerCalibrator
    private let recordedField: MagnetometerCalibration?
    private(set) var rejection: DisturbanceRejection
    /// The latest corrected rotation rate's size, rad/s: how fast the device turns.
    private var turnRate = 0.0

    /// Corrections for `calibration` (the source's, if any): `learnsBias` turns the still-time bias
    /// estimate on; `usesGyroscope` picks the online calibration a fusion filter can have; tolerances of
    /// 0 turn the rejection tests off.
    init(
        calibration: SensorCalibration?, learnsBias: Bool, magnetometer: MagnetometerMode, usesGyroscope: Bool,
        accelerationTolerance: Double, fieldTolerance: Double
    ) {
        recordedBias = calibration?.gyroscopeBias ?? .zero
        learnedBias = learnsBias ? GyroBiasEstimator() : nil
        let recorded = calibration?.magnetometerOffset.map { offset in
            MagnetometerCalibration(
                offset: offset, softIron: calibration?.magnetometerSoftIron ?? .identity,
                fieldStrength: calibration?.magnetometerFieldStrength ?? 1)
        }
        recordedField = magnetometer == .raw ? nil : recorded
        learner = magnetometer != .online ? .none : usesGyroscope ? .gyroAided : .ellipsoidFit
        gyroAided = GyroAidedMagnetometerCalibrator(prior: recorded)
        ellipsoidFit = OnlineMagnetometerCalibrator(prior: recorded)
        rejection = DisturbanceRejection(accelerationTolerance: accelerationTolerance, fieldTolerance: fieldTolerance)
    }

    /// The rotation rate less every bias known, learning from it (with `accelerometer` and `field`,
    /// `dt` seconds after the previous reading) while the device is still.
    mutating func rotationRate(_ gyroscope: Vector3, accelerometer: Vector3, field: Vector3?, dt: Double) -> Vector3 {
        let rate = gyroscope - recordedBias
        learnedBias?.update(gyroscope: rate, accelerometer: accelerometer, magnetometer: field, dt: dt)
        let corrected = learnedBias?.corrected(rate) ?? rate
        turnRate = corrected.length
        return corrected
    }

    /// The e-compass's field: calibrated as far as is known, learning from the raw reading when
    /// calibrating online.
    mutating func field(_ raw: Vector3) -> Vector3 {
        guard learner == .ellipsoidFit else { return recordedField?.corrected(raw) ?? raw }
        ellipsoidFit.update(raw)
        return ellipsoidFit.corrected(raw) ?? raw
    }

    /// A fusion filter's field: calibrated, learning from the raw reading with the filter's `attitude`
    /// when calibrating online, `dt` seconds after the previous reading; nil while the calibration is
    /// not yet trusted or the field is judged disturbed (then the heading holds on the gyroscope).
    mutating func field(_ raw: Vector3, attitude: Quaternion, dt: Double) -> Vector3? {
        let calibrated: Vector3?
        let reference: Vector3?
        if learner == .gyroAided {
            gyroAided.update(raw, attitude: attitude, dt: dt)
            // After an update the reading's correction is the calibration's; asked of the calibrator,
            // the call would copy all its sums.
            calibrated = gyroAided.calibration?.corrected(raw)
            reference = gyroAided.referenceField
        } else {
            calibrated = recordedField?.corrected(raw) ?? raw
            reference = nil
        }
        guard let calibrated else { return nil }
        return rejection.acceptsField(calibrated, attitude: attitude, reference: reference, turnRate: turnRate, dt: dt)
            ? calibrated : nil
    }

    /// The field a fusion filter starts from, before it has an attitude to learn with: calibrated as
    /// far as is known without learning; nil when nothing is known yet.
    func initialField(_ raw: Vector3) -> Vector3? {
        guard learner == .gyroAided else { return recordedField?.corrected(raw) ?? raw }
        return gyroAided.corrected(raw)
    }
}

import MotionFilters
import MotionMath
import MotionSensors

/// What the heading workload does to the raw readings before its filter sees them, each step its own
/// parameter so a run can sweep it on and off:
/// - the gyroscope less the source's calibrated bias, then less what `GyroBiasEstimator` learns
///   whenever the device lies still;
/// - the magnetometer through the source's hard- and soft-iron calibration (from a calibration
///   recording), refined or learned from scratch by `OnlineMagnetometerCalibrator`;
/// - `DisturbanceRejection`'s tests, which withhold a correction whose reading is not gravity or
///   not the Earth's field.
struct HeadingCorrections {
    /// How the magnetometer is calibrated (the `mag-cal` parameter).
    enum MagnetometerMode: Int {
        /// Raw readings, hard iron and all.
        case raw = 0
        /// The source's calibration as it is (raw when it has none).
        case recorded = 1
        /// The source's calibration refined online, or one learned online when it has none.
        case online = 2
    }

    private var learnedBias: GyroBiasEstimator?
    private let recordedBias: Vector3
    private var onlineField: OnlineMagnetometerCalibrator?
    private let recordedField: MagnetometerCalibration?
    private(set) var rejection: DisturbanceRejection

    /// Corrections for `calibration` (the source's, if any): `learnsBias` turns the still-time bias
    /// estimate on; tolerances of 0 turn the rejection tests off.
    init(calibration: SensorCalibration?, learnsBias: Bool, magnetometer: MagnetometerMode, accelerationTolerance: Double, fieldTolerance: Double) {
        recordedBias = calibration?.gyroscopeBias ?? .zero
        learnedBias = learnsBias ? GyroBiasEstimator() : nil
        let recorded = calibration?.magnetometerOffset.map { offset in
            MagnetometerCalibration(
                offset: offset, softIron: calibration?.magnetometerSoftIron ?? .identity,
                fieldStrength: calibration?.magnetometerFieldStrength ?? 1)
        }
        recordedField = magnetometer == .raw ? nil : recorded
        onlineField = magnetometer == .online ? OnlineMagnetometerCalibrator(prior: recorded) : nil
        rejection = DisturbanceRejection(accelerationTolerance: accelerationTolerance, fieldTolerance: fieldTolerance)
    }

    /// The rotation rate less every bias known, learning from it (with `accelerometer` and `field`,
    /// `dt` seconds after the previous reading) while the device is still.
    mutating func rotationRate(_ gyroscope: Vector3, accelerometer: Vector3, field: Vector3, dt: Double) -> Vector3 {
        let rate = gyroscope - recordedBias
        learnedBias?.update(gyroscope: rate, accelerometer: accelerometer, magnetometer: field, dt: dt)
        return learnedBias?.corrected(rate) ?? rate
    }

    /// The field calibrated as far as is known, learning from the raw reading when calibrating online.
    mutating func field(_ raw: Vector3) -> Vector3 {
        guard onlineField != nil else { return recordedField?.corrected(raw) ?? raw }
        onlineField?.update(raw)
        return onlineField?.corrected(raw) ?? raw
    }

    /// The readings a filter may correct toward: `accelerometer` unless it is not gravity (then zero,
    /// which every `AttitudeFilter` skips, and the field with it, as north needs an up); `field` unless
    /// it is disturbed (then nil: heading from the gyroscope alone).
    mutating func references(accelerometer: Vector3, field: Vector3, dt: Double) -> (accelerometer: Vector3, field: Vector3?) {
        let fieldAccepted = rejection.acceptsField(field, dt: dt)
        guard rejection.acceptsGravity(accelerometer) else { return (.zero, nil) }
        return (accelerometer, fieldAccepted ? field : nil)
    }
}

import MotionMath

/// Corrections for a device's raw sensors, found from calibration recordings (a still phone for the
/// gyroscope, one turned through many orientations for the magnetometer) and carried with a trace,
/// never applied to its samples: the trace keeps what the device measured.
///
/// Apply as `gyroscope − gyroscopeBias` and `magnetometerSoftIron · (magnetometer − magnetometerOffset)`.
/// A part that was not calibrated is nil.
public struct SensorCalibration: Hashable, Sendable {
    /// The gyroscope's reading at rest, rad/s, to subtract.
    public var gyroscopeBias: Vector3?
    /// The magnetometer's hard-iron field, µT, to subtract.
    public var magnetometerOffset: Vector3?
    /// The magnetometer's soft-iron correction, applied after the offset (symmetric, determinant 1
    /// when fitted); nil means none is known (the identity).
    public var magnetometerSoftIron: Matrix3?
    /// The magnitude of the corrected field where it was calibrated, µT.
    public var magnetometerFieldStrength: Double?
    /// Where the calibration came from: the recordings and how they were fitted.
    public var origin: String

    /// Creates a calibration; every correction may be left out.
    public init(
        gyroscopeBias: Vector3? = nil, magnetometerOffset: Vector3? = nil, magnetometerSoftIron: Matrix3? = nil,
        magnetometerFieldStrength: Double? = nil, origin: String
    ) {
        self.gyroscopeBias = gyroscopeBias
        self.magnetometerOffset = magnetometerOffset
        self.magnetometerSoftIron = magnetometerSoftIron
        self.magnetometerFieldStrength = magnetometerFieldStrength
        self.origin = origin
    }
}

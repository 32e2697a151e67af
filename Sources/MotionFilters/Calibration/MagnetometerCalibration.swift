import MotionMath

/// A magnetometer's hard- and soft-iron correction: `softIron · (raw − offset)`.
///
/// The phone's own magnets add a constant field (hard iron, `offset`, an iPhone 5's is about
/// 300 µT, seven times the Earth's); its steel bends and scales the Earth's field differently along
/// each axis (soft iron), so raw readings of a rotating phone lie on an ellipsoid about `offset`
/// rather than a sphere. `softIron` maps that ellipsoid back onto a sphere.
public struct MagnetometerCalibration: Hashable, Sendable {
    /// The hard-iron field to subtract, µT.
    public var offset: Vector3
    /// The soft-iron correction applied after subtracting the offset; symmetric with determinant 1
    /// when fitted (a pure reshaping), the identity when only the offset is known.
    public var softIron: Matrix3
    /// The magnitude of the corrected field where the calibration was fitted, µT.
    public var fieldStrength: Double

    /// Creates a calibration.
    public init(offset: Vector3, softIron: Matrix3 = .identity, fieldStrength: Double) {
        self.offset = offset
        self.softIron = softIron
        self.fieldStrength = fieldStrength
    }

    /// The calibration an ellipsoid (or sphere) fit of raw readings describes.
    public init(_ fit: FittedEllipsoid) {
        self.init(offset: fit.offset, softIron: fit.correction, fieldStrength: fit.radius)
    }

    /// The calibrated field of a raw reading, µT.
    @inlinable public func corrected(_ raw: Vector3) -> Vector3 {
        softIron * (raw - offset)
    }
}

import MotionMath

extension SensorCalibration {
    /// The gyroscope's bias from a recording of the device lying still: the mean rate; nil for no readings.
    public static func gyroscopeBias(still readings: [Vector3]) -> Vector3? {
        readings.isEmpty ? nil : readings.reduce(Vector3.zero, +) / Double(readings.count)
    }

    /// The magnetometer's hard and soft iron from a recording turned through many orientations:
    /// `EllipsoidFit`'s solution, or nil when the readings span too few orientations.
    public static func magnetometerFit(turned readings: [Vector3]) -> FittedEllipsoid? {
        var fit = EllipsoidFit()
        for reading in readings { fit.add(reading) }
        return fit.solve()
    }

    /// Takes the magnetometer's offset, field strength and (for a full ellipsoid) soft iron from `fit`.
    public mutating func adoptMagnetometer(_ fit: FittedEllipsoid) {
        magnetometerOffset = fit.offset
        magnetometerSoftIron = fit.kind == .ellipsoid ? fit.correction : nil
        magnetometerFieldStrength = fit.radius
    }
}

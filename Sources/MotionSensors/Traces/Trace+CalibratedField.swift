extension Trace {
    /// The trace with the phone's own calibrated field (`magnetometer-calibrated`, Core Motion's
    /// `CMCalibratedMagneticField`) as its magnetometer, so a fusion filter can be judged apart from
    /// the magnetometer calibration it would otherwise need. The raw field's calibration recording no
    /// longer applies and is dropped; the gyroscope's stays. Throws a `TraceError` naming `path` when
    /// the trace has no calibrated field.
    public func withCalibratedFieldAsMagnetometer(path: String) throws -> Trace {
        guard !calibratedMagnetometer.isEmpty else {
            throw TraceError(
                path: path, line: 0, reason: "no magnetometer-calibrated stream (the phone's calibrated field) to use as the magnetometer")
        }
        var trace = self
        trace.samples[.magnetometer] = calibratedMagnetometer
        if var calibration = trace.calibration {
            calibration.magnetometerOffset = nil
            calibration.magnetometerSoftIron = nil
            calibration.magnetometerFieldStrength = nil
            trace.calibration = calibration.gyroscopeBias == nil ? nil : calibration
        }
        return trace
    }
}

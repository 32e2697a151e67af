import MotionMath

extension VirtualDevice {
    /// Seconds the virtual phone lies still for its gyroscope calibration recording (the tyrex
    /// dataset's calib_gyr lasts 8.5 s).
    public static let gyroscopeCalibrationSeconds = 8.0
    /// Seconds it is tumbled for its magnetometer calibration recording (calib_mag: 24.6 s).
    public static let magnetometerCalibrationSeconds = 25.0

    /// What the virtual phone's own calibration recordings give, made the way the tyrex dataset made
    /// its `calib_*` ones and fitted the same way: lying still for the gyroscope (its mean rate), and
    /// tumbled through every orientation for the magnetometer (an ellipsoid fit), each read at 50 Hz
    /// through `noise`'s errors drawn from `seed`. So a run on the virtual device can use a
    /// calibration that is as good as such recordings make it, no better: the fit sees the noise and
    /// the hard iron's drift too.
    public static func calibration(seed: UInt64, noise: SensorNoise = .phone) -> SensorCalibration {
        let rate = 50.0
        func readings(of sensor: SensorKind, _ scenario: Scenario, seconds: Double) -> [Vector3] {
            var device = VirtualDevice(scenario: scenario, seed: seed, noise: noise)
            return (0..<Int(seconds * rate)).map { device.reading(of: sensor, at: Double($0) / rate).value }
        }
        // Rolling, pitching and yawing at unrelated rates, so the field sweeps the whole sphere.
        let tumbling = Scenario(
            name: "calibration-tumble", summary: "turned through every orientation for a magnetometer calibration",
            duration: magnetometerCalibrationSeconds,
            orientation: AttitudeTrajectory(
                roll: AngleCurve(rate: 1.3), pitch: AngleCurve(amplitude: 1.4, period: 7), yaw: AngleCurve(rate: 0.7)))
        var calibration = SensorCalibration(
            gyroscopeBias: SensorCalibration.gyroscopeBias(still: readings(of: .gyroscope, .still, seconds: gyroscopeCalibrationSeconds)),
            origin: "the virtual device's calibration recordings: \(Int(gyroscopeCalibrationSeconds)) s still (mean rate), "
                + "\(Int(magnetometerCalibrationSeconds)) s tumbling (magnetometer ellipsoid fit), 50 Hz, seed \(seed)")
        if let fit = SensorCalibration.magnetometerFit(turned: readings(of: .magnetometer, tumbling, seconds: magnetometerCalibrationSeconds)) {
            calibration.adoptMagnetometer(fit)
        }
        return calibration
    }
}

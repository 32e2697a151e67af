import MotionMath
import MotionSensors
import Testing

@Suite struct CalibrationRecordingsTests {
    /// The virtual phone's calibration recordings find its gyroscope bias and hard iron as well as
    /// their noise allows: 400 still readings with 0.002 rad/s of noise, 1250 tumbling ones with 0.4 µT.
    @Test func theVirtualDevicesRecordingsFindItsErrors() throws {
        let calibration = VirtualDevice.calibration(seed: 9)
        let noise = SensorNoise.phone
        let gyroscopeBias = try #require(calibration.gyroscopeBias)
        let offset = try #require(calibration.magnetometerOffset)
        let strength = try #require(calibration.magnetometerFieldStrength)
        #expect((gyroscopeBias - noise.gyroscope.bias).length < 0.0005)
        #expect((offset - noise.magnetometer.bias).length < 0.5)
        #expect(abs(strength - Scenario.still.earthField.intensity) < 0.5)
        #expect(calibration.magnetometerSoftIron != nil, "tumbling covers the sphere: a full ellipsoid is fitted")
        #expect(calibration.origin.contains("seed 9"))
        #expect(VirtualDevice.calibration(seed: 9) == calibration)
    }

    @Test func fittingNeedsReadingsThatSpanOrientations() {
        #expect(SensorCalibration.gyroscopeBias(still: []) == nil)
        #expect(SensorCalibration.gyroscopeBias(still: [Vector3(1, 2, 3), Vector3(3, 2, 1)]) == Vector3(2, 2, 2))
        #expect(SensorCalibration.magnetometerFit(turned: Array(repeating: Vector3(30, 0, -40), count: 50)) == nil)
    }
}

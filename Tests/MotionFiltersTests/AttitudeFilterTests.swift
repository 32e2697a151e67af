import MotionFilters
import MotionMath
import MotionSensors
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Known answers for the fusion filters, each run on the virtual device tick by tick as the heading
/// workload runs them: gyroscope, accelerometer and magnetometer read at the same time, one update.
@Suite struct AttitudeFilterTests {
    static let filterNames = ["complementary", "madgwick", "mahony", "laidig-seel"]

    func makeFilter(_ name: String) -> any AttitudeFilter {
        switch name {
        case "complementary": ComplementaryFilter()
        case "madgwick": MadgwickFilter()
        case "laidig-seel": LaidigSeelFilter()
        default: MahonyFilter()
        }
    }

    /// The signed difference of two headings, in (−180, 180].
    func headingError(_ a: Double, _ b: Double) -> Double {
        -(Angle.wrappedDegrees(b - a + 180) - 180)
    }

    /// The angle between two attitudes, degrees.
    func angle(_ a: Quaternion, _ b: Quaternion) -> Double {
        // From the difference's vector part and scalar part, not acos of their dot product, which near 1
        // turns a last-bit difference in either norm into 1e-6 degrees.
        let difference = a.conjugate * b
        return Angle.degrees(fromRadians: 2 * atan2(difference.vector.length, abs(difference.w)))
    }

    /// Runs `filter` on `device` at 50 Hz for `duration` seconds, calling `afterTick` with the time
    /// and the attitude.
    func run(
        _ filter: inout some AttitudeFilter, _ device: inout VirtualDevice, duration: Double, afterTick: (Double, Quaternion) -> Void = { _, _ in }
    ) {
        let rate = 50.0
        for tick in 0...Int(duration * rate) {
            let time = Double(tick) / rate
            filter.update(
                gyroscope: device.reading(of: .gyroscope, at: time).value,
                accelerometer: device.reading(of: .accelerometer, at: time).value,
                magnetometer: device.reading(of: .magnetometer, at: time).value, dt: 1 / rate)
            afterTick(time, filter.attitude)
        }
    }

    /// Still, with a phone's white noise on every sensor (the field's hard iron calibrated away),
    /// each filter starts at and stays near the e-compass's attitude from perfect readings, the
    /// truth: the gyroscope's noise averages out, and the filter smooths the compass's.
    @Test(arguments: filterNames)
    func stillDeviceSettlesOnTheCompassAttitude(name: String) {
        var filter = makeFilter(name)
        let noise = SensorNoise(
            accelerometer: SensorErrorModel(whiteNoise: SensorNoise.phone.accelerometer.whiteNoise),
            gyroscope: SensorErrorModel(whiteNoise: SensorNoise.phone.gyroscope.whiteNoise),
            magnetometer: SensorErrorModel(whiteNoise: SensorNoise.phone.magnetometer.whiteNoise))
        var device = VirtualDevice(scenario: .still, seed: 3, noise: noise), exact = VirtualDevice(scenario: .still, seed: 3, noise: .none)
        let compass = TiltCompensatedCompass.attitude(
            acceleration: exact.reading(of: .accelerometer, at: 0).value, magneticField: exact.reading(of: .magnetometer, at: 0).value)!
        var worstAfterSettling = 0.0
        run(&filter, &device, duration: 20) { time, attitude in
            if time >= 5 { worstAfterSettling = max(worstAfterSettling, angle(attitude, compass)) }
        }
        #expect(worstAfterSettling < 1, "\(name): \(worstAfterSettling)°")
    }

    /// Turning flat at 30°/s with perfect sensors: integration at the sensors' own rate is exact for a
    /// constant rate, and the corrections agree with it, so the heading follows the truth's throughout,
    /// but for Madgwick's fixed-size step, which chatters by up to 2β dt = 0.23°.
    @Test(arguments: filterNames)
    func turningTracksTheTruth(name: String) {
        var filter = makeFilter(name)
        let scenario = Scenario.turning()
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: .none)
        var worst = 0.0
        run(&filter, &device, duration: scenario.duration) { time, attitude in
            let error = headingError(Heading.degrees(of: attitude), scenario.truth(at: time).magneticHeading!)
            worst = max(worst, abs(error))
        }
        #expect(worst < (name == "madgwick" ? 0.25 : 0.01), "\(name): \(worst)°")
    }

    /// Still, with a constant 0.5°/s gyroscope bias about z and otherwise perfect sensors: integrating
    /// the gyroscope drifts 30° in a minute, Mahony's integral term learns the bias and its heading
    /// error vanishes, where a proportional term alone would leave bias/kp ≈ 0.5°.
    @Test func mahonyRejectsAGyroscopeBias() {
        let bias = Angle.radians(fromDegrees: 0.5)
        let noise = SensorNoise(gyroscope: SensorErrorModel(bias: Vector3(0, 0, bias)))
        var device = VirtualDevice(scenario: .still, seed: 1, noise: noise)
        let truth = Scenario.still.truth(at: 0).magneticHeading!
        var mahony = MahonyFilter(), integrated = Quaternion.identity
        var proportional = MahonyFilter(kp: 1, ki: 0)
        var proportionalDevice = device
        run(&mahony, &device, duration: 60)
        run(&proportional, &proportionalDevice, duration: 60)
        for _ in 0..<3000 { integrated = integrated.integrated(angularRate: Vector3(0, 0, bias), over: 0.02) }
        #expect(abs(headingError(Heading.degrees(of: integrated), Heading.degrees(of: .identity))) > 29)
        #expect(abs(headingError(Heading.degrees(of: mahony.attitude), truth)) < 0.05)
        #expect(abs(mahony.integralCorrection.z + bias) < 0.01 * bias)
        #expect(abs(abs(headingError(Heading.degrees(of: proportional.attitude), truth)) - 0.5) < 0.05)
    }

    /// Turning and tilting with a gyroscope bias on every axis (0.5°/s, 1°/s, −0.8°/s) and otherwise
    /// perfect sensors: the Laidig–Seel filter learns the bias in motion, about the horizontal axes
    /// from the inclination correction and about the vertical from the heading's, and then holds the
    /// attitude (over the last quarter of the minute) where integrating the gyroscope alone would
    /// drift by tens of degrees.
    @Test func laidigSeelLearnsTheBiasInMotion() {
        let bias = Vector3(0.5, 1, -0.8) * (Double.pi / 180)
        let scenario = Scenario.slowTilt(amplitude: 30)
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: SensorNoise(gyroscope: SensorErrorModel(bias: bias)))
        var filter = LaidigSeelFilter()
        var worstTilt = 0.0, worstHeading = 0.0
        run(&filter, &device, duration: scenario.duration) { time, attitude in
            guard time >= scenario.duration * 0.75 else { return }
            let truth = scenario.truth(at: time)
            let up = attitude.conjugate.rotate(Vector3(0, 0, 1)), trueUp = truth.attitude!.conjugate.rotate(Vector3(0, 0, 1))
            worstTilt = max(worstTilt, Angle.degrees(fromRadians: acos(min(1, up.dot(trueUp)))))
            worstHeading = max(worstHeading, abs(headingError(Heading.degrees(of: attitude), truth.magneticHeading!)))
        }
        #expect((filter.bias - bias).length < 0.05 * bias.length, "learnt \(filter.bias), true \(bias)")
        #expect(worstTilt < 0.15 && worstHeading < 0.35, "tilt \(worstTilt)°, heading \(worstHeading)°")
    }

    /// Lying still with a gyroscope bias on every axis and no magnetometer, the Laidig–Seel filter
    /// learns the whole bias at rest, the part about the vertical too, which no correction observes
    /// without a field: within 10 % in half a minute.
    @Test func laidigSeelLearnsTheWholeBiasAtRest() {
        let bias = Vector3(0.5, 1, -0.8) * (Double.pi / 180)
        var device = VirtualDevice(scenario: .still, seed: 1, noise: SensorNoise(gyroscope: SensorErrorModel(bias: bias)))
        var filter = LaidigSeelFilter()
        for tick in 0...(30 * 50) {
            let time = Double(tick) / 50
            filter.update(
                gyroscope: device.reading(of: .gyroscope, at: time).value, accelerometer: device.reading(of: .accelerometer, at: time).value,
                magnetometer: nil, dt: 0.02)
        }
        #expect((filter.bias - bias).length < 0.1 * bias.length, "learnt \(filter.bias), true \(bias)")
    }

    /// A steady turn keeps the rate and the readings steady, as rest does: turning flat with
    /// perfect sensors, the Laidig–Seel filter learns no bias from it, at 30 °/s without a field
    /// (no bias is that large) and at 5 °/s with one (the field swings through the device's axes).
    @Test(arguments: [(30.0, false), (5.0, true)])
    func aSteadyTurnIsNotRest(rate: Double, withField: Bool) {
        let scenario = Scenario.turning(rate: rate)
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: .none)
        var filter = LaidigSeelFilter()
        for tick in 0...Int(min(scenario.duration, 60) * 50) {
            let time = Double(tick) / 50
            filter.update(
                gyroscope: device.reading(of: .gyroscope, at: time).value, accelerometer: device.reading(of: .accelerometer, at: time).value,
                magnetometer: withField ? device.reading(of: .magnetometer, at: time).value : nil, dt: 0.02)
        }
        #expect(filter.bias.length < Angle.radians(fromDegrees: 0.05), "\(rate) °/s: learnt \(filter.bias)")
    }

    /// Zero and degenerate readings skip their correction: nothing starts on a zero accelerometer, a
    /// zero or vertical field leaves the attitude finite, and a zero step changes nothing.
    @Test(arguments: filterNames)
    func zeroReadingsGiveNoNaN(name: String) {
        var filter = makeFilter(name)
        filter.update(gyroscope: .zero, accelerometer: .zero, magnetometer: .zero, dt: 0.02)
        #expect(filter.attitude == .identity)
        filter.update(gyroscope: .zero, accelerometer: Vector3(0, 0, -1), magnetometer: .zero, dt: 0.02)
        let readings: [(Vector3, Vector3?)] = [
            (.zero, .zero), (Vector3(0, 0, -1), .zero), (Vector3(0, 0, -1), nil), (Vector3(0, 0, -1), Vector3(0, 0, -40)),
            (.zero, Vector3(0, 23, -40)), (Vector3(0, 0, 1), Vector3(0, 23, 40)),
        ]
        for (accelerometer, magnetometer) in readings {
            for _ in 0..<50 { filter.update(gyroscope: Vector3(0, 0, 0.1), accelerometer: accelerometer, magnetometer: magnetometer, dt: 0.02) }
            let q = filter.attitude
            #expect([q.w, q.x, q.y, q.z].allSatisfy(\.isFinite) && abs(q.norm - 1) < 1e-9, "\(name): \(q)")
        }
        let before = filter.attitude
        filter.update(gyroscope: .zero, accelerometer: .zero, magnetometer: nil, dt: 0)
        #expect(angle(filter.attitude, before) < 1e-6)
    }

    /// Without a magnetometer a filter starts level from the accelerometer and then keeps tilt right
    /// (the IMU versions) within a minute, to Madgwick's step of 2β dt = 0.23°.
    @Test(arguments: filterNames)
    func withoutAFieldTiltIsStillCorrected(name: String) {
        var filter = makeFilter(name)
        filter.update(gyroscope: .zero, accelerometer: Vector3(0, 0, -1), magnetometer: nil, dt: 0.02)
        // Tilted 20° about x: gravity seen from the device.
        let tilted = Quaternion(axis: Vector3(1, 0, 0), angle: Angle.radians(fromDegrees: 20))
        let reading = tilted.conjugate.rotate(Vector3(0, 0, -1))
        for _ in 0..<3000 { filter.update(gyroscope: .zero, accelerometer: reading, magnetometer: nil, dt: 0.02) }
        let up = filter.attitude.conjugate.rotate(Vector3(0, 0, 1))
        #expect(Angle.degrees(fromRadians: acos(min(1, up.dot(-reading)))) < (name == "madgwick" ? 0.25 : 0.02), "\(name)")
    }
}

import MotionMath
import MotionSensors
import Testing

@Suite struct VirtualDeviceTests {
    /// Readings of both sensors at `rate` for `duration` seconds, accelerometer then gyroscope at each time.
    func readings(_ device: inout VirtualDevice, rate: Double, duration: Double) -> [SensorSample] {
        (0..<Int(duration * rate)).flatMap { k in
            let time = Double(k) / rate
            return [device.reading(of: .accelerometer, at: time), device.reading(of: .gyroscope, at: time)]
        }
    }

    func bits(_ samples: [SensorSample]) -> [UInt64] {
        samples.flatMap { [$0.time.bitPattern, $0.value.x.bitPattern, $0.value.y.bitPattern, $0.value.z.bitPattern] }
    }

    @Test func sameSeedSameReadingsBitForBit() {
        var first = VirtualDevice(scenario: .tiltAndShake, seed: 42)
        var second = VirtualDevice(scenario: .tiltAndShake, seed: 42)
        var other = VirtualDevice(scenario: .tiltAndShake, seed: 43)
        let a = readings(&first, rate: 100, duration: 10)
        #expect(bits(a) == bits(readings(&second, rate: 100, duration: 10)))
        #expect(bits(a) != bits(readings(&other, rate: 100, duration: 10)))
    }

    @Test func eachSensorHasItsOwnNoiseStream() {
        var both = VirtualDevice(scenario: .still, seed: 7)
        var accelerometerOnly = VirtualDevice(scenario: .still, seed: 7)
        for k in 0..<100 {
            let time = Double(k) / 50
            let withGyroscope = both.reading(of: .accelerometer, at: time)
            _ = both.reading(of: .gyroscope, at: time)
            #expect(withGyroscope == accelerometerOnly.reading(of: .accelerometer, at: time))
        }
    }

    @Test func stillReadsOneGDownAndTheGyroscopeBias() {
        var device = VirtualDevice(scenario: .still, seed: 1)
        let noise = SensorNoise.phone
        var accelerationSum = Vector3.zero, rateSum = Vector3.zero
        let count = 2000
        for k in 0..<count {
            let time = Double(k) / 100
            let acceleration = device.reading(of: .accelerometer, at: time).value
            // Each axis within 5 σ of the truth.
            #expect(abs(acceleration.length - 1) < 5 * noise.accelerometer.whiteNoise * 3.0.squareRoot())
            accelerationSum += acceleration
            rateSum += device.reading(of: .gyroscope, at: time).value
        }
        // Means converge on the truth as σ/√n.
        #expect((accelerationSum / Double(count) - Vector3(0, 0, -1)).length < 0.001)
        #expect((rateSum / Double(count) - noise.gyroscope.bias).length < 0.0005)
    }

    @Test func uprightInPortraitReadsMinusOneGOnY() {
        // Rolled 90° about x: the top of the device points up.
        let upright = Scenario(
            name: "upright", summary: "", orientation: AttitudeTrajectory(roll: AngleCurve(offset: .pi / 2)))
        var device = VirtualDevice(scenario: upright, seed: 1, noise: .none)
        #expect((device.reading(of: .accelerometer, at: 3).value - Vector3(0, -1, 0)).length < 1e-15)
    }

    @Test func turningAboutZReadsTheRateOnZ() {
        let omega = 0.8
        let turning = Scenario(name: "turn", summary: "", orientation: AttitudeTrajectory(yaw: AngleCurve(rate: omega)))
        var device = VirtualDevice(scenario: turning, seed: 1, noise: .none)
        for time in [0.0, 1.3, 7.9] {
            #expect((device.reading(of: .gyroscope, at: time).value - Vector3(0, 0, omega)).length < 1e-15)
            #expect((device.reading(of: .accelerometer, at: time).value - Vector3(0, 0, -1)).length < 1e-15)
        }
    }

    @Test func accelerometerIsGravityInDeviceAxesMinusUserAcceleration() {
        let scenario = Scenario.tiltAndShake
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: .none)
        for k in 0..<300 {
            let time = Double(k) / 10
            let gravity = scenario.attitude(at: time).conjugate.rotate(Vector3(0, 0, -1))
            let expected = gravity - scenario.userAcceleration(at: time)
            #expect((device.reading(of: .accelerometer, at: time).value - expected).length < 1e-15)
        }
        // Between bursts the reading is pure gravity; in one it is not.
        #expect(scenario.userAcceleration(at: 4.99) == .zero && scenario.userAcceleration(at: 6.01) == .zero)
        #expect(abs(scenario.userAcceleration(at: 5).length - 3) < 1e-12)
    }

    @Test func gyroscopeIntegratesToTheTrueAttitude() {
        let scenario = Scenario.tiltAndShake
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: .none)
        let rate = 1000.0
        var attitude = scenario.attitude(at: 0)
        for k in 0..<Int(20 * rate) {
            // The midpoint rate makes each step second-order accurate.
            let midpoint = (Double(k) + 0.5) / rate
            attitude = attitude.integrated(angularRate: device.reading(of: .gyroscope, at: midpoint).value, over: 1 / rate)
        }
        let error = (scenario.attitude(at: 20).conjugate * attitude).normalized
        // The angle of the residual rotation.
        #expect(2 * error.vector.length < 1e-5)
    }
}

@Suite struct ScenarioTests {
    @Test func lookupByName() {
        #expect(Scenario.named("still") == .still)
        #expect(Scenario.named("tilt-and-shake") == .tiltAndShake)
        #expect(Scenario.named("spin") == nil)
        #expect(Set(Scenario.all.map(\.name)).count == Scenario.all.count)
    }

    @Test func shakeBurstsEveryTwentySeconds() {
        let shakes = Scenario.tiltAndShake.shakes!
        #expect(shakes.starts(before: 30) == [5, 25])
        #expect(Scenario.still.shakes == nil)
        // A whole number of cycles, so the device ends each burst at rest.
        #expect((shakes.duration * shakes.frequency).rounded() == shakes.duration * shakes.frequency)
        #expect(shakes.userAcceleration(at: 25) == shakes.direction * 3)
        #expect(shakes.userAcceleration(at: 26) == .zero)
    }
}

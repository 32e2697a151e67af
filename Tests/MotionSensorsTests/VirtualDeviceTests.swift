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

    @Test func sensorsReadAtOneTimeReadAsEachAlone() {
        var all = VirtualDevice(scenario: .figureEight(), seed: 11)
        var alone = [SensorKind.magnetometer, .accelerometer].map { _ in VirtualDevice(scenario: .figureEight(), seed: 11) }
        for k in 0..<200 {
            let time = Double(k) / 100
            let magnetometer = all.reading(of: .magnetometer, at: time)
            let accelerometer = all.reading(of: .accelerometer, at: time)
            #expect(bits([magnetometer]) == bits([alone[0].reading(of: .magnetometer, at: time)]))
            #expect(bits([accelerometer]) == bits([alone[1].reading(of: .accelerometer, at: time)]))
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

@Suite struct VirtualDeviceSensorsTests {
    /// `count` samples of every sensor at its own rate, interleaved sensor by sensor.
    func nativeReadings(_ device: inout VirtualDevice, count: Int) -> [SensorSample] {
        (0..<count).flatMap { _ in SensorKind.allCases.map { device.nextReading(of: $0) } }
    }

    func bits(_ samples: [SensorSample]) -> [UInt64] {
        samples.flatMap { [$0.time.bitPattern, $0.value.x.bitPattern, $0.value.y.bitPattern, $0.value.z.bitPattern] }
    }

    @Test func hasAllFourSensorsEachAtItsOwnRate() {
        var device = VirtualDevice(scenario: .walking(), seed: 5)
        #expect(device.sensors == Set(SensorKind.allCases))
        let samples = nativeReadings(&device, count: 3)
        #expect(samples.filter { $0.sensor == .accelerometer }.map(\.time) == [0, 0.01, 0.02])
        #expect(samples.filter { $0.sensor == .barometer }.map(\.time) == [0, 1, 2])
        // Undisturbed pressure sits between 101 and 102 kPa.
        #expect(samples.filter { $0.sensor == .barometer }.allSatisfy { $0.value.x > 101 && $0.value.x < 102 })
    }

    @Test(arguments: ["walking", "car", "stairs"])
    func sameSeedSameBytesOtherSeedOtherBytes(name: String) {
        let scenario = Scenario.named(name)!
        var first = VirtualDevice(scenario: scenario, seed: 42)
        var second = VirtualDevice(scenario: scenario, seed: 42)
        var other = VirtualDevice(scenario: scenario, seed: 43)
        let a = bits(nativeReadings(&first, count: 500))
        #expect(a == bits(nativeReadings(&second, count: 500)))
        let b = bits(nativeReadings(&other, count: 500))
        // Every sample of every sensor differs, not just some.
        #expect(zip(a, b).enumerated().filter { $0.offset % 4 == 1 }.allSatisfy { $0.element.0 != $0.element.1 })
    }

    /// The gyroscope's bias wanders as a random walk: over many seeds its spread after t seconds is
    /// `biasRandomWalk·√t`, whatever the rate it is read at.
    @Test func biasDriftSpreadsAsTheSquareRootOfTime() {
        let walk = 0.01
        let noise = SensorNoise(gyroscope: SensorErrorModel(biasRandomWalk: walk))
        var early: [Double] = [], late: [Double] = []
        for seed in 0..<300 {
            var device = VirtualDevice(scenario: .still, seed: UInt64(seed), noise: noise)
            for k in 0...400 {
                let rate = device.reading(of: .gyroscope, at: Double(k) / (seed.isMultiple(of: 2) ? 10 : 4)).value
                if k == 100 { early.append(rate.x) }
                if k == 400 { late.append(rate.y) }
            }
        }
        func variance(_ values: [Double]) -> Double { values.map { $0 * $0 }.reduce(0, +) / Double(values.count) }
        // Half the devices read at 10 Hz (10 s, then 40 s), half at 4 Hz (25 s, then 100 s).
        let expectedEarly = walk * walk * (10 + 25) / 2, expectedLate = walk * walk * (40 + 100) / 2
        #expect(abs(variance(early) / expectedEarly - 1) < 0.3)
        #expect(abs(variance(late) / expectedLate - 1) < 0.3)
    }

    @Test func whiteNoiseAndDriftDrawFromSeparateStreams() {
        var steady = VirtualDevice(scenario: .still, seed: 8, noise: SensorNoise(magnetometer: SensorErrorModel(whiteNoise: 0.4)))
        var drifting = VirtualDevice(
            scenario: .still, seed: 8, noise: SensorNoise(magnetometer: SensorErrorModel(whiteNoise: 0.4, biasRandomWalk: 0.05)))
        var differences: [Double] = []
        for k in 0..<200 {
            let time = Double(k) / 10
            differences.append((drifting.reading(of: .magnetometer, at: time).value - steady.reading(of: .magnetometer, at: time).value).x)
        }
        // The difference is the drift alone: a smooth walk, with steps far smaller than the noise.
        let steps = zip(differences.dropFirst(), differences).map { abs($0 - $1) }
        #expect(steps.max()! < 0.1 && differences.last! != 0)
    }
}

@Suite struct ScenarioCatalogTests {
    @Test func everyScenarioByName() {
        let names = [
            "still", "slow-tilt", "turning", "figure-eight", "walking", "running", "stairs", "elevator", "shake", "car",
            "tilt-and-shake",
        ]
        #expect(Scenario.all.map(\.name) == names)
        for name in names { #expect(Scenario.named(name)?.name == name) }
        #expect(Scenario.named("walking") == .walking())
        #expect(Scenario.all.allSatisfy { $0.duration > 0 && !$0.summary.isEmpty })
    }

    @Test func touchesStayInTimeOrderOnTheCanvas() {
        for scenario in Scenario.all {
            #expect(scenario.touches.map(\.time) == scenario.touches.map(\.time).sorted())
            #expect(scenario.touches.allSatisfy { (0...375).contains($0.point.x) && (0...667).contains($0.point.y) })
        }
        var scenario = Scenario.shake()
        scenario.touches = [TouchEvent(time: 2, .tap(Vector2(1, 1))), TouchEvent(time: 1, .doubleTap(Vector2(2, 2)))]
        #expect(scenario.touches.map(\.time) == [1, 2])
        let presses = Scenario.still.touches.compactMap { event -> String? in
            if case let .press(button, _) = event.gesture { button } else { nil }
        }
        #expect(Array(presses.prefix(5)) == ["light", "medium", "heavy", "soft", "rigid"])
        let gestures = Scenario.tiltAndShake.touches.map(\.gesture)
        #expect(gestures.contains { if case .doubleTap = $0 { true } else { false } })
        #expect(gestures.filter { if case .tap = $0 { true } else { false } }.count == 5)
    }

    @Test func oneShakeBurstInTheShakeScenario() {
        let scenario = Scenario.shake(frequency: 5, cycles: 4, peak: 2)
        #expect(scenario.shakes!.starts(before: scenario.duration) == [2])
        #expect(abs(scenario.userAcceleration(at: 2).length - 2) < 1e-12)
        #expect(scenario.userAcceleration(at: 2.81) == .zero)
    }
}

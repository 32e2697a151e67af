import MotionFilters
import MotionMath
import MotionSensors
import MotionWorkloads
import TestSupport
import Testing

@Suite struct HeadingWorkloadTests {
    func makeWorkload(
        filter: String = "ecompass", rate: Double = 50, parameters: [String: Double] = [:], calibration: SensorCalibration? = nil
    ) throws -> HeadingWorkload {
        try HeadingWorkload(configuration: WorkloadConfiguration(rate: rate, filter: filter, parameters: parameters, calibration: calibration))
    }

    /// Feeds `device` at `rate` for `duration` seconds in the hub's order (gyroscope, accelerometer,
    /// magnetometer each tick) and calls `afterTick` with the tick's time.
    func run(_ workload: HeadingWorkload, _ device: inout VirtualDevice, rate: Double = 50, duration: Double, afterTick: (Double) -> Void = { _ in })
    {
        let sensors = HeadingWorkload.descriptor.sensors
        drive(workload, source: &device, sensors: sensors, rate: rate, duration: duration) { event in
            if case let .sample(sample) = event, sample.sensor == sensors.last { afterTick(sample.time) }
        }
    }

    /// The signed difference of two headings, in (−180, 180].
    func headingError(_ a: Double, _ b: Double) -> Double {
        -(Angle.wrappedDegrees(b - a + 180) - 180)
    }

    /// A phone's noise with the magnetometer's hard-iron offset calibrated away (as
    /// `CMCalibratedMagneticField` is): the e-compass removes no offset, and the phone's raw tens of
    /// µT would swamp the 23 µT of horizontal field it points by.
    let calibrated = SensorNoise(
        accelerometer: SensorNoise.phone.accelerometer, gyroscope: SensorNoise.phone.gyroscope,
        magnetometer: SensorErrorModel(whiteNoise: SensorNoise.phone.magnetometer.whiteNoise))

    @Test(arguments: HeadingWorkload.descriptor.filters)
    func golden(filter: String) throws {
        let workload = try makeWorkload(filter: filter, calibration: VirtualDevice.calibration(seed: 42, noise: calibrated))
        var device = VirtualDevice(scenario: .turning(), seed: 42, noise: calibrated)
        var lines: [String] = []
        run(workload, &device, duration: Scenario.turning().duration) { time in
            lines.append("tick \(FixedDecimal.format(time, decimals: 3)) \(workload.describeState())")
        }
        try expectGolden(lines.joined(separator: "\n") + "\n", named: "heading-\(filter).txt")
        #expect(workload.outputSummary["samples"] == 3600 && workload.outputSummary["estimates"] == 1200)
    }

    /// With perfect sensors the e-compass has nothing to settle: turning flat, and tilting slowly
    /// through ±30°, its magnetic heading is the truth's at every tick. (At ±45° the top dips to
    /// where `Heading` switches to the back's direction, and there a rounding apart flips it 180°.)
    @Test(arguments: [Scenario.turning().name, Scenario.slowTilt(amplitude: 30).name])
    func perfectSensorsGiveTheTrueMagneticHeading(scenarioName: String) throws {
        let scenario = scenarioName == "turning" ? Scenario.turning() : Scenario.slowTilt(amplitude: 30)
        let workload = try makeWorkload()
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: .none)
        var worst = 0.0
        run(workload, &device, duration: scenario.duration) { time in
            let truth = scenario.truth(at: time).magneticHeading!
            worst = max(worst, abs(headingError(workload.magneticHeading.value!, truth)))
        }
        #expect(worst < 1e-6)
    }

    /// Each fusion filter, with perfect sensors, follows the turn as the e-compass does, starting from
    /// it on the first tick: Madgwick to within its fixed step, the others exactly.
    @Test(arguments: ["complementary", "madgwick", "mahony"])
    func fusionFiltersFollowTheTurn(filter: String) throws {
        let scenario = Scenario.turning()
        let workload = try makeWorkload(filter: filter)
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: .none)
        var worst = 0.0
        run(workload, &device, duration: scenario.duration) { time in
            worst = max(worst, abs(headingError(workload.magneticHeading.value!, scenario.truth(at: time).magneticHeading!)))
        }
        #expect(worst < (filter == "madgwick" ? 0.25 : 1e-6), "\(filter): \(worst)°")
        #expect(workload.estimates == 1200)
    }

    /// With a phone's noise but a calibrated magnetometer, turning flat: 0.4 µT across 23.5 µT of
    /// horizontal field is about 1° per sample, and 0.005 g of tilt error, through the 60° dip, about
    /// 0.5° more; so about 1.1° RMS for the e-compass, nothing filtered, and rare samples beyond 3°.
    /// The fusion filters, given the gyroscope bias the device's calibration recording found, average
    /// that noise over seconds with the gyroscope's help, for a fraction of it once the e-compass's
    /// noisy first attitude they start from has been worked off (10 s here, their slowest time constant);
    /// the online calibration, refitting from those noisy readings, costs a few hundredths of a degree.
    @Test(arguments: HeadingWorkload.descriptor.filters)
    func noisySensorsStayWithinAboutADegree(filter: String) throws {
        let scenario = Scenario.turning()
        let workload = try makeWorkload(filter: filter, calibration: VirtualDevice.calibration(seed: 7, noise: calibrated))
        var device = VirtualDevice(scenario: scenario, seed: 7, noise: calibrated)
        var worst = 0.0, sumOfSquares = 0.0, settled = 0
        run(workload, &device, duration: scenario.duration) { time in
            guard time >= 10 else { return }
            let error = headingError(workload.magneticHeading.value!, scenario.truth(at: time).magneticHeading!)
            worst = max(worst, abs(error))
            sumOfSquares += error * error
            settled += 1
        }
        let rms = (sumOfSquares / Double(settled)).squareRoot()
        #expect(rms < (filter == "ecompass" ? 1.5 : 0.4), "\(filter): \(rms)°")
        #expect(worst < (filter == "ecompass" ? 5 : 1), "\(filter): \(worst)°")
    }

    /// The raw field's hard iron (tens of µT) turns the e-compass's north by tens of degrees; the
    /// device's calibration recording takes it out, and online refinement keeps it out.
    @Test(arguments: [0.0, 1, 2])
    func theSourcesCalibrationTakesTheHardIronOut(magnetometerCalibration: Double) throws {
        let scenario = Scenario.turning()
        let workload = try makeWorkload(
            filter: "mahony", parameters: ["mag-cal": magnetometerCalibration], calibration: VirtualDevice.calibration(seed: 3))
        var device = VirtualDevice(scenario: scenario, seed: 3)
        var sumOfSquares = 0.0, settled = 0
        run(workload, &device, duration: scenario.duration) { time in
            guard time >= 10 else { return }
            let error = headingError(workload.magneticHeading.value!, scenario.truth(at: time).magneticHeading!)
            sumOfSquares += error * error
            settled += 1
        }
        let rms = (sumOfSquares / Double(settled)).squareRoot()
        if magnetometerCalibration == 0 {
            #expect(rms > 10, "raw: \(rms)°")
        } else {
            #expect(rms < 0.5, "mag-cal=\(magnetometerCalibration): \(rms)°")
        }
    }

    /// Without any calibration the gyroscope's bias is learnt while the phone lies still, and a flat
    /// turn (steady rate, steady gravity) is not mistaken for bias because the field turns.
    @Test func theGyroscopeBiasIsLearntWhenStillAndNotFromATurn() throws {
        for scenario in [Scenario.still, Scenario.turning()] {
            let workload = try makeWorkload(filter: "mahony", parameters: ["mag-cal": 0])
            var device = VirtualDevice(scenario: scenario, seed: 5, noise: calibrated)
            var worst = 0.0
            run(workload, &device, duration: 24) { time in
                guard time >= 10 else { return }
                worst = max(worst, abs(headingError(workload.magneticHeading.value!, scenario.truth(at: time).magneticHeading!)))
            }
            #expect(worst < 1, "\(scenario.name): \(worst)°")
        }
    }

    /// Where the scenario's field has the declination the World Magnetic Model gives for the
    /// workload's place and date, the true heading and the attitude about true north are the truth's.
    @Test func trueHeadingAndAttitudeAboutTrueNorth() throws {
        let workload = try makeWorkload()
        let field = EarthField(intensity: 47.5, inclination: 61.2, declination: workload.declination)
        var scenario = Scenario.slowTilt(amplitude: 30)
        scenario.earthField = field
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: .none)
        run(workload, &device, duration: 20) { time in
            let truth = scenario.truth(at: time)
            #expect(abs(headingError(workload.trueHeading.value!, truth.trueHeading!)) < 1e-6)
            let attitude = workload.attitude!, expected = truth.attitude!
            #expect(abs(abs(attitude.w * expected.w + attitude.x * expected.x + attitude.y * expected.y + attitude.z * expected.z) - 1) < 1e-12)
            #expect(workload.trueHeading.value == Angle.wrappedDegrees(workload.magneticHeading.value! + workload.declination))
        }
    }

    /// The declination is the model's at the configured place and date: Grenoble at the start of
    /// 2026 by default, NOAA's first test point when the parameters say so.
    @Test func declinationFromTheParameters() throws {
        let grenoble = WorldMagneticModel.wmm2025.field(latitude: 45.1885, longitude: 5.7245, altitude: 212, year: 2026)
        #expect(try makeWorkload().declination == grenoble.declination)
        #expect(abs(grenoble.declination - 2.85) < 0.01)
        let arctic = try makeWorkload(parameters: ["latitude": 80, "longitude": 0, "altitude": 0, "year": 2025])
        #expect(abs(arctic.declination - 1.28) < 0.01)
        #expect(
            HeadingWorkload.descriptor.parameters.map(\.name) == [
                "latitude", "longitude", "altitude", "year", "tau", "beta", "kp", "ki", "tau-acc", "tau-mag", "gyro-bias", "mag-cal",
                "accel-gate", "field-gate",
            ])
    }

    /// Labels before and after: the field shows from the first magnetometer sample, headings only
    /// once an accelerometer sample came with it; the cardinal points follow the headings.
    @Test func labelsAndCardinalPoints() throws {
        let workload = try makeWorkload(parameters: ["latitude": 80, "longitude": 0, "altitude": 0, "year": 2025])
        workload.handle(SensorSample(sensor: .magnetometer, time: 0, value: Vector3(-23.5, 0, -40.7)))
        #expect(workload.field.text == "x: -23.50 µT | y: 0.00 µT | z: -40.70 µT" && workload.estimates == 0)
        #expect(workload.describeState() == "x: -23.50 µT | y: 0.00 µT | z: -40.70 µT | magnetic: — — | true: — —")
        workload.handle(SensorSample(sensor: .gyroscope, time: 0.02, value: Vector3(0, 0, 0.1)))
        workload.handle(SensorSample(sensor: .accelerometer, time: 0.02, value: Vector3(0, 0, -1)))
        // Top toward −x of the field: facing east, flat.
        workload.handle(SensorSample(sensor: .magnetometer, time: 0.02, value: Vector3(-23.5, 0, -40.7)))
        #expect(workload.magneticHeading.text == "magnetic: 90.0°" && workload.magneticDirection == .east)
        #expect(workload.trueHeading.text == "true: 91.3°" && workload.trueDirection == .east)
        let summary = workload.outputSummary
        #expect(summary["samples"] == 4 && summary["estimates"] == 1 && summary["field_x"] == -23.5)
        #expect(abs(summary["yaw"]! - (180 - 1.28)) < 0.01 && abs(summary["roll"]!) < 1e-9 && abs(summary["pitch"]!) < 1e-9)
    }

    @Test func descriptorAndBadConfigurations() {
        let descriptor = HeadingWorkload.descriptor
        #expect(descriptor.sensors == [.accelerometer, .magnetometer, .gyroscope] && descriptor.defaultRates == [50])
        #expect(descriptor.filters == ["ecompass", "complementary", "madgwick", "mahony", "laidig-seel"] && descriptor.displayRate == nil)
        #expect(descriptor.defaultFilters == descriptor.filters)
        #expect(throws: WorkloadError.unknownFilter(workload: "heading", filter: "kalman", known: descriptor.filters)) {
            try makeWorkload(filter: "kalman")
        }
        #expect(throws: WorkloadError.invalidRate(.infinity)) { try makeWorkload(rate: .infinity) }
    }
}

import MotionMath
import MotionSensors
import MotionWorkloads
import TestSupport
import Testing

@Suite struct BarometerWorkloadTests {
    func makeWorkload(filter: String = "none", rate: Double = 1) throws -> BarometerWorkload {
        try BarometerWorkload(configuration: WorkloadConfiguration(rate: rate, filter: filter))
    }

    func barometer(_ pressure: Double, at time: Double) -> SensorSample {
        SensorSample(sensor: .barometer, time: time, value: Vector3(pressure, 0, 0))
    }

    /// Runs `workload` on `scenario` at 1 Hz and returns each sample's time with the altitude shown.
    func run(_ workload: BarometerWorkload, on scenario: Scenario, noise: SensorNoise = .phone) -> [(time: Double, shown: Double)] {
        var device = VirtualDevice(scenario: scenario, seed: 42, noise: noise)
        var shown: [(time: Double, shown: Double)] = []
        drive(workload, source: &device, sensors: [.barometer], rate: 1, duration: scenario.duration) { event in
            if case let .sample(sample) = event { shown.append((sample.time, workload.altitude.value!)) }
        }
        return shown
    }

    @Test(arguments: BarometerFilter.names)
    func golden(filter: String) throws {
        let workload = try makeWorkload(filter: filter)
        var device = VirtualDevice(scenario: .stairs(), seed: 42)
        var lines: [String] = []
        drive(workload, source: &device, sensors: [.barometer], rate: 1, duration: Scenario.stairs().duration) { event in
            if case let .sample(sample) = event {
                lines.append("sample \(FixedDecimal.format(sample.time, decimals: 3)) \(workload.describeState())")
            }
        }
        try expectGolden(lines.joined(separator: "\n") + "\n", named: "barometer-\(filter).txt")
    }

    /// Unfiltered, with a phone's barometer (1 Pa of noise, a 10 Pa offset that the difference
    /// cancels, slow wander), the altitude shown stays within half a metre of the truth up the
    /// stairs and in the lift.
    @Test(arguments: ["stairs", "elevator"])
    func unfilteredTracksTheTruth(scenarioName: String) throws {
        let scenario = try #require(Scenario.named(scenarioName))
        let workload = try makeWorkload()
        let shown = run(workload, on: scenario)
        for (time, altitude) in shown {
            #expect(abs(altitude - scenario.altitude(at: time)) < 0.5, "\(altitude) m at \(time) s")
        }
        let top = try #require(shown.map(\.shown).max())
        #expect(abs(top - (scenario.name == "stairs" ? 6 : 12)) < 0.5)
    }

    /// Both smoothing filters span five samples and lag a steady climb by two: the median's middle
    /// sample is two old, and the moving average's mean age is (1 − α)/α = 2 for α = 1/3. So each
    /// tracks the truth of two samples earlier within half a metre on the stairs. In the lift the
    /// median still does (its output is a sample, and a monotonic climb keeps the middle one in the
    /// middle); the moving average's lag is a pure delay only at a steady speed, and while the lift
    /// speeds up to 1.5 m/s its long tail leaves it about a metre further behind.
    @Test(arguments: ["moving-average", "median-5"], ["stairs", "elevator"])
    func smoothedTracksTheTruthTwoSamplesLate(filter: String, scenarioName: String) throws {
        let scenario = try #require(Scenario.named(scenarioName))
        let workload = try makeWorkload(filter: filter)
        let tolerance = filter == "moving-average" && scenarioName == "elevator" ? 1.2 : 0.5
        for (time, altitude) in run(workload, on: scenario) {
            #expect(abs(altitude - scenario.altitude(at: max(0, time - 2))) < tolerance, "\(altitude) m at \(time) s")
        }
    }

    /// Known answers: the standard atmosphere's 89.87 kPa is 1000 m above 101.325 kPa; the labels'
    /// format; the shade 50 % at the start, white 10 m below, black 10 m above.
    @Test func labelsAndShadeForKnownPressures() throws {
        let workload = try makeWorkload()
        #expect(workload.pressure.text == "pressure: —" && workload.outputSummary == ["samples": 0])
        workload.handle(barometer(101.325, at: 0))
        #expect(workload.altitude.text == "altitude: 0.00 m" && workload.background.hex == "#808080")
        workload.handle(barometer(StandardAtmosphere.pressure(atAltitude: -5), at: 1))
        #expect(workload.altitude.text == "altitude: -5.00 m" && workload.background.hex == "#BFBFBF")
        workload.handle(barometer(89.875, at: 2))
        #expect(workload.pressure.text == "pressure: 89.88 kPa")
        #expect(abs(workload.altitude.value! - 1000) < 0.1 && workload.background == RGBColor(red: 0, green: 0, blue: 0))
        workload.handle(barometer(StandardAtmosphere.pressure(atAltitude: -20), at: 3))
        #expect(workload.background == .white)
        let summary = workload.outputSummary
        #expect(summary["samples"] == 4 && summary["background_gray"] == 1)
        #expect(abs(summary["max_relative_altitude"]! - 1000) < 0.1 && abs(summary["min_relative_altitude"]! + 20) < 1e-6)
        #expect(summary["pressure"] == workload.pressure.value && summary["relative_altitude"] == workload.altitude.value)
    }

    /// A one-sample spike of 1 kPa (80 m) never reaches the median's labels; the moving average
    /// shows a third of it at once.
    @Test func medianIgnoresASpike() throws {
        let median = try makeWorkload(filter: "median-5"), average = try makeWorkload(filter: "moving-average")
        for (index, pressure) in [101.3, 101.3, 101.3, 100.3, 101.3, 101.3].enumerated() {
            for workload in [median, average] { workload.handle(barometer(pressure, at: Double(index))) }
            #expect(median.altitude.text == "altitude: 0.00 m")
            if index == 3 {
                #expect(abs(average.altitude.value! - StandardAtmosphere.relativeAltitude(atPressure: 101.3 - 1.0 / 3, reference: 101.3)) < 1e-9)
            }
        }
    }

    @Test func descriptorAndBadConfigurations() {
        let descriptor = BarometerWorkload.descriptor
        #expect(descriptor.sensors == [.barometer] && descriptor.defaultRates == [1] && descriptor.displayRate == nil)
        #expect(descriptor.filters == ["none", "moving-average", "median-5"] && descriptor.defaultFilters == descriptor.filters)
        #expect(throws: WorkloadError.unknownFilter(workload: "barometer", filter: "kalman", known: BarometerFilter.names)) {
            try makeWorkload(filter: "kalman")
        }
        #expect(throws: WorkloadError.invalidRate(-1)) { try makeWorkload(rate: -1) }
    }
}

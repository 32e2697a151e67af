import MotionMath
import MotionSensors
import MotionWorkloads
import Testing

@Suite struct SceneTests {
    @Test(arguments: [
        (-9.80665, 2, "-9.81"), (9.80665, 2, "9.81"), (-0.001, 2, "0.00"), (0.05, 2, "0.05"),
        (2.5, 0, "3"), (-2.5, 0, "-3"), (1, 3, "1.000"), (123.456, 1, "123.5"), (1e300, 2, "1e+300"),
        (.nan, 2, "nan"), (-.infinity, 2, "-inf"),
    ])
    func fixedDecimals(value: Double, decimals: Int, expected: String) {
        #expect(FixedDecimal.format(value, decimals: decimals) == expected)
    }

    @Test func labelsHoldNumbersAndMakeTextOnDemand() {
        var labels = AxisLabels(decimals: 2, suffix: " m/s²")
        #expect(labels.text == "x: — | y: — | z: —")
        #expect(labels.value == nil)
        labels.show(Vector3(0.004, -1.5, -9.80665))
        #expect(labels.text == "x: 0.00 m/s² | y: -1.50 m/s² | z: -9.81 m/s²")
        #expect(labels.z.value == -9.80665)
    }

    @Test func colours() {
        #expect(RGBColor.white.hex == "#FFFFFF")
        #expect(RGBColor.green.hex == "#00FF00")
        #expect(RGBColor(red: 0.5, green: 0.2, blue: 1).hex == "#8033FF")
        var a = SplitMix64(seed: 9), b = SplitMix64(seed: 9)
        #expect(RGBColor.random(using: &a) == RGBColor.random(using: &b))
    }

    @Test func animationEndpoints() {
        let move = PositionAnimation(from: Vector2(0, 0), to: Vector2(10, -20), start: 2, duration: 0.5)
        #expect(move.position(at: 1) == Vector2(0, 0))
        #expect(move.position(at: 2) == Vector2(0, 0))
        #expect(move.position(at: 2.25) == Vector2(5, -10))
        #expect(move.position(at: 2.5) == Vector2(10, -20))
        #expect(PositionAnimation.resting(at: Vector2(3, 4)).position(at: 7) == Vector2(3, 4))
    }

    @Test func eventTally() {
        var tally = EventTally<Double>()
        #expect(tally.count == 0 && tally.last == nil)
        tally.record(1.5)
        tally.record(2.5)
        #expect(tally.count == 2 && tally.last == 2.5)
    }
}

@Suite struct WorkloadCatalogueTests {
    @Test func theBuiltInCatalogueIsWorkloadsMdsNineInItsOrder() {
        let builtIn = WorkloadCatalogue.builtIn
        #expect(builtIn.named("accelerometer")?.descriptor == AccelerometerWorkload.descriptor)
        #expect(builtIn.named("gyro-translation")?.descriptor == GyroTranslationWorkload.descriptor)
        #expect(builtIn.named("no-such-workload") == nil)
        for entry in builtIn.entries { #expect(builtIn.named(entry.descriptor.name)?.descriptor == entry.descriptor) }
        #expect(
            builtIn.descriptors.map(\.name) == [
                "gyro-translation", "haptic-collision", "barometer", "accelerometer", "leveler", "heading", "pedometer",
                "motion-cube", "tilt-ball",
            ])
    }

    @Test func aCatalogueRefusesRepeatedAndMalformedNames() throws {
        #expect(throws: CatalogueError.repeatedWorkload("barometer")) {
            try WorkloadCatalogue.builtIn.adding([BarometerWorkload.self])
        }
        #expect(throws: CatalogueError.malformedName("Odd Name", kind: "workload", workload: "Odd Name")) {
            try WorkloadCatalogue([OddlyNamedWorkload.self])
        }
        let one = try WorkloadCatalogue([AccelerometerWorkload.self]).adding([BarometerWorkload.self])
        #expect(one.descriptors.map(\.name) == ["accelerometer", "barometer"])
    }

    @Test func descriptorsFollowTheSpecification() {
        let accelerometer = AccelerometerWorkload.descriptor
        #expect(accelerometer.defaultRates == [10] && accelerometer.sensors == [.accelerometer])
        #expect(accelerometer.filters == ["raw", "low-pass", "high-pass", "butterworth"])
        #expect(accelerometer.defaultFilters == ["raw", "low-pass"] && accelerometer.displayRate == nil)
        let gyro = GyroTranslationWorkload.descriptor
        #expect(gyro.defaultRates == [15] && gyro.sensors == [.gyroscope] && gyro.displayRate == 60)
        #expect(gyro.filters == ["raw"] && gyro.defaultFilters == ["raw"])
    }

    /// A workload with nothing but counts falls back to describing its summary.
    @Test func defaultStateDescriptionListsTheSummary() throws {
        final class Counter: Workload {
            static let descriptor = WorkloadDescriptor(
                name: "counter", summary: "", sensors: [.gyroscope], defaultRates: [1], filters: ["raw"],
                defaultFilters: ["raw"], displayRate: nil)
            init(configuration: WorkloadConfiguration) throws {}
            func handle(_ sample: SensorSample) {}
            func renderFrame(at time: Double) {}
            var outputSummary: [String: Double] { ["samples": 3, "last_value": -0.25] }
        }
        let counter = try Counter(configuration: WorkloadConfiguration(rate: 1, filter: "raw"))
        #expect(counter.describeState() == "last_value=-0.250000 samples=3.000000")
    }
}

/// A workload whose name a catalogue refuses.
final class OddlyNamedWorkload: Workload {
    static let descriptor = WorkloadDescriptor(
        name: "Odd Name", summary: "", sensors: [], defaultRates: [1], filters: ["raw"], defaultFilters: ["raw"], displayRate: nil)
    init(configuration: WorkloadConfiguration) {}
    func handle(_ sample: SensorSample) {}
    func renderFrame(at time: Double) {}
    var outputSummary: [String: Double] { [:] }
}

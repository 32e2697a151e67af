import MotionMath
import MotionSensors
import MotionWorkloads
import TestSupport
import Testing

@Suite struct GyroTranslationWorkloadTests {
    let center = Vector2(187.5, 333.5)

    func makeWorkload(filter: String = "raw", rate: Double = 15) throws -> GyroTranslationWorkload {
        try GyroTranslationWorkload(configuration: WorkloadConfiguration(rate: rate, filter: filter))
    }

    func gyroscope(_ x: Double, _ y: Double, _ z: Double, at time: Double) -> SensorSample {
        SensorSample(sensor: .gyroscope, time: time, value: Vector3(x, y, z))
    }

    func shown(_ workload: GyroTranslationWorkload, at time: Double) -> Vector2 {
        workload.renderFrame(at: time)
        return workload.rectangle.center
    }

    @Test func golden() throws {
        let workload = try makeWorkload()
        var device = VirtualDevice(scenario: .tiltAndShake, seed: 42)
        var lines: [String] = []
        drive(workload, source: &device, sensors: [.gyroscope], rate: 15, displayRate: 60, duration: 30) { event in
            switch event {
            case let .sample(sample):
                lines.append("sample \(FixedDecimal.format(sample.time, decimals: 3)) \(workload.describeState())")
            case .touch:
                break
            case let .frame(time):
                let center = workload.rectangle.center
                let x = FixedDecimal.format(center.x, decimals: 2), y = FixedDecimal.format(center.y, decimals: 2)
                lines.append("frame  \(FixedDecimal.format(time, decimals: 3)) rect (\(x), \(y))")
            }
        }
        try expectGolden(lines.joined(separator: "\n") + "\n", named: "gyro-translation-raw.txt")
        #expect(
            workload.outputSummary == [
                "frames": 1800, "samples": 450, "position_x": workload.rectangle.center.x,
                "position_y": workload.rectangle.center.y,
            ])
    }

    @Test func restsAtTheCanvasCentreUntilTheFirstSample() throws {
        let workload = try makeWorkload()
        #expect(shown(workload, at: 0) == center)
        #expect(shown(workload, at: 1) == center)
        #expect(workload.rectangle.width == 100 && workload.rectangle.color == .green)
    }

    @Test func offsetIsTheRateTimesHalfTheRectangle() throws {
        let workload = try makeWorkload()
        workload.handle(gyroscope(1, -2, 0.5, at: 1))
        // x right, y down (UIKit), 50 points per rad/s for a 100-point rectangle; z does not move it.
        #expect(shown(workload, at: 1 + 1.0 / 15) == center + Vector2(50, -100))
        #expect(workload.labels.text == "x: 1.000 rad/s | y: -2.000 rad/s | z: 0.500 rad/s")
    }

    @Test func easesInAndOutOverOneSampleInterval() throws {
        let workload = try makeWorkload(rate: 10)
        workload.handle(gyroscope(2, 0, 0, at: 0))
        #expect(shown(workload, at: 0) == center)
        // Ease-in-out: slow start, half way at half time (the curve is symmetric), slow finish.
        #expect(abs(shown(workload, at: 0.025).x - (center.x + 100 * 0.1291619310473198)) < 1e-9)
        #expect(abs(shown(workload, at: 0.05).x - (center.x + 50)) < 1e-9)
        #expect(abs(shown(workload, at: 0.075).x - (center.x + 100 * 0.8708380689526802)) < 1e-9)
        #expect(shown(workload, at: 0.1) == center + Vector2(100, 0))
        #expect(shown(workload, at: 5) == center + Vector2(100, 0))
    }

    @Test func retargetStartsFromTheShownPosition() throws {
        let workload = try makeWorkload(rate: 10)
        workload.handle(gyroscope(2, 0, 0, at: 0))
        let midway = shown(workload, at: 0.05)
        // A new sample before the first move ends: the new move starts where the rectangle is now,
        // not at the old target (which would jump 50 points) nor at the centre.
        workload.handle(gyroscope(0, 2, 0, at: 0.05))
        #expect(workload.animation.from == midway)
        #expect(workload.animation.to == center + Vector2(0, 100))
        // No jump: dense frames across the retarget move by at most a few points each millisecond.
        var previous = shown(workload, at: 0.049)
        for step in 1...100 {
            let position = shown(workload, at: 0.049 + Double(step) / 1000)
            #expect((position - previous).length < 3)
            previous = position
        }
        #expect(shown(workload, at: 0.15) == center + Vector2(0, 100))
    }

    @Test func stopAndStartReading() throws {
        let workload = try makeWorkload()
        workload.handle(gyroscope(0.1, 0.2, 0.3, at: 0))
        workload.stopReading()
        workload.handle(gyroscope(5, 5, 5, at: 0.1))
        #expect(workload.labels.value == Vector3(0.1, 0.2, 0.3))
        #expect(workload.samples == 1)
        #expect(shown(workload, at: 1) == center + Vector2(5, 10))
        #expect(workload.describeState().hasSuffix(" stopped"))
        workload.startReading()
        workload.handle(gyroscope(-1, 0, 0, at: 2))
        #expect(workload.labels.value == Vector3(-1, 0, 0))
        #expect(shown(workload, at: 3) == center + Vector2(-50, 0))
    }

    @Test func onlyRawFilterAndPositiveRates() {
        #expect(throws: WorkloadError.unknownFilter(workload: "gyro-translation", filter: "low-pass", known: ["raw"])) {
            try makeWorkload(filter: "low-pass")
        }
        #expect(throws: WorkloadError.invalidRate(-.infinity)) { try makeWorkload(rate: -.infinity) }
    }

    @Test func framesAtOneHundredTwenty() throws {
        let workload = try GyroTranslationWorkload(configuration: WorkloadConfiguration(rate: 15, filter: "raw", displayRate: 120))
        var device = VirtualDevice(scenario: .still, seed: 1)
        drive(workload, source: &device, sensors: [], rate: 15, displayRate: 120, duration: 2)
        #expect(workload.frames == 240)
    }
}

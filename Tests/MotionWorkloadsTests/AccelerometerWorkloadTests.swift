import MotionFilters
import MotionMath
import MotionSensors
import MotionWorkloads
import TestSupport
import Testing

@Suite struct AccelerometerWorkloadTests {
    func makeWorkload(filter: String = "raw", rate: Double = 10, seed: UInt64 = 1) throws -> AccelerometerWorkload {
        try AccelerometerWorkload(configuration: WorkloadConfiguration(rate: rate, filter: filter, seed: seed))
    }

    /// The times of the shakes recognized while `device` is sampled at `rate` for `duration` seconds.
    func shakeTimes(_ workload: AccelerometerWorkload, device: inout VirtualDevice, rate: Double, duration: Double) -> [Double] {
        var times: [Double] = []
        var shakes = workload.shakes.count
        drive(workload, source: &device, sensors: [.accelerometer], rate: rate, duration: duration) { event in
            guard case let .sample(sample) = event, workload.shakes.count > shakes else { return }
            shakes = workload.shakes.count
            times.append(sample.time)
        }
        return times
    }

    @Test(arguments: AccelerometerFilter.names)
    func golden(filter: String) throws {
        let workload = try makeWorkload(filter: filter, seed: 42)
        var device = VirtualDevice(scenario: .tiltAndShake, seed: 42)
        var lines: [String] = []
        var shakes = workload.shakes.count
        drive(workload, source: &device, sensors: [.accelerometer], rate: 10, duration: 30) { event in
            guard case let .sample(sample) = event else { return }
            let at = FixedDecimal.format(sample.time, decimals: 3)
            lines.append("sample \(at) \(workload.describeState())")
            if workload.shakes.count > shakes, let shake = workload.shakes.last {
                shakes = workload.shakes.count
                lines.append("event  \(at) shake \(workload.shakes.count) background \(shake.background.hex)")
            }
        }
        try expectGolden(lines.joined(separator: "\n") + "\n", named: "accelerometer-\(filter).txt")
    }

    @Test(arguments: [10.0, 50.0, 100.0])
    func oneShakePerBurstNearItsStart(rate: Double) throws {
        let workload = try makeWorkload(rate: rate)
        var device = VirtualDevice(scenario: .tiltAndShake, seed: 42)
        let times = shakeTimes(workload, device: &device, rate: rate, duration: 50)
        let starts = Scenario.tiltAndShake.shakes!.starts(before: 50)
        #expect(times.count == starts.count)
        // Expected once the burst has gone on for the detector's minimum duration.
        let delay = ShakeDetector.Parameters.standard.minimumDuration
        for (time, start) in zip(times, starts) {
            #expect(abs(time - (start + delay)) <= 0.3, "shake at \(time) for the burst at \(start)")
        }
        #expect(workload.shakes.last?.time == times.last)
    }

    @Test(arguments: AccelerometerFilter.names)
    func neverShakesWhenStill(filter: String) throws {
        let workload = try makeWorkload(filter: filter, rate: 100)
        var device = VirtualDevice(scenario: .still, seed: 42)
        #expect(shakeTimes(workload, device: &device, rate: 100, duration: 60).isEmpty)
        #expect(workload.background == .white)
    }

    @Test func aShakePaintsASeededRandomBackground() throws {
        func backgrounds(seed: UInt64) throws -> RGBColor? {
            let workload = try makeWorkload(seed: seed)
            var device = VirtualDevice(scenario: .tiltAndShake, seed: 1)
            _ = shakeTimes(workload, device: &device, rate: 10, duration: 10)
            return workload.shakes.count == 1 ? workload.background : nil
        }
        let first = try #require(try backgrounds(seed: 5))
        #expect(first != .white)
        #expect(try backgrounds(seed: 5) == first)
        #expect(try backgrounds(seed: 6) != first)
    }

    /// Lying on each axis, every filter settles on ±9.81 m/s² on that axis: exactly with perfect
    /// sensors, within a few noise deviations with a phone's.
    @Test(arguments: AccelerometerFilter.names.filter { $0 != "high-pass" })
    func heldStillAlongOneAxisReadsOneG(filter: String) throws {
        let poses: [(AttitudeTrajectory, KeyPath<AxisLabels, Label>, String)] = [
            (.flat, \.z, "z: -9.81 m/s²"),
            // Standing upright in portrait: the top points up.
            (AttitudeTrajectory(roll: AngleCurve(offset: .pi / 2)), \.y, "y: -9.81 m/s²"),
            // On its left edge: x points down.
            (AttitudeTrajectory(pitch: AngleCurve(offset: .pi / 2)), \.x, "x: 9.81 m/s²"),
        ]
        for (orientation, axis, expected) in poses {
            let scenario = Scenario(name: "pose", summary: "", orientation: orientation)
            for noise in [SensorNoise.none, .phone] {
                let workload = try makeWorkload(filter: filter)
                var device = VirtualDevice(scenario: scenario, seed: 3, noise: noise)
                _ = shakeTimes(workload, device: &device, rate: 10, duration: 10)
                let label = workload.labels[keyPath: axis]
                if noise == .none {
                    #expect(label.text == expected)
                } else {
                    #expect(abs(abs(label.value!) - AccelerometerWorkload.standardGravity) < 0.2, "\(label.text)")
                }
            }
        }
    }

    @Test func highPassRemovesGravity() throws {
        let workload = try makeWorkload(filter: "high-pass")
        var device = VirtualDevice(scenario: .still, seed: 3)
        _ = shakeTimes(workload, device: &device, rate: 10, duration: 10)
        let shown = try #require(workload.labels.value)
        #expect(shown.length < 0.2)
    }

    @Test func unknownFilterOrRateThrows() {
        #expect(throws: WorkloadError.unknownFilter(workload: "accelerometer", filter: "median", known: AccelerometerFilter.names)) {
            try makeWorkload(filter: "median")
        }
        #expect(throws: WorkloadError.invalidRate(0)) { try makeWorkload(rate: 0) }
    }

    @Test func outputSummary() throws {
        let workload = try makeWorkload()
        #expect(workload.outputSummary == ["samples": 0, "shakes": 0])
        #expect(workload.labels.x.text == "x: —")
        var device = VirtualDevice(scenario: .tiltAndShake, seed: 42, noise: .none)
        let times = shakeTimes(workload, device: &device, rate: 10, duration: 10)
        let summary = workload.outputSummary
        #expect(summary["samples"] == 100 && summary["shakes"] == 1 && summary["last_shake_time"] == times.first)
        let expected = Scenario.tiltAndShake.gravity(at: 9.9) * AccelerometerWorkload.standardGravity
        #expect(abs(summary["label_z"]! - expected.z) < 1e-12)
    }
}

import Foundation
import MotionMath
import MotionSensors
import MotionWorkloads
import TestSupport
import Testing

@Suite struct LevelerWorkloadTests {
    func makeWorkload(rate: Double = 15) throws -> LevelerWorkload {
        try LevelerWorkload(configuration: WorkloadConfiguration(rate: rate, filter: "raw"))
    }

    func accelerometer(_ x: Double, _ y: Double, _ z: Double, at time: Double) -> SensorSample {
        SensorSample(sensor: .accelerometer, time: time, value: Vector3(x, y, z))
    }

    @Test func golden() throws {
        let workload = try makeWorkload()
        var device = VirtualDevice(scenario: .slowTilt(), seed: 42)
        var lines: [String] = []
        drive(workload, source: &device, sensors: [.accelerometer], rate: 15, displayRate: 60, duration: 30) { event in
            if case let .frame(time) = event {
                lines.append("frame \(FixedDecimal.format(time, decimals: 3)) \(workload.describeState())")
            }
        }
        try expectGolden(lines.joined(separator: "\n") + "\n", named: "leveler-raw.txt")
        #expect(workload.outputSummary["frames"] == 1800 && workload.outputSummary["samples"] == 450)
        // The timer fires at 1/15 s, 2/15 s… up to the last frame at 1799/60 s.
        #expect(workload.outputSummary["readings"] == 449)
    }

    /// The label is round(−θ) in 0 ..< 360 for θ = atan2(−x, −y): upright reads 0°, turned 12°
    /// counter-clockwise (gravity toward −x) reads 348°, 12° clockwise reads 12°, on the left edge
    /// 270°, upside down 180°; lying flat (no x or y) gives atan2(−0, −0) = −180°, so 180°.
    @Test func labelForKnownTilts() throws {
        let tilt = Angle.radians(fromDegrees: 12)
        let cases: [(Vector3, String)] = [
            (Vector3(0, -1, 0), "0°"), (Vector3(-sin(tilt), -cos(tilt), 0), "348°"), (Vector3(sin(tilt), -cos(tilt), 0), "12°"),
            (Vector3(-1, 0, 0), "270°"), (Vector3(0, 1, 0), "180°"), (Vector3(0, 0, -1), "180°"),
            (Vector3(sin(Angle.radians(fromDegrees: 12.6)), -cos(Angle.radians(fromDegrees: 12.6)), -0.3), "13°"),
        ]
        for (reading, expected) in cases {
            let workload = try makeWorkload()
            workload.handle(accelerometer(reading.x, reading.y, reading.z, at: 0))
            workload.renderFrame(at: 1.0 / 15)
            #expect(workload.label.text == expected, "\(reading)")
        }
    }

    /// The timer, not the sample, updates the label: a 100 Hz stream changes it only on 15 Hz fires,
    /// each showing the latest sample before it; before the first fire it shows a dash.
    @Test func theTimerPullsTheLatestSample() throws {
        let workload = try makeWorkload()
        var shownAt: [Double: String] = [:]
        // θ = −(time in degrees × 100): the label would read the sample's index.
        var source = FunctionSource([.accelerometer]) { _, time in
            let theta = Angle.radians(fromDegrees: -time * 100)
            return accelerometer(-sin(theta), -cos(theta), 0, at: time)
        }
        drive(workload, source: &source, sensors: [.accelerometer], rate: 100, displayRate: 60, duration: 0.5) { event in
            if case let .frame(time) = event { shownAt[time] = workload.label.text }
        }
        #expect(shownAt[0] == "—" && shownAt[1.0 / 60] == "—")
        // Fired at 4/60 (= 1/15) s: the latest sample is the one at 0.06 s.
        #expect(shownAt[4.0 / 60] == "6°" && shownAt[7.0 / 60] == "6°")
        #expect(shownAt[8.0 / 60] == "13°")
        #expect(workload.readings == 7 && workload.samples == 50)
    }

    /// A timer that misses fires (frames arriving late) fires once and resumes on its own schedule,
    /// as `Timer` does, and the dial steps over the gap in display-interval steps.
    @Test func aLateFrameFiresOnceAndTheDialStaysStable() throws {
        let workload = try makeWorkload()
        workload.handle(accelerometer(-1, 0, 0, at: 0))
        workload.renderFrame(at: 0)
        workload.renderFrame(at: 1)
        #expect(workload.readings == 1)
        workload.renderFrame(at: 1 + 1.0 / 60)
        #expect(workload.readings == 1)
        workload.renderFrame(at: 16.0 / 15)
        #expect(workload.readings == 2)
        for frame in 1...600 { workload.renderFrame(at: 16.0 / 15 + Double(frame) / 60) }
        #expect(abs(workload.outputSummary["dial_angle"]! - 90) < 0.1)
    }

    /// The dial's response to a small step of the anchor, against the damped oscillator it is near
    /// rest. Linearizing `LevelDial` about rest (δ = angle − target ≪ gap / radius): the spring's
    /// torque is −m (2πf)² R (R + 4) δ (its tension times the lever), the moment of inertia of the
    /// 300-point square is m (2R)² / 6, and the spring's damper, which only acts along the spring,
    /// contributes nothing at first order since the spring lies along the radius. So
    ///   δ̈ + c δ̇ + ω_n² δ = 0,  c = 2.0 /s (angular resistance),
    ///   ω_n = 2π · 0.5 · √(R (R + 4) / (2R²/3)) = π √(1.5 · 154 / 150) = 3.8986 rad/s,
    ///   ζ = c / (2 ω_n) = 0.25650,  ω_d = ω_n √(1 − ζ²) = 3.7682 rad/s.
    /// The unit step response is 1 − e^{−ζω_n t} (cos ω_d t + ζ/√(1 − ζ²) sin ω_d t): it peaks at
    /// t_p = π / ω_d = 0.834 s with overshoot e^{−πζ/√(1 − ζ²)} = 43.4 %, and its envelope
    /// e^{−ζω_n t} / √(1 − ζ²) = e^{−t} / 0.9665 (ζω_n = c/2 = 1 /s exactly) falls under 2 % at
    /// t_s = ln(50 / 0.9665) = 3.95 s, the 2 % settling time's upper bound.
    @Test func smallStepFollowsTheDampedOscillator() {
        let parameters = LevelDial.Parameters.level
        let omega = parameters.restingNaturalFrequency, zeta = parameters.restingDampingRatio
        #expect(abs(omega - 3.8986) < 1e-4 && abs(zeta - 0.25650) < 1e-5)
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let step = Angle.radians(fromDegrees: 0.1)
        var dial = LevelDial()
        dial.target = step
        var peak = (time: 0.0, value: 0.0), settled = 0.0
        for frame in 1...480 {
            dial.step(over: 1.0 / 60)
            let time = Double(frame) / 60, response = dial.angle / step
            let expected = 1 - exp(-zeta * omega * time) * (cos(damped * time) + zeta / (1 - zeta * zeta).squareRoot() * sin(damped * time))
            #expect(abs(response - expected) < 0.03, "at \(time) s: \(response) against \(expected)")
            if response > peak.value { peak = (time, response) }
            if abs(response - 1) > 0.02 { settled = time }
        }
        #expect(abs(peak.value - 1 - exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot())) < 0.02)
        #expect(abs(peak.time - Double.pi / damped) < 2.0 / 60)
        #expect(settled <= log(50 / (1 - zeta * zeta).squareRoot()) && settled > 3)
    }

    /// A real tilt (30°): the spring lies across the rim for most of the swing and its damper works,
    /// so the dial comes in nearly critically damped, overshoots by less than a degree (the lightly
    /// damped ringing of the last few degrees) and settles within 2 % in under three seconds.
    @Test func aRealTiltOvershootsALittleAndSettles() {
        var dial = LevelDial()
        dial.target = Angle.radians(fromDegrees: 30)
        var peak = 0.0, settled = 0.0
        for frame in 1...600 {
            dial.step(over: 1.0 / 60)
            let degrees = Angle.degrees(fromRadians: dial.angle)
            peak = max(peak, degrees)
            if abs(degrees - 30) > 0.6 { settled = Double(frame) / 60 }
        }
        #expect(peak > 30.1 && peak < 31)
        #expect(settled < 3)
    }

    /// From 170° to −170°, the dial takes the short way round (20°, through 180°), not 340° back
    /// through 0°.
    @Test func takesTheShortWayRound() {
        var dial = LevelDial(angle: Angle.radians(fromDegrees: 170))
        dial.target = Angle.radians(fromDegrees: -170)
        for _ in 1...600 {
            dial.step(over: 1.0 / 60)
            #expect(Angle.degrees(fromRadians: dial.angle) > 165)
        }
        #expect(abs(Angle.degrees(fromRadians: dial.angle) - 190) < 0.1)
    }

    @Test func descriptorAndBadConfigurations() {
        let descriptor = LevelerWorkload.descriptor
        #expect(descriptor.sensors == [.accelerometer] && descriptor.defaultRates == [15] && descriptor.displayRate == 60)
        #expect(descriptor.filters == ["raw"] && descriptor.defaultFilters == ["raw"])
        #expect(throws: WorkloadError.unknownFilter(workload: "leveler", filter: "low-pass", known: ["raw"])) {
            try LevelerWorkload(configuration: WorkloadConfiguration(rate: 15, filter: "low-pass"))
        }
        #expect(throws: WorkloadError.invalidRate(0)) { try makeWorkload(rate: 0) }
    }
}

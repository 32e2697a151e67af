import Foundation
import MotionMath
import MotionSensors
import Testing

/// Ground truth of steps, altitude, pressure, heading and activity.
@Suite struct SyntheticGroundTruthTests {
    @Test func standardAtmosphereBothWays() {
        #expect(StandardAtmosphere.pressure(atAltitude: 0) == 101.325)
        // ISA tables: 89.87 kPa at 1000 m.
        #expect(abs(StandardAtmosphere.pressure(atAltitude: 1000) - 89.875) < 0.005)
        for altitude in [-100.0, 0, 3, 212, 1500] {
            let pressure = StandardAtmosphere.pressure(atAltitude: altitude, seaLevelPressure: 100.2)
            #expect(abs(StandardAtmosphere.altitude(atPressure: pressure, seaLevelPressure: 100.2) - altitude) < 1e-9)
        }
        let start = StandardAtmosphere.pressure(atAltitude: 200)
        #expect(abs(StandardAtmosphere.relativeAltitude(atPressure: StandardAtmosphere.pressure(atAltitude: 212), reference: start) - 12) < 1e-9)
    }

    @Test(arguments: [(Scenario.elevator(), 12.0), (.stairs(), 6), (.elevator(floors: 1, speed: 2), 3)])
    func barometerReadsTheTrueAltitudeThroughTheStandardAtmosphere(scenario: Scenario, top: Double) {
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: .none)
        let start = device.reading(of: .barometer, at: 0).value.x
        #expect(abs(start - 101.325) < 1e-12)
        var highest = 0.0
        for time in stride(from: 0.25, to: scenario.duration, by: 0.25) {
            let sample = device.reading(of: .barometer, at: time)
            #expect(sample.value.y == 0 && sample.value.z == 0)
            let altitude = device.truth(at: time).altitude!
            #expect(abs(StandardAtmosphere.relativeAltitude(atPressure: sample.value.x, reference: start) - altitude) < 1e-6)
            highest = max(highest, altitude)
        }
        #expect(abs(highest - top) < 0.05)
    }

    @Test func elevatorRisesFourFloorsAndStairsComeBackDown() {
        let elevator = Scenario.elevator()
        #expect(abs(elevator.altitude(at: elevator.duration) - 12) < 1e-9)
        #expect(elevator.truth(at: 8).activity == .stationary)
        let stairs = Scenario.stairs(floors: 2)
        let top = stairs.gaits[0].end + 1
        #expect(abs(stairs.altitude(at: top) - 6) < 1e-9)
        #expect(abs(stairs.altitude(at: stairs.duration)) < 1e-9)
        #expect(stairs.steps(at: stairs.duration) == 72)
        // 0.7 kPa less than at sea level 6 m up, roughly: 12 Pa a metre.
        #expect(abs((stairs.pressure(at: 0) - stairs.pressure(at: top)) - 0.072) < 0.002)
    }

    @Test(arguments: [(100, 1.8, 0.7), (30, 2.2, 0.8)])
    func walkingTakesItsStepsWithTheBounceAtTheCadence(steps: Int, cadence: Double, stride: Double) {
        let scenario = Scenario.walking(steps: steps, cadence: cadence, stride: stride)
        #expect(scenario.truth(at: scenario.duration).steps == steps)
        #expect(scenario.truth(at: 1).steps == 0 && scenario.truth(at: 1).activity == .stationary)
        #expect(scenario.truth(at: 5).activity == .walking)
        #expect(scenario.truth(at: scenario.duration - 1).activity == .stationary)
        let travelled = scenario.translation(at: scenario.duration).position
        #expect(abs(travelled.length - Double(steps) * stride) < 1e-9)

        // Vertical user acceleration from a noisy device and the true attitude, then the strongest
        // frequency between 0.5 and 4 Hz.
        var device = VirtualDevice(scenario: scenario, seed: 9)
        let rate = 50.0
        let walk = scenario.gaits[0]
        let times = Array(Swift.stride(from: walk.start, to: walk.end, by: 1 / rate))
        let vertical = times.map { time in
            let reading = device.reading(of: .accelerometer, at: time).value
            return -(scenario.attitude(at: time).rotate(reading).z + 1)
        }
        let frequencies = Array(Swift.stride(from: 0.5, through: 4, by: 0.01))
        let power = frequencies.map { frequency in
            var (re, im) = (0.0, 0.0)
            for (time, value) in zip(times, vertical) {
                re += value * cos(2 * .pi * frequency * time)
                im += value * sin(2 * .pi * frequency * time)
            }
            return re * re + im * im
        }
        let peak = frequencies[power.indices.max { power[$0] < power[$1] }!]
        #expect(abs(peak - cadence) < 0.03)
    }

    @Test func runningIsFasterAndBouncierThanWalking() {
        let walking = Scenario.walking(), running = Scenario.running()
        #expect(running.truth(at: 10).activity == .running)
        #expect(running.truth(at: running.duration).steps == 200)
        let bounce = { (scenario: Scenario) in
            Swift.stride(from: 3.0, to: 20, by: 0.01).map { abs(scenario.translation(at: $0).acceleration.z) }.max()!
        }
        #expect(bounce(running) > 2 * bounce(walking))
    }

    @Test func headingIsWhereTheTopPointsOrTheBackWhenUpright() {
        let walking = Scenario.walking()
        let truth = walking.truth(at: 0)
        #expect(abs(truth.trueHeading! - 30) < 1e-9)
        #expect(abs(truth.magneticHeading! - (30 - walking.earthField.declination)) < 1e-9)
        // Upright in portrait facing east: the top points up, the back (−z) east.
        let upright = Scenario(
            name: "upright", summary: "",
            orientation: AttitudeTrajectory(roll: AngleCurve(offset: .pi / 2), yaw: AngleCurve(offset: Heading.yaw(forHeading: 90))))
        #expect(abs(upright.truth(at: 1).trueHeading! - 90) < 1e-9)
        // Both projections agree on either side of the 45° switch for a tilt about x.
        for degrees in [44.9, 45.1] {
            let tilted = Quaternion(EulerAngles(roll: Angle.radians(fromDegrees: degrees), pitch: 0, yaw: Heading.yaw(forHeading: 200)))
            #expect(abs(Heading.degrees(of: tilted) - 200) < 1e-9)
        }
    }

    @Test func figureEightTravelsBackToWhereItStarted() {
        let scenario = Scenario.figureEight(period: 4)
        let start = scenario.translation(at: 0).position, end = scenario.translation(at: scenario.duration).position
        #expect((end - start).length < 1e-9)
        #expect(scenario.truth(at: 3).steps == 0 && scenario.truth(at: 3).activity == .stationary)
    }
}

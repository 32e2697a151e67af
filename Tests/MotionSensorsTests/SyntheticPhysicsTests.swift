import Foundation
import MotionMath
import MotionSensors
import Testing

/// The virtual device's readings agree with its scenario's ground truth, as physics says they must.
@Suite struct SyntheticPhysicsTests {
    /// Every scenario with its default parameters, and a perfect device following it.
    static let scenarios = Scenario.all

    @Test func stillReadsExactlyOneGAndOnlyTheGyroscopeBias() {
        let bias = Vector3(0.004, -0.003, 0.002)
        var device = VirtualDevice(scenario: .still, seed: 3, noise: SensorNoise(gyroscope: SensorErrorModel(bias: bias)))
        for time in stride(from: 0.0, to: 60, by: 0.37) {
            #expect(device.reading(of: .accelerometer, at: time).value == Vector3(0, 0, -1))
            #expect(device.reading(of: .gyroscope, at: time).value == bias)
        }
    }

    @Test(arguments: [30.0, -45.0])
    func turningReadsTheRateOnZAndTurnsTheHeadingTheOtherWay(degreesPerSecond: Double) {
        let scenario = Scenario.turning(rate: degreesPerSecond)
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: .none)
        let omega = Angle.radians(fromDegrees: degreesPerSecond)
        for time in stride(from: 0.0, to: scenario.duration, by: 0.5) {
            let rate = device.reading(of: .gyroscope, at: time).value
            #expect(abs(rate.z - omega) < 1e-12 && abs(rate.x) < 1e-12 && abs(rate.y) < 1e-12)
            // Counter-clockwise seen from above (positive z) turns the heading down from north.
            let expected = Angle.wrappedDegrees(-degreesPerSecond * time)
            let heading = device.truth(at: time).trueHeading!
            #expect(abs(remainder(heading - expected, 360)) < 1e-9)
        }
    }

    @Test(arguments: scenarios)
    func magnetometerHasTheFieldsIntensityInclinationAndDeclination(scenario: Scenario) {
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: .none)
        let field = scenario.earthField
        for time in stride(from: 0.0, to: scenario.duration, by: 0.7) {
            let reading = device.reading(of: .magnetometer, at: time).value
            #expect(abs(reading.length - field.intensity) < 1e-9)
            // Back in the reference frame: dip below the horizontal, bearing east of north.
            let reference = scenario.attitude(at: time).rotate(reading)
            let horizontal = (reference.x * reference.x + reference.y * reference.y).squareRoot()
            #expect(abs(Angle.degrees(fromRadians: atan2(-reference.z, horizontal)) - field.inclination) < 1e-9)
            #expect(abs(Angle.degrees(fromRadians: atan2(-reference.y, reference.x)) - field.declination) < 1e-9)
        }
    }

    @Test func hardIronOffsetAddsInDeviceAxes() {
        let offset = Vector3(20, -10, 35)
        var perfect = VirtualDevice(scenario: .figureEight(), seed: 1, noise: .none)
        var offsetOnly = VirtualDevice(
            scenario: .figureEight(), seed: 1, noise: SensorNoise(magnetometer: SensorErrorModel(bias: offset)))
        for time in stride(from: 0.0, to: 20, by: 0.9) {
            let difference = offsetOnly.reading(of: .magnetometer, at: time).value - perfect.reading(of: .magnetometer, at: time).value
            #expect((difference - offset).length < 1e-12)
        }
    }

    @Test(arguments: scenarios)
    func accelerometerIsGravityByTheTrueAttitudeMinusTheTranslationsAcceleration(scenario: Scenario) {
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: .none)
        for time in stride(from: 0.0, to: scenario.duration, by: 0.13) {
            let attitude = device.truth(at: time).attitude!
            let travelling = scenario.translation(at: time).acceleration / PhysicalConstants.standardGravity
            let shaking = scenario.shakes?.userAcceleration(at: time) ?? .zero
            let expected = attitude.conjugate.rotate(Vector3(0, 0, -1) - travelling) - shaking
            #expect((device.reading(of: .accelerometer, at: time).value - expected).length < 1e-12)
        }
    }

    /// Velocity and acceleration are the derivatives of position (central differences), so the
    /// analytic pieces of every trajectory fit together.
    @Test(arguments: scenarios)
    func translationDerivativesMatchFiniteDifferences(scenario: Scenario) {
        let step = 1e-4
        for time in stride(from: 0.05, to: scenario.duration, by: 0.173) {
            let before = scenario.translation(at: time - step), now = scenario.translation(at: time)
            let after = scenario.translation(at: time + step)
            let velocity = (after.position - before.position) / (2 * step)
            let acceleration = (after.velocity - before.velocity) / (2 * step)
            #expect((velocity - now.velocity).length < 1e-5 * max(1, now.velocity.length))
            #expect((acceleration - now.acceleration).length < 1e-4 * max(1, now.acceleration.length))
        }
    }

    /// Integrating the gyroscope from the true start attitude lands on the true end attitude, turns
    /// carried by a car's route included.
    @Test(arguments: ["figure-eight", "car", "walking", "slow-tilt"])
    func gyroscopeIntegratesToTheTrueAttitude(name: String) {
        let scenario = Scenario.named(name)!
        var device = VirtualDevice(scenario: scenario, seed: 1, noise: .none)
        let rate = 500.0
        var attitude = scenario.attitude(at: 0)
        let steps = Int(scenario.duration * rate)
        for k in 0..<steps {
            let midpoint = (Double(k) + 0.5) / rate
            attitude = attitude.integrated(angularRate: device.reading(of: .gyroscope, at: midpoint).value, over: 1 / rate)
        }
        let error = (scenario.attitude(at: Double(steps) / rate).conjugate * attitude).normalized
        #expect(2 * error.vector.length < 1e-4)
    }

    @Test func carEndsAtRestHavingTurnedLeftThenRight() {
        let car = Scenario.car()
        let route = car.route!
        #expect(abs(route.duration - car.duration) < 1e-12)
        // The route ends at rest (the vibration goes on).
        #expect(route.kinematics(at: car.duration).velocity.length < 1e-9)
        #expect(abs(route.turn(at: 25).angle) < 1e-12 && abs(route.turn(at: 40).angle - Double.pi / 2) < 1e-9)
        #expect(abs(route.turn(at: car.duration).angle) < 1e-9)
        // Mid left turn the car pulls the device toward the centre, its −x, at v²/r = v·ω: 8 m/s at π/12 rad/s.
        let sideways = car.userAcceleration(at: 28).x * PhysicalConstants.standardGravity
        #expect(abs(sideways + 8 * Double.pi / 12) < 0.3)
        #expect(car.truth(at: 30).activity == .automotive)
    }
}

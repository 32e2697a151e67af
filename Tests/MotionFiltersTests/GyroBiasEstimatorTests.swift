import Foundation
import MotionFilters
import MotionMath
import Testing

@Suite struct GyroBiasEstimatorTests {
    let bias = Vector3(0.104, -0.021, 0.019)

    /// Feeds `seconds` of 100 Hz readings: the device's rotation rate is `rate(t)` (rad/s), its
    /// attitude turns with it, gravity reads (0, 0, −1) g at the start; gyroscope noise 0.002 rad/s
    /// and accelerometer noise 0.001 g, as an iPhone 5 at rest.
    func feed(_ estimator: inout GyroBiasEstimator, seconds: Double, start: Double = 0, rate: (Double) -> Vector3, noise: inout GaussianGenerator) {
        var attitude = Quaternion.identity  // device → world
        for step in 0..<Int((seconds * 100).rounded()) {
            let time = start + Double(step) / 100
            let omega = rate(time)
            let gravity = attitude.conjugate.rotate(Vector3(0, 0, -1))
            estimator.update(
                gyroscope: omega + bias + noise.nextVector(standardDeviation: 0.002),
                accelerometer: gravity + noise.nextVector(standardDeviation: 0.001), dt: 0.01)
            attitude = attitude.integrated(angularRate: omega, over: 0.01)
        }
    }

    @Test func learnsTheBiasWhileStillAndKeepsItThroughMotion() throws {
        var estimator = GyroBiasEstimator()
        var noise = GaussianGenerator(SplitMix64(seed: 3))
        feed(&estimator, seconds: 0.9, rate: { _ in .zero }, noise: &noise)
        #expect(estimator.bias == nil)  // no window has ended yet
        feed(&estimator, seconds: 4.1, start: 0.9, rate: { _ in .zero }, noise: &noise)
        let learnt = try #require(estimator.bias)
        // The mean of 500 readings with 0.002 rad/s of noise: 0.0001 rad/s standard error per axis.
        #expect((learnt - bias).length < 0.0005)
        #expect(abs(estimator.stillTime - 5) < 0.05)
        #expect(estimator.wasStill == true)
        #expect((estimator.corrected(bias + Vector3(1, 2, 3)) - Vector3(1, 2, 3)).length < 0.0005)
        // Then a hand-held wobble: a mean rate of 0.3 rad/s that must not leak into the bias.
        feed(&estimator, seconds: 5, start: 5, rate: { Vector3(0.3 + 0.5 * sin(7 * $0), 0.4 * cos(5 * $0), 0.2) }, noise: &noise)
        #expect(estimator.bias == learnt)
        #expect(estimator.wasStill == false)
    }

    @Test func aSteadyTurnIsNotTakenForBias() {
        // 0.05 rad/s about the device's x axis with the screen up: the rate is as steady as a bias,
        // but gravity sweeps through y and z, so no window is still.
        var estimator = GyroBiasEstimator()
        var noise = GaussianGenerator(SplitMix64(seed: 4))
        feed(&estimator, seconds: 10, rate: { _ in Vector3(0.05, 0, 0) }, noise: &noise)
        #expect(estimator.bias == nil)
        #expect(estimator.wasStill == false)
    }

    @Test func aTurnAboutTheVerticalIsToldFromBiasOnlyByTheField() {
        // 30 °/s about z, flat: rate and gravity are as steady as at rest; the field turns through x and y.
        let turnRate = Angle.radians(fromDegrees: 30)
        let field = Vector3(23.5, 0, -40.7)
        func run(withField: Bool) -> GyroBiasEstimator {
            var estimator = GyroBiasEstimator()
            var noise = GaussianGenerator(SplitMix64(seed: 6))
            for step in 0..<1000 {
                let time = Double(step) / 100
                let turned = Quaternion(axis: Vector3(0, 0, 1), angle: turnRate * time).conjugate.rotate(field)
                estimator.update(
                    gyroscope: Vector3(0, 0, turnRate) + bias + noise.nextVector(standardDeviation: 0.002),
                    accelerometer: Vector3(0, 0, -1) + noise.nextVector(standardDeviation: 0.001),
                    magnetometer: withField ? turned + noise.nextVector(standardDeviation: 0.4) : nil, dt: 0.01)
            }
            return estimator
        }
        #expect(run(withField: false).bias.map { abs($0.z - bias.z - turnRate) < 0.001 } == true, "without a field the turn is learnt as bias")
        #expect(run(withField: true).bias == nil)
    }

    @Test func findsTheTyrexIPhone5BiasAndNoStillnessWhileTexting() throws {
        func run(_ name: String) throws -> GyroBiasEstimator {
            let trace = try TyrexRecordings.load(name)
            var estimator = GyroBiasEstimator()
            let accelerations = trace[.accelerometer]
            var cursor = 0
            var previous: Double?
            for sample in trace[.gyroscope] {
                while cursor + 1 < accelerations.count, accelerations[cursor + 1].time <= sample.time { cursor += 1 }
                estimator.update(gyroscope: sample.value, accelerometer: accelerations[cursor].value, dt: sample.time - (previous ?? sample.time))
                previous = sample.time
            }
            return estimator
        }
        // calib_gyr: the phone lies still for 8.5 s; the README's mean is (0.104, −0.021, 0.019).
        let still = try run("calib_gyr_iPhone5_d3")
        let found = try #require(still.bias)
        #expect(abs(found.x - 0.104) < 0.002 && abs(found.y + 0.021) < 0.002 && abs(found.z - 0.019) < 0.002)
        #expect(still.stillTime > 7.5)
        // Texting: a hand is never still for a whole second, so nothing is learnt.
        #expect(try run("Thibaud_iPhone5_NoDist_Texting").bias == nil)
    }
}

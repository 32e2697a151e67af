import Foundation
import MotionFilters
import MotionMath
import Testing

@Suite struct MagnetometerCalibrationTests {
    /// The Earth's field in Grenoble's lab, North-West-Up, µT (tyrex README: 21 horizontal, −34 vertical).
    let field = Vector3(21, 0, -34)
    let hardIron = Vector3(104, 290, 60)
    /// What the phone's steel does to the field: symmetric, scaling its principal axes by 1.06, 0.98, 0.95.
    let distortion: Matrix3 = {
        let q = Quaternion(axis: Vector3(1, -2, 0.5).normalized, angle: 0.6)
        let rotation = Matrix3(rows: q.rotate(Vector3(1, 0, 0)), q.rotate(Vector3(0, 1, 0)), q.rotate(Vector3(0, 0, 1))).transposed
        return rotation * Matrix3(diagonal: Vector3(1.06, 0.98, 0.95)) * rotation.transposed
    }()

    /// The raw reading of a device at `attitude` (device → world), with 0.75 µT of noise per axis.
    func raw(_ attitude: Quaternion, _ noise: inout GaussianGenerator, field: Vector3? = nil) -> Vector3 {
        hardIron + distortion * attitude.conjugate.rotate(field ?? self.field) + noise.nextVector(standardDeviation: 0.75)
    }

    /// A device tumbling through every orientation, one reading per 1/25 s.
    func tumbling(_ time: Double) -> Quaternion {
        Quaternion(axis: Vector3(sin(0.31 * time), cos(0.17 * time), sin(0.23 * time + 1)).normalized, angle: 1.3 * time)
    }

    @Test func aTumblingDeviceConvergesToItsHardAndSoftIron() throws {
        var calibrator = OnlineMagnetometerCalibrator()
        var noise = GaussianGenerator(SplitMix64(seed: 11))
        for step in 0..<(60 * 25) { calibrator.update(raw(tumbling(Double(step) / 25), &noise)) }
        let fit = try #require(calibrator.adoptedFit)
        let calibration = try #require(calibrator.calibration)
        #expect(fit.kind == .ellipsoid)
        #expect((calibration.offset - hardIron).length < 0.5)
        // The correction undoes the distortion up to scale: correction = distortion⁻¹ · det^(1/3).
        let scale = cbrt(1.06 * 0.98 * 0.95)
        let expected = SymmetricEigendecomposition(distortion).matrix(mappingValues: { scale / $0 })
        for row in 0..<3 {
            for column in 0..<3 { #expect(abs(calibration.softIron[row, column] - expected[row, column]) < 0.01) }
        }
        #expect(abs(calibration.fieldStrength - field.length * scale) < 0.5)
        // Corrected readings keep one magnitude, to the noise.
        for step in 0..<100 {
            let corrected = calibration.corrected(raw(tumbling(100 + Double(step)), &noise))
            #expect(abs(corrected.length / calibration.fieldStrength - 1) < 0.06)
        }
    }

    @Test func aStillDeviceAddsOneReading() {
        var calibrator = OnlineMagnetometerCalibrator()
        var noise = GaussianGenerator(SplitMix64(seed: 12))
        for _ in 0..<3000 { calibrator.update(raw(.identity, &noise)) }
        #expect(calibrator.keptReadings == 1)
        #expect(calibrator.calibration == nil)
    }

    @Test func aFlatTurningDeviceRefinesThePriorInThePlaneOnly() throws {
        // Turning about the vertical with the screen up for two minutes, like texting while walking:
        // the readings form a ring, which fixes the offset's x and y but not z.
        func run(_ prior: MagnetometerCalibration?) -> OnlineMagnetometerCalibrator {
            var calibrator = OnlineMagnetometerCalibrator(prior: prior)
            var noise = GaussianGenerator(SplitMix64(seed: 13))
            for step in 0..<(120 * 25) {
                calibrator.update(raw(Quaternion(axis: Vector3(0, 0, 1), angle: 0.8 * Double(step) / 25), &noise))
            }
            return calibrator
        }
        #expect(run(nil).calibration == nil)
        let softIron = SymmetricEigendecomposition(distortion).matrix(mappingValues: { cbrt(1.06 * 0.98 * 0.95) / $0 })
        let prior = MagnetometerCalibration(offset: hardIron + Vector3(3, -2, 4), softIron: softIron, fieldStrength: 40)
        let refined = try #require(run(prior).calibration)
        // In the plane the readings outweigh the prior (worth 50 readings all round) about three to
        // one, so three quarters of its 3.6 µT error go; along z it is all there is.
        let error = refined.offset - hardIron
        #expect((error.x * error.x + error.y * error.y).squareRoot() < 1.2)
        #expect(abs(error.z - 4) < 0.5)
        #expect(refined.softIron == softIron)
    }

    @Test func aMagnetsFieldIsNotAdopted() {
        // A tumbling device next to a magnet: a 150 µT "field" is not the Earth's.
        var calibrator = OnlineMagnetometerCalibrator()
        var noise = GaussianGenerator(SplitMix64(seed: 14))
        for step in 0..<(60 * 25) { calibrator.update(raw(tumbling(Double(step) / 25), &noise, field: Vector3(90, 0, -120))) }
        #expect(calibrator.keptReadings > 500)
        #expect(calibrator.calibration == nil)
    }
}

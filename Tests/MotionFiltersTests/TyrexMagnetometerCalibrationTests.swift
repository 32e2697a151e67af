import Foundation
import MotionFilters
import MotionMath
import MotionSensors
import Testing

/// Hard- and soft-iron calibration on the real iPhone 5 recordings, judged against the optical
/// ground truth: a well-calibrated field, turned into the lab frame, stays put.
@Suite struct TyrexMagnetometerCalibrationTests {
    /// The ellipsoid fit of the whole calib_mag recording, and its raw readings.
    func calibrationRecordingFit() throws -> (fit: FittedEllipsoid, readings: [Vector3]) {
        let readings = try TyrexRecordings.load("calib_mag_iPhone5_d3")[.magnetometer].map(\.value)
        var fit = EllipsoidFit()
        for reading in readings { fit.add(reading) }
        return (try #require(fit.solve()), readings)
    }

    /// The standard deviation of `values` over their mean, and the largest deviation over the mean.
    func relativeSpread(_ values: [Double]) -> (deviation: Double, largest: Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
        return (variance.squareRoot() / mean, values.map { abs($0 - mean) }.max()! / mean)
    }

    /// How steady calibrated readings are in the lab (North-West-Up): their mean, the RMS distance
    /// from it, and the median and 95th percentile of the angle from it.
    func steadiness(_ pairs: [(raw: Vector3, attitude: Quaternion)], _ correct: (Vector3) -> Vector3)
        -> (mean: Vector3, rms: Double, medianAngle: Double, angle95: Double)
    {
        let lab = pairs.map { $0.attitude.rotate(correct($0.raw)) }
        let mean = lab.reduce(Vector3.zero, +) / Double(lab.count)
        let rms = (lab.map { ($0 - mean).lengthSquared }.reduce(0, +) / Double(lab.count)).squareRoot()
        let angles = lab.map { acos(min(1, $0.normalized.dot(mean.normalized))) * 180 / .pi }.sorted()
        return (mean, rms, angles[angles.count / 2], angles[angles.count * 95 / 100])
    }

    @Test func theCalibrationRecordingsFieldHasOneMagnitudeOnceCorrected() throws {
        let (fit, readings) = try calibrationRecordingFit()
        #expect(fit.kind == .ellipsoid)
        #expect(fit.coverage > 0.15)
        // Raw: |m| 317 µT ± 6.2 % (the hard iron dominates). Offset only (a sphere fit): ± 3.5 %.
        // Offset and soft iron: ± 1.6 %, every reading within 5.2 % of the mean (46.6 µT).
        #expect(relativeSpread(readings.map(\.length)).deviation > 0.06)
        var sums = EllipsoidFit()
        for reading in readings { sums.add(reading) }
        let sphere = try #require(sums.solveOffset())
        #expect(relativeSpread(readings.map { ($0 - sphere.offset).length }).deviation > 0.03)
        let corrected = relativeSpread(readings.map { fit.corrected($0).length })
        #expect(corrected.deviation < 0.017 && corrected.largest < 0.055)
        #expect(abs(fit.residual - corrected.deviation) < 0.001)
        #expect(abs(fit.radius - 46.6) < 0.1)
    }

    @Test func theCleanTextingTrialsFieldIsSteadyInTheLab() throws {
        let calibration = MagnetometerCalibration(try calibrationRecordingFit().fit)
        let pairs = TyrexRecordings.magnetometerWithTruth(try TyrexRecordings.load("Thibaud_iPhone5_NoDist_Texting"))
        #expect(pairs.count > 2900)
        let raw = steadiness(pairs) { $0 }
        let calibrated = steadiness(pairs, calibration.corrected)
        // README: horizontal ≈ 21 µT pointing north (+x in NWU), vertical ≈ −34 µT. Calibrated: mean
        // (21.1, −1.1, −32.4), 3.3 µT RMS about it, direction within 3.5° (median) and 6.8° (95 %).
        // Raw: the hard iron turns with the phone, 73° median.
        let horizontal = (calibrated.mean.x * calibrated.mean.x + calibrated.mean.y * calibrated.mean.y).squareRoot()
        #expect(abs(horizontal - 21) < 1 && abs(calibrated.mean.z + 34) < 2.5)
        #expect(calibrated.rms < 3.5)
        #expect(calibrated.medianAngle < 4 && calibrated.angle95 < 7.5)
        #expect(raw.medianAngle > 60)
    }

    @Test func theOnlineCalibratorOnTheFiveTrials() throws {
        let recordingFit = try calibrationRecordingFit().fit
        let prior = MagnetometerCalibration(recordingFit)
        struct Outcome {
            var firstAdoption: (seconds: Double, kept: Int)?
            var calibrator: OnlineMagnetometerCalibrator
            var medianAngle: Double?
        }
        var outcomes: [String: (fresh: Outcome, refined: Outcome, priorAngle: Double)] = [:]
        for name in TyrexRecordings.trials {
            let trace = try TyrexRecordings.load(name)
            let pairs = TyrexRecordings.magnetometerWithTruth(trace)
            func run(_ prior: MagnetometerCalibration?) -> Outcome {
                var outcome = Outcome(calibrator: OnlineMagnetometerCalibrator(prior: prior))
                let start = trace[.magnetometer][0].time
                for sample in trace[.magnetometer] where outcome.calibrator.update(sample.value) && outcome.firstAdoption == nil {
                    outcome.firstAdoption = (sample.time - start, outcome.calibrator.keptReadings)
                }
                outcome.medianAngle = outcome.calibrator.calibration.map { steadiness(pairs, $0.corrected).medianAngle }
                return outcome
            }
            outcomes[name] = (run(nil), run(prior), steadiness(pairs, prior.corrected).medianAngle)
        }
        func distance(_ outcome: Outcome) -> Double { (outcome.calibrator.calibration!.offset - recordingFit.offset).length }

        // From nothing: the walks in hand turn the phone enough for a sphere fit within 8 s, which
        // ends 5.5 µT from the calibration recording's centre (a sphere ignores the soft iron) and
        // steadies the lab field to a 4–6° median (the recording's own calibration: 3.7–4.7°).
        for name in ["Thibaud_iPhone5_NoDist_Swinging", "Thibaud_iPhone5_NoDist_RunningHand"] {
            let fresh = try #require(outcomes[name]?.fresh)
            let first = try #require(fresh.firstAdoption)
            #expect(first.seconds < 8 && first.kept == 60)
            #expect(fresh.calibrator.adoptedFit?.kind == .offsetOnly)
            #expect(distance(fresh) < 6.5)
            #expect(try #require(fresh.medianAngle) < 6)
        }
        // Texting holds the phone flat, the pocket barely turns it: never enough for a fit.
        #expect(outcomes["Thibaud_iPhone5_NoDist_Texting"]?.fresh.calibrator.calibration == nil)
        #expect(outcomes["Thibaud_iPhone5_NoDist_FrontPocket"]?.fresh.calibrator.calibration == nil)

        // From the calibration recording: the first refit (20 kept readings) is adopted in the clean
        // trials of the same set, and refining it keeps or improves the lab field's steadiness.
        for name in ["Thibaud_iPhone5_NoDist_Texting", "Thibaud_iPhone5_NoDist_Swinging", "Thibaud_iPhone5_NoDist_RunningHand"] {
            let (_, refined, priorAngle) = try #require(outcomes[name])
            #expect(refined.firstAdoption?.kept == 20)
            #expect(distance(refined) < 4.5)
            #expect(try #require(refined.medianAngle) <= priorAngle)
        }
        // The pocket trial was recorded with another calibration set (i5d4): the i5d3 prior is 40 µT
        // off, and the refinement moves most of the way, from a 41° median to under 10°.
        let pocket = try #require(outcomes["Thibaud_iPhone5_NoDist_FrontPocket"])
        #expect(pocket.priorAngle > 40)
        #expect(try #require(pocket.refined.medianAngle) < 10)
    }
}

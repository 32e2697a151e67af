import MotionFilters
import MotionMath
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The online calibration from a filter's attitude: a phone's hard and soft iron learnt from a
/// walk's turns about the vertical with a little tilt, as in the tyrex trials.
@Suite struct GyroAidedMagnetometerCalibratorTests {
    /// Grenoble's field in North-West-Up (µT), an iPhone-sized hard iron and a few per cent of soft iron.
    static let earth = Vector3(23.5, 0, -40.7)
    static let hardIron = Vector3(-120, 35, 210)
    static let softIron = Matrix3(rows: Vector3(0.04, 0.01, -0.02), Vector3(0.01, -0.03, 0.015), Vector3(-0.02, 0.015, -0.01))

    /// The attitude at `time`: turning about the vertical at 20 °/s, rocking ±15° about x and ±10° about y.
    static func attitude(at time: Double) -> Quaternion {
        Quaternion(axis: Vector3(0, 0, 1), angle: 0.35 * time)
            * Quaternion(axis: Vector3(1, 0, 0), angle: 0.26 * sin(1.3 * time))
            * Quaternion(axis: Vector3(0, 1, 0), angle: 0.17 * sin(0.7 * time))
    }

    /// The raw reading at `attitude`, plus `extra` (a magnet) in device axes, with a phone's 0.4 µT of
    /// noise when `tick` is given (a fixed pseudo-random sequence).
    static func raw(_ attitude: Quaternion, extra: Vector3 = .zero, tick: Int? = nil) -> Vector3 {
        let field = attitude.conjugate.rotate(earth)
        let noise =
            tick.map { tick in
                Vector3(sin(Double(tick) * 12.9898), sin(Double(tick) * 78.233), sin(Double(tick) * 37.719)) * (0.4 * Double(2).squareRoot())
            } ?? .zero
        return field + softIron * field + hardIron + extra + noise
    }

    @Test func aWalksTurnsCalibrateTheField() throws {
        var calibrator = GyroAidedMagnetometerCalibrator()
        #expect(!calibrator.isTrusted && calibrator.corrected(Self.raw(.identity)) == nil, "a raw 250 µT is no Earth's field")
        var trustedAfter: Double?
        for tick in 0..<(25 * 60) {
            let time = Double(tick) / 25
            calibrator.update(Self.raw(Self.attitude(at: time), tick: tick), attitude: Self.attitude(at: time), dt: 0.04)
            if trustedAfter == nil, calibrator.isTrusted { trustedAfter = time }
        }
        let after = try #require(trustedAfter)
        #expect(after > 1 && after < 20, "trusted after \(after) s")
        // The offset to a few µT: rocking ±15° leaves its part along the device's z (near vertical)
        // least determined, and that part moves the dip, not the heading.
        let calibration = try #require(calibrator.calibration)
        #expect((calibration.offset - Self.hardIron).length < 3, "offset \(calibration.offset)")
        // Corrected readings point to magnetic north in any attitude within 2°, closer than the true
        // hard iron alone brings them: the soft iron is learnt, though pulled toward none
        // (`softIronStiffness`) where little rotation tells its shapes apart.
        var worst = 0.0, worstHardIronOnly = 0.0
        for time in stride(from: 0.0, to: 30, by: 0.7) {
            let attitude = Self.attitude(at: time)
            let seen = attitude.rotate(try #require(calibrator.corrected(Self.raw(attitude))))
            let hardIronOnly = attitude.rotate(Self.raw(attitude) - Self.hardIron)
            worst = max(worst, abs(Angle.degrees(fromRadians: atan2(seen.y, seen.x))))
            worstHardIronOnly = max(worstHardIronOnly, abs(Angle.degrees(fromRadians: atan2(hardIronOnly.y, hardIronOnly.x))))
        }
        #expect(worst < 2 && worst < worstHardIronOnly, "heading error \(worst)°, \(worstHardIronOnly)° with the hard iron alone")
    }

    /// A magnet held near the phone for two seconds barely moves a calibration learnt over the minute
    /// before: its readings weigh little against the model.
    @Test func aPassingMagnetDoesNotBendTheCalibration() throws {
        var calibrator = GyroAidedMagnetometerCalibrator()
        for tick in 0..<(25 * 60) {
            let time = Double(tick) / 25
            calibrator.update(Self.raw(Self.attitude(at: time)), attitude: Self.attitude(at: time), dt: 0.04)
        }
        let before = try #require(calibrator.calibration).offset
        for tick in (25 * 60)..<(25 * 62) {
            let time = Double(tick) / 25
            calibrator.update(Self.raw(Self.attitude(at: time), extra: Vector3(80, -60, 40)), attitude: Self.attitude(at: time), dt: 0.04)
        }
        #expect((try #require(calibrator.calibration).offset - before).length < 2)
    }

    /// A magnet carried with the phone adds a constant to every reading, as hard iron does. Carried
    /// for half a minute it explains the readings better than the calibration in force for less than
    /// `adoptionDelay`, so it is not learnt, and the calibration is right again when it is gone;
    /// carried for three minutes it is learnt.
    @Test func aMagnetIsLearntAsHardIronOnlyIfItStays() throws {
        let magnet = Vector3(25, -15, 10)
        var calibrator = GyroAidedMagnetometerCalibrator()
        var time = 0.0
        func feed(seconds: Double, extra: Vector3 = .zero) {
            for _ in 0..<Int(seconds * 25) {
                calibrator.update(Self.raw(Self.attitude(at: time), extra: extra), attitude: Self.attitude(at: time), dt: 0.04)
                time += 0.04
            }
        }
        feed(seconds: 60)
        let learnt = try #require(calibrator.calibration).offset
        #expect((learnt - Self.hardIron).length < 3, "offset \(learnt)")
        feed(seconds: 30, extra: magnet)
        #expect((try #require(calibrator.calibration).offset - learnt).length < 1, "the magnet was learnt within 30 s")
        feed(seconds: 180, extra: magnet)
        let staying = try #require(calibrator.calibration).offset
        #expect((staying - Self.hardIron - magnet).length < 3, "offset \(staying), hard iron and magnet \(Self.hardIron + magnet)")
    }

    /// A device calibrated beforehand rests, then turns with a magnet on it for 50 s, then without
    /// (as in BROAD's attached-magnet trials). The resting readings say nothing of the hard iron, so
    /// the last minute's readings favour the magnet from soon after it comes until after it has
    /// gone; the readings since it went, which the calibration in force explains, keep it from being
    /// learnt then.
    @Test func aMagnetTakenAwayIsNotLearntAfterItHasGone() throws {
        let magnet = Vector3(25, -15, 10)
        var calibrator = GyroAidedMagnetometerCalibrator(prior: MagnetometerCalibration(offset: Self.hardIron, fieldStrength: Self.earth.length))
        var time = 0.0
        var worst = 0.0
        func feed(seconds: Double, extra: Vector3 = .zero, still: Bool = false) {
            for _ in 0..<Int(seconds * 25) {
                let attitude = Self.attitude(at: still ? 0 : time)
                calibrator.update(Self.raw(attitude, extra: extra), attitude: attitude, dt: 0.04)
                time += 0.04
            }
        }
        feed(seconds: 45, still: true)
        let learnt = try #require(calibrator.calibration).offset
        feed(seconds: 50, extra: magnet)
        for _ in 0..<60 {
            feed(seconds: 1)
            worst = max(worst, (try #require(calibrator.calibration).offset - learnt).length)
        }
        #expect(worst < 1, "the offset moved \(worst) µT after the magnet had gone")
    }

    /// A magnetometer calibrated upstream (a first reading as weak as the Earth's field) is trusted
    /// from the start, through the identity.
    @Test func aCalibratedMagnetometerIsTrustedAtOnce() {
        var calibrator = GyroAidedMagnetometerCalibrator()
        let first = Self.attitude(at: 0).conjugate.rotate(Self.earth)
        #expect(calibrator.corrected(first) == first)
        calibrator.update(first, attitude: Self.attitude(at: 0), dt: 0)
        #expect(calibrator.isTrusted && calibrator.corrected(first) == first)
    }
}

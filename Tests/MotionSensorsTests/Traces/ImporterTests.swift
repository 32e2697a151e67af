import Foundation
import MotionMath
import TestSupport
import Testing

@testable import MotionSensors

@Suite struct ImporterTests {
    /// The median of `values`.
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    @Test func tyrexTrialKeepsCoreMotionUnitsAndAlignsTheTruth() throws {
        let imported = try importTrace(at: Repository.tyrexTrial)
        let trace = imported.trace
        #expect(imported.warnings.isEmpty)
        #expect(trace.metadata.dataset == "tyrex-attitude-iphone")
        #expect(trace.metadata.name == "Thibaud_iPhone5_NoDist_Texting")
        #expect(trace.sensors == [.accelerometer, .gyroscope, .magnetometer])
        #expect(trace[.accelerometer].count == 2010)
        #expect(trace[.gyroscope].count == 1875)
        #expect(trace[.magnetometer].count == 493)
        #expect(trace.calibratedMagnetometer.count == 1841)
        // First rows exactly as in the files: already g (Core Motion sign), rad/s, µT.
        #expect(trace[.accelerometer][0] == SensorSample(sensor: .accelerometer, time: 55865.1103, value: Vector3(0.1038, -0.1536, -0.8749)))
        #expect(trace[.gyroscope][0].value == Vector3(-0.0276, -0.3771, -0.2673))
        #expect(trace[.magnetometer][0].value == Vector3(109.5668, 260.6284, 34.4686))
        #expect(trace.calibratedMagnetometer[0].value == Vector3(7.1786, -26.5548, -32.8629))
        // Held in front while texting: gravity mostly along −z, |a| ≈ 1 g.
        let accelerations = trace[.accelerometer].map(\.value)
        #expect(abs(median(accelerations.map(\.length)) - 1) < 0.1)
        #expect(median(accelerations.map(\.z)) < -0.7)
        // Apple's attitude is an estimate, never the truth.
        let apple = try #require(trace.estimates.first { $0.id == "apple-cmattitude" })
        #expect(apple.samples.count == 1875)
        #expect(apple.samples[0].attitude == Quaternion(w: 0.9946, x: 0.0859, y: 0.0575, z: -0.0008))
        // Truth: valid rows only, on the phone clock, ENU turned into NWU.
        // 1152 rows in the slice, 5 of them with `valid` 0.
        #expect(trace.truth.count == 1147)
        let first = trace.truth[0]
        #expect(abs(first.time - (0 + 55865.0779 + 0.79)) < 1e-9)
        let enu = Quaternion(w: 0.3358966, x: 0.0193392, y: 0.0480102, z: 0.9404757)
        #expect(first.attitude == FrameAlignment.eastNorthUpToNorthWestUp * enu)
    }

    @Test func tyrexTruthAgreesWithGravityAndApple() throws {
        let trace = try importTrace(at: Repository.tyrexTrial).trace
        // Gravity: the accelerometer (−specific force, in g) rotated into NWU by the truth points down.
        var down = Vector3.zero
        var cursor = 0
        let accelerations = trace[.accelerometer]
        for truth in trace.truth {
            while cursor + 1 < accelerations.count, accelerations[cursor].time < truth.time { cursor += 1 }
            down += truth.attitude!.rotate(accelerations[cursor].value)
        }
        down = down / Double(trace.truth.count)
        #expect(down.z < -0.95 && abs(down.x) < 0.1 && abs(down.y) < 0.1)
        // Apple's attitude and the truth share the NWU frame up to a small yaw offset (README: ~5° error).
        let apple = trace.estimates[0].samples
        var angles: [Double] = []
        cursor = 0
        for truth in trace.truth {
            while cursor + 1 < apple.count, apple[cursor].time < truth.time { cursor += 1 }
            let difference = truth.attitude!.conjugate * apple[cursor].attitude!
            angles.append(2 * acos(min(1, abs(difference.w))) * 180 / .pi)
        }
        #expect(median(angles) < 15)
    }

    @Test func oxfordConvertsMetresPerSecondSquaredToCoreMotionG() throws {
        let imported = try importTrace(at: Repository.oxford)
        let trace = imported.trace
        #expect(trace.sensors == [.accelerometer])
        // 2000 rows, the first all zero (warm-up) dropped with a warning naming line 1.
        #expect(trace[.accelerometer].count == 1999)
        #expect(imported.warnings.map(\.line) == [1])
        let first = trace[.accelerometer][0]
        #expect(first.time == Double(1_012_471_532_132) / 1e9)
        #expect(first.value == Vector3(-0.48243165 / 9.80665, -2.4528596 / 9.80665, -4.9643774 / 9.80665))
        #expect(abs(median(trace[.accelerometer].map(\.value.length)) - 1) < 0.15)
        // Truth: cumulative steps where they change, from 0.
        #expect(trace.truth.first?.steps == 0)
        #expect(zip(trace.truth.dropFirst(), trace.truth).allSatisfy { $0.steps! > $1.steps! && $0.time > $1.time })
        #expect(trace.truth.last?.steps == 33)
        #expect(trace.estimates.map(\.id) == ["oxford-app-steps"])
        let info = TraceInfo(trace)
        #expect(abs(info.streams[0].rate! - 100) < 1)
        #expect(info.truthParts == ["steps"])
    }

    @Test func broadFlipsTheAccelerometerAndTurnsTheOpticalTruthToNWU() throws {
        let imported = try importTrace(at: Repository.broad)
        let trace = imported.trace
        #expect(imported.warnings.isEmpty)
        #expect(trace.sensors == [.accelerometer, .gyroscope, .magnetometer])
        #expect(trace[.gyroscope].count == 2000)
        #expect(trace.truth.count == 2000 - 791)
        #expect(trace[.accelerometer][0].value == Vector3(-0.1154663 / 9.80665, -0.006986212 / 9.80665, -9.860071 / 9.80665))
        #expect(trace[.gyroscope][0].value == Vector3(0.007457792, 0.001064651, -0.005326745))
        // At rest: |a| ≈ 1 g with z ≈ −1 (face up), gyroscope near 0.
        #expect(abs(median(trace[.accelerometer].map(\.value.length)) - 1) < 0.01)
        #expect(median(trace[.accelerometer].map(\.value.z)) < -0.99)
        #expect(median(trace[.gyroscope].map(\.value.length)) < 0.02)
        #expect(abs(TraceInfo(trace).streams[0].rate! - 2000.0 / 7) < 0.5)
        // Truth in NWU: the field's horizontal part points north (+x), its vertical part down.
        let index = 1000
        let field = trace.truth.first { $0.time == trace[.magnetometer][index].time }!.attitude!.rotate(trace[.magnetometer][index].value)
        #expect(field.x > 10 && abs(field.y) < 5 && field.z < -30)
    }

    @Test func xioConvertsDegreesAndKeepsOnlyNewMagnetometerReadings() throws {
        let imported = try importTrace(at: Repository.xio)
        let trace = imported.trace
        #expect(imported.warnings.isEmpty)
        #expect(trace[.gyroscope].count == 2000)
        #expect(trace[.accelerometer][0].value == Vector3(-0.001015204, 0.02045836, -0.9970807))
        #expect(trace[.gyroscope][0].value == Vector3(0.01644619, -0.1517251, 0.1080897) * (Double.pi / 180))
        #expect(trace[.magnetometer][0].value == Vector3(15.3017, 0.4328527, -41.06483))
        // Sample-and-hold: about one row in thirteen is a new reading.
        let magnetometerRate = try #require(TraceInfo(trace).streams.first { $0.stream == .sensor(.magnetometer) }?.rate)
        #expect(trace[.magnetometer].count < 400 && magnetometerRate < 20)
        #expect(median(trace[.gyroscope].map(\.value.length)) < 0.5)
        #expect(abs(median(trace[.accelerometer].map(\.value.length)) - 1) < 0.1)
    }

    @Test func formatsAreDetected() throws {
        #expect(try TraceFormat.detect(at: Repository.tyrexTrial) == .tyrex)
        #expect(try TraceFormat.detect(at: Repository.oxford) == .oxford)
        #expect(try TraceFormat.detect(at: Repository.broad) == .broad)
        #expect(try TraceFormat.detect(at: Repository.xio) == .xio)
        #expect(try TraceFormat.detect(at: Repository.badInput("header-only.csv")) == .canonical)
    }
}

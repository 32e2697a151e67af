import Foundation
import MotionMath
import TestSupport
import Testing

@testable import MotionSensors

/// The calibration a tyrex trial gets at import, and how the canonical format keeps it.
@Suite struct CalibrationTraceTests {
    static let full = Repository.trace("tyrex-attitude-iphone/full")

    /// A small trace carrying `calibration`.
    func trace(with calibration: SensorCalibration?) -> Trace {
        let samples = (0..<5).map { SensorSample(sensor: .gyroscope, time: Double($0) / 100, value: Vector3(0.1, -0.02, 0.02)) }
        return Trace(metadata: TraceMetadata(name: "calibrated"), samples: [.gyroscope: samples], calibration: calibration)
    }

    @Test func aTrialIsCalibratedFromItsSetsRecordings() throws {
        let trace = try importTrace(at: Self.full.appendingPathComponent("Thibaud_iPhone5_NoDist_Texting")).trace
        let calibration = try #require(trace.calibration)
        // Known answers from an independent NumPy computation on the same files: the mean of
        // calib_gyr's 790 readings, and the trace-constrained ellipsoid fit of calib_mag's 609.
        let bias = try #require(calibration.gyroscopeBias)
        #expect((bias - Vector3(0.10383797, -0.0214443, 0.01935127)).length < 1e-8)
        let offset = try #require(calibration.magnetometerOffset)
        #expect((offset - Vector3(103.61841692, 289.56017043, 60.3056642)).length < 1e-6)
        let softIron = try #require(calibration.magnetometerSoftIron)
        let expected = Matrix3(
            rows: Vector3(0.99033799, 0.02337109, -0.01374365), Vector3(0.02337109, 0.94015903, -0.01088839),
            Vector3(-0.01374365, -0.01088839, 1.07496704))
        for row in 0..<3 {
            for column in 0..<3 { #expect(abs(softIron[row, column] - expected[row, column]) < 1e-7) }
        }
        #expect(abs(try #require(calibration.magnetometerFieldStrength) - 46.602034) < 1e-5)
        #expect(calibration.origin == "tyrex calibration set i5d3: calib_gyr_iPhone5_d3 (mean rate), calib_mag_iPhone5_d3 (ellipsoid fit)")
        let note = try #require(trace.metadata.notes.first { $0.hasPrefix("calibration") })
        #expect(
            note == "calibration fitted at import from set i5d3: gyroscope bias = mean of calib_gyr_iPhone5_d3's 790 readings (phone static); "
                + "magnetometer hard and soft iron = ellipsoid fit of calib_mag_iPhone5_d3's 609 readings (field 46.6 µT, residual 1.6 %, coverage 0.155)"
        )
        // The samples stay as recorded.
        #expect(trace[.gyroscope][0].value == Vector3(-0.0276, -0.3771, -0.2673))
    }

    @Test func aTrialWhoseSetIsMissingSaysSo() throws {
        // FrontPocket names i5d4, which the split lacks: the same phone model's i5d3 stands in, and says so.
        let pocket = try importTrace(at: Self.full.appendingPathComponent("Thibaud_iPhone5_NoDist_FrontPocket")).trace
        let texting = try importTrace(at: Self.full.appendingPathComponent("Thibaud_iPhone5_NoDist_Texting")).trace
        #expect(pocket.calibration?.magnetometerOffset == texting.calibration?.magnetometerOffset)
        #expect(
            pocket.calibration?.origin.hasPrefix(
                "tyrex calibration set i5d4 (set i5d4's recordings are missing; those of iPhone5_d3, the same phone model, stand in)") == true)
        #expect(pocket.metadata.notes.contains { $0.hasPrefix("calibration fitted at import from set i5d4 (set i5d4's recordings are missing") })
        // The 20 s slice has no calibration folders beside it.
        let slice = try importTrace(at: Repository.tyrexTrial).trace
        #expect(slice.calibration == nil)
        #expect(slice.metadata.notes.contains { $0.hasPrefix("calibration set i5d3: no calibration recording found") })
    }

    @Test func aCalibrationFolderImportsAsARecording() throws {
        let trace = try importTrace(at: Self.full.appendingPathComponent("calib_gyr_iPhone5_d3")).trace
        #expect(trace.metadata.name == "calib_gyr_iPhone5_d3")
        #expect(trace.calibration == nil)
        #expect(!trace.metadata.notes.contains { $0.contains("calibration") })
        #expect(trace[.gyroscope].count == 790)
    }

    @Test func theCalibrationRoundTripsBitExact() throws {
        let imported = try importTrace(at: Self.full.appendingPathComponent("Thibaud_iPhone5_NoDist_Swinging")).trace.calibration
        let partial = SensorCalibration(gyroscopeBias: Vector3(-0.0, 1e-300, Double.leastNonzeroMagnitude), origin: "odd, origin \\ with\nnewline")
        for calibration in [imported, partial, nil] {
            let original = trace(with: calibration)
            let file = try Repository.scratchFolder("motionbench-traces").appendingPathComponent("trace.csv")
            try TraceWriter.write(original, to: file)
            let again = try TraceReader.read(at: file).trace
            #expect(again == original)
            #expect(
                again.calibration?.gyroscopeBias.map { [$0.x, $0.y, $0.z].map(\.bitPattern) }
                    == calibration?.gyroscopeBias.map { [$0.x, $0.y, $0.z].map(\.bitPattern) })
        }
        let text = String(decoding: try TraceWriter.encode(trace(with: imported)), as: UTF8.self)
        #expect(
            text.contains("\ncalibration,origin,tyrex calibration set i5d3: calib_gyr_iPhone5_d3 (mean rate), calib_mag_iPhone5_d3 (ellipsoid fit)\n")
        )
        #expect(text.contains("\ncalibration,magnetometer-soft-iron,0.9903"))
    }

    @Test func theWriterRefusesWhatTheReaderWould() {
        let nonFinite = SensorCalibration(magnetometerOffset: Vector3(1, .nan, 0), origin: "x")
        let softIronAlone = SensorCalibration(magnetometerSoftIron: .identity, origin: "x")
        for calibration in [nonFinite, softIronAlone] {
            #expect(throws: TraceError.self) { try TraceWriter.encode(trace(with: calibration)) }
        }
    }

    @Test(arguments: [
        ("calibration,origin,x\ncalibration,gyroscope-bias,1,2\n", 6, "expected 5 fields, found 4"),
        ("calibration,origin,x\ncalibration,gyroscope-bias,1,2,nan\n", 6, "gyroscope-bias z is NaN"),
        (
            "calibration,origin,x\ncalibration,magnetometer-offset,1,2,3\ncalibration,magnetometer-offset,1,2,3\n", 7,
            "calibration magnetometer-offset is given twice"
        ),
        ("calibration,magnetometer-offset,1,2,3\n", 5, "the calibration has no 'calibration,origin,…' line"),
        (
            "calibration,origin,x\ncalibration,magnetometer-soft-iron,1,0,0,0,1,0,0,0,1\n", 5,
            "the calibration has a magnetometer soft-iron correction but no magnetometer offset"
        ),
        ("calibration,origin,x\ncalibration,magnetometer-field,-40\n", 6, "the magnetometer field strength must be positive"),
        (
            "calibration,accelerometer-bias,0,0,0\n", 5,
            "unknown calibration part 'accelerometer-bias' (known: origin, gyroscope-bias, magnetometer-offset, magnetometer-soft-iron, magnetometer-field)"
        ),
        ("calibration,origin\n", 5, "'calibration' needs a part and a value"),
    ])
    func aMalformedCalibrationIsRefusedNamingTheLine(lines: String, line: Int, reason: String) throws {
        let file = try Repository.scratchFolder("motionbench-traces").appendingPathComponent("bad.csv")
        let text = "motionbench-trace,1\nname,bad\nrate,gyroscope,100\nnote,calibration below\n" + lines + "time,stream,values\n0,gyroscope,0,0,0\n"
        try Data(text.utf8).write(to: file)
        let error = try #require(throws: TraceError.self) { try TraceReader.read(at: file) }
        #expect(error.path == file.path)
        #expect(error.line == line)
        #expect(error.reason == reason)
    }

    @Test func traceInfoShowsTheCalibration() throws {
        let trace = try importTrace(at: Self.full.appendingPathComponent("Thibaud_iPhone5_NoDist_RunningHand")).trace
        let info = TraceInfo(trace)
        #expect(info.calibration == trace.calibration)
        let text = info.description
        #expect(text.contains("calibration: tyrex calibration set i5d3: calib_gyr_iPhone5_d3 (mean rate), calib_mag_iPhone5_d3 (ellipsoid fit)"))
        #expect(text.contains("  gyroscope bias:         (0.1038, -0.0214, 0.0194) rad/s"))
        #expect(text.contains("  magnetometer offset:    (103.62, 289.56, 60.31) µT"))
        #expect(text.contains("  magnetometer field:     46.6 µT where calibrated"))
    }
}

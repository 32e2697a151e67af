import MotionMath
import MotionSensors
import MotionWorkloads
import Testing
@testable import MotionBench

/// Rows collected in memory, as a CSV writer would receive them.
private struct CollectedRows: EmittedRowSink {
    var header: [String] = []
    var rows: [[String: String]] = []

    mutating func begin(columns: [String]) throws { header = columns }
    mutating func append(_ cells: [String]) throws { rows.append(Dictionary(uniqueKeysWithValues: zip(header, cells))) }
}

@Suite struct EmitTests {
    private func spec(_ workload: String, rate: Double, filter: String, display: Double? = nil, parameters: [String: Double] = [:]) -> CaseSpec {
        CaseSpec(workload: workload, rateHz: rate, filter: filter, mode: .virtual, repetition: 1, durationSeconds: 2, sampleCount: 100,
                 displayRateHz: display, seed: 1, parameters: parameters)
    }

    private func emit(_ spec: CaseSpec, sensors: [SensorKind], scenario: Scenario, truth: Bool, seconds: Double) throws -> CollectedRows {
        let type = try #require(WorkloadRegistry.named(spec.workload))
        let reference = truth ? AccuracyReference(truth: .scenario(scenario), alignment: .exact, duration: seconds) : nil
        let input = CaseInput(source: VirtualDevice(scenario: scenario, seed: 1), touches: scenario.touches, reference: reference)
        var rows = CollectedRows()
        try OutputEmitter.emit(
            spec, workload: try type.init(configuration: WorkloadConfiguration(rate: spec.rateHz, filter: spec.filter, parameters: spec.parameters)),
            sensors: sensors, input: input, seconds: seconds, attitudeAlignment: nil, into: &rows)
        return rows
    }

    @Test func aSampleWorkloadGetsARowPerSampleInstantWithItsInputsTruthAndError() throws {
        let rows = try emit(spec("heading", rate: 10, filter: "madgwick"), sensors: [.gyroscope, .accelerometer, .magnetometer],
                            scenario: .turning(rate: 30), truth: true, seconds: 8)
        #expect(rows.header.prefix(4) == ["time_s", "gyro_x_rad_s", "gyro_y_rad_s", "gyro_z_rad_s"])
        #expect(rows.header.contains("qw") && rows.header.contains("truth_qw") && rows.header.last == "error_heading_deg")
        // One row per tick, after all three of its samples: 8 s at 10 Hz.
        #expect(rows.rows.map { $0["time_s"]! } == (0..<80).map { FixedDecimal.format(Double($0) / 10, decimals: 6) })
        let scored = rows.rows.filter { $0["scored"] == "1" }
        #expect(scored.count == 30 && scored.first?["time_s"] == "5.000000")
        // The error columns are the scorer's error of the quaternion columns.
        for row in scored {
            func quaternion(_ prefix: String) -> Quaternion {
                Quaternion(w: Double(row[prefix + "qw"]!)!, x: Double(row[prefix + "qx"]!)!, y: Double(row[prefix + "qy"]!)!, z: Double(row[prefix + "qz"]!)!)
            }
            let error = AttitudeError(estimate: quaternion(""), truth: quaternion("truth_"))
            #expect(abs(error.total - Double(row["error_total_deg"]!)!) < 1e-3 && abs(error.heading - Double(row["error_heading_deg"]!)!) < 1e-3)
        }
    }

    @Test func anAnimatingWorkloadGetsARowPerFrameAndTheMotionCubeARowPerShape() throws {
        let translation = try emit(spec("gyro-translation", rate: 15, filter: "raw", display: 60), sensors: [.gyroscope],
                                   scenario: .tiltAndShake, truth: false, seconds: 1)
        #expect(translation.rows.count == 60 && !translation.header.contains("scored"))
        #expect(translation.rows[1]["time_s"] == "0.016667" && translation.rows[1]["gyro_x_rad_s"] != "")
        let cube = try emit(spec("motion-cube", rate: 60, filter: "raw", display: 60, parameters: ["shapes": 3]), sensors: [.accelerometer],
                            scenario: .still, truth: false, seconds: 0.5)
        #expect(cube.rows.count == 30 * 3 && cube.rows.prefix(3).map { $0["shape"] } == ["0", "1", "2"])
    }

    @Test(arguments: WorkloadRegistry.all.map { $0.descriptor.name })
    func everyWorkloadFillsItsColumns(workload: String) throws {
        let descriptor = try #require(WorkloadRegistry.named(workload)).descriptor
        let case_ = spec(workload, rate: descriptor.defaultRates[0], filter: descriptor.filters[0], display: descriptor.displayRate)
        let rows = try emit(case_, sensors: descriptor.sensors + descriptor.optionalSensors, scenario: .tiltAndShake, truth: false, seconds: 2)
        #expect(!rows.rows.isEmpty && rows.rows.allSatisfy { $0.count == rows.header.count })
        #expect(Set(rows.header).count == rows.header.count, "column names repeat")
    }

    @Test func namesStayOnePlainFileInsideTheRunFolder() {
        var odd = spec("heading", rate: 12.5, filter: "../x/y", parameters: ["beta": 0.05, "kp": 1])
        #expect(EmittedCase(odd).name == "heading-12.5hz-_._x_y-beta=0.05_kp=1")
        odd.recordedTiming = true
        #expect(EmittedCase(odd).relativePath == "emitted/heading-native-_._x_y-beta=0.05_kp=1.csv")
        #expect(!EmittedCase(odd).name.contains("/") && !EmittedCase(odd).name.contains(".."))
        let cases = [spec("barometer", rate: 1, filter: "none"), spec("barometer", rate: 1, filter: "none"), spec("barometer", rate: 1, filter: "median-5")]
        #expect(EmittedCase.distinct(cases).map(\.name) == ["barometer-1hz-none", "barometer-1hz-median-5"])
    }

    @Test func everyEstimatePlottedIsAColumnOfItsWorkload() {
        for type in WorkloadRegistry.all {
            for quantity in type.descriptor.estimates {
                #expect(type.outputColumns.map(\.name).contains(TruthComparison.of(quantity).estimateColumn), "\(type.descriptor.name)")
            }
        }
    }
}

import MotionMath
import MotionSensors
import MotionWorkloads
import Testing

@testable import MotionBench
@testable import MotionReports
@testable import MotionResults

/// Rows collected in memory, each cell as the CSV writer writes it.
private struct CollectedRows: EmittedRowSink {
    var columns: [OutputColumn] = []
    var rows: [[String: String]] = []
    var header: [String] { columns.map(\.name) }

    mutating func begin(columns: [OutputColumn]) throws { self.columns = columns }
    mutating func append(_ cells: [OutputRows.Cell]) throws {
        rows.append(Dictionary(uniqueKeysWithValues: zip(columns, cells).map { ($0.name, EmittedCSVWriter.text(of: $1, in: $0)) }))
    }
}

@Suite struct EmitTests {
    private func spec(_ workload: String, rate: Double, filter: String, display: Double? = nil, parameters: [String: Double] = [:]) -> CaseSpec {
        CaseSpec(
            workload: workload, rateHz: rate, filter: filter, mode: .virtual, repetition: 1, durationSeconds: 2, sampleCount: 100,
            displayRateHz: display, seed: 1, parameters: parameters)
    }

    private func emit(_ spec: CaseSpec, sensors: [SensorKind], scenario: Scenario, truth: Bool, seconds: Double) throws -> CollectedRows {
        let entry = try #require(WorkloadCatalogue.builtIn.named(spec.workload))
        let reference = truth ? AccuracyReference(truth: .scenario(scenario), alignment: .exact, duration: seconds) : nil
        let input = CaseInput(source: VirtualDevice(scenario: scenario, seed: 1), touches: scenario.touches, reference: reference)
        var rows = CollectedRows()
        try OutputEmitter.emit(
            spec, workload: try entry.make(WorkloadConfiguration(rate: spec.rateHz, filter: spec.filter, parameters: spec.parameters)),
            of: entry, sensors: sensors, input: input, seconds: seconds, attitudeAlignment: nil, into: &rows)
        return rows
    }

    @Test func aSampleWorkloadGetsARowPerSampleInstantWithItsInputsTruthAndError() throws {
        let rows = try emit(
            spec("heading", rate: 10, filter: "madgwick"), sensors: [.gyroscope, .accelerometer, .magnetometer],
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
                Quaternion(
                    w: Double(row[prefix + "qw"]!)!, x: Double(row[prefix + "qx"]!)!, y: Double(row[prefix + "qy"]!)!, z: Double(row[prefix + "qz"]!)!
                )
            }
            let error = AttitudeError(estimate: quaternion(""), truth: quaternion("truth_"))
            #expect(abs(error.total - Double(row["error_total_deg"]!)!) < 1e-3 && abs(error.heading - Double(row["error_heading_deg"]!)!) < 1e-3)
        }
    }

    @Test func anAnimatingWorkloadGetsARowPerFrameAndTheMotionCubeARowPerShape() throws {
        let translation = try emit(
            spec("gyro-translation", rate: 15, filter: "raw", display: 60), sensors: [.gyroscope],
            scenario: .tiltAndShake, truth: false, seconds: 1)
        #expect(translation.rows.count == 60 && !translation.header.contains("scored"))
        #expect(translation.rows[1]["time_s"] == "0.016667" && translation.rows[1]["gyro_x_rad_s"] != "")
        let cube = try emit(
            spec("motion-cube", rate: 60, filter: "raw", display: 60, parameters: ["shapes": 3]), sensors: [.accelerometer],
            scenario: .still, truth: false, seconds: 0.5)
        #expect(cube.rows.count == 30 * 3 && cube.rows.prefix(3).map { $0["shape"] } == ["0", "1", "2"])
    }

    @Test(arguments: WorkloadCatalogue.builtIn.descriptors.map(\.name))
    func everyWorkloadFillsItsColumns(workload: String) throws {
        let descriptor = try #require(WorkloadCatalogue.builtIn.named(workload)).descriptor
        let fedCase = spec(workload, rate: descriptor.defaultRates[0], filter: descriptor.filters[0], display: descriptor.displayRate)
        let rows = try emit(fedCase, sensors: descriptor.sensors + descriptor.optionalSensors, scenario: .tiltAndShake, truth: false, seconds: 2)
        #expect(!rows.rows.isEmpty && rows.rows.allSatisfy { $0.count == rows.header.count })
        #expect(Set(rows.header).count == rows.header.count, "column names repeat")
    }

    @Test func namesStayOnePlainFileInsideTheRunFolder() {
        var odd = spec("heading", rate: 12.5, filter: "../x/y", parameters: ["beta": 0.05, "kp": 1]).identity
        #expect(odd.name == "heading-12.5hz-_._x_y-beta=0.05_kp=1")
        odd.recordedTiming = true
        #expect(RunFolder.emittedFile(odd.name) == "emitted/heading-native-_._x_y-beta=0.05_kp=1.csv")
        #expect(!odd.name.contains("/") && !odd.name.contains(".."))
    }

    /// Names are derived from the case's identity, numbers spelled without loss, and made unique in a
    /// run even where two cases' derived names would meet.
    @Test func twoDifferentCasesNeverShareAName() {
        let close = [0.1234567, 0.1234568].map { spec("heading", rate: 50, filter: "madgwick", parameters: ["beta": $0]).identity }
        #expect(close[0].name != close[1].name, "7 significant digits kept")
        // A filter whose name runs on into a parameter's: b with c-d=1 against b-c with d=1.
        let meeting = [
            CaseIdentity(workload: "w", rateHz: 10, filter: "b", parameters: ["c-d": 1]),
            CaseIdentity(workload: "w", rateHz: 10, filter: "b-c", parameters: ["d": 1]),
        ]
        #expect(meeting[0].name == meeting[1].name)
        let names = UniqueNames(meeting + [meeting[0]]) { $0.name }
        #expect(names[meeting[0]] == "w-10hz-b-c-d=1" && names[meeting[1]] == "w-10hz-b-c-d=1_2")
        // A sweep's chart carries the case held, so two filters sweeping one parameter do not meet.
        let madgwick = spec("heading", rate: 50, filter: "madgwick", parameters: ["gyro-bias": 0]).identity
        let mahony = spec("heading", rate: 50, filter: "mahony", parameters: ["gyro-bias": 0]).identity
        #expect(madgwick.sweepName("gyro-bias") == "sweep-heading-50hz-madgwick-gyro-bias")
        #expect(madgwick.sweepName("gyro-bias") != mahony.sweepName("gyro-bias"))
    }

    @Test func everyEstimatePlottedIsAColumnOfItsWorkload() {
        for entry in WorkloadCatalogue.builtIn.entries {
            for quantity in entry.descriptor.estimates {
                let style: TruthPlotStyle =
                    switch quantity {
                    case .attitude: .attitude
                    case .altitude: .altitude
                    case .steps: .steps
                    }
                #expect(entry.outputColumns.map(\.name).contains(style.estimateColumn), "\(entry.descriptor.name)")
            }
        }
    }
}

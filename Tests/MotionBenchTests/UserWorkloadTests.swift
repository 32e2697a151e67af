import Foundation
import MotionFilters
import MotionMath
import MotionReports
import MotionSensors
import MotionWorkloads
import SystemView
import TestSupport
import Testing

@testable import MotionBench
@testable import MotionResults

/// A workload that is not one of the nine, as a user's package would write it against the public
/// protocol only: an e-compass on the calibrated field, which estimates an attitude.
final class UserCompassWorkload: Workload {
    static let descriptor = WorkloadDescriptor(
        name: "user-compass", summary: "an e-compass of a user's own", sensors: [.accelerometer, .magnetometer], defaultRates: [20],
        filters: ["raw"], defaultFilters: ["raw"], displayRate: nil, estimates: [.attitude])
    static let outputColumns: [OutputColumn] = [.number("heading_deg", decimals: 2, "magnetic heading, degrees")]

    private let offset: Vector3
    private var acceleration = Vector3(0, 0, -1)
    private var estimate: GroundTruth?

    init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        offset = configuration.calibration?.magnetometerOffset ?? .zero
    }

    func handle(_ sample: SensorSample) {
        switch sample.sensor {
        case .accelerometer: acceleration = sample.value
        case .magnetometer:
            if let attitude = TiltCompensatedCompass.attitude(acceleration: acceleration, magneticField: sample.value - offset) {
                estimate = GroundTruth(time: sample.time, attitude: attitude, magneticHeading: Heading.degrees(of: attitude))
            }
        default: break
        }
    }

    func renderFrame(at time: Double) {}
    var outputSummary: [String: Double] { ["estimates": estimate == nil ? 0 : 1] }
    var currentEstimate: GroundTruth? { estimate }

    func writeOutputs(into rows: inout OutputRows) {
        rows.add(estimate?.magneticHeading)
        rows.endRow()
    }
}

/// `UserCompassWorkload` written as closures: the same computation on a state handed to them.
let userCompassClosure = ClosureWorkload(
    name: "user-compass", summary: "an e-compass of a user's own", sensors: [.accelerometer, .magnetometer], rates: [20],
    estimates: [.attitude], outputColumns: UserCompassWorkload.outputColumns
) { configuration in
    let offset = configuration.calibration?.magnetometerOffset ?? .zero
    return SampleHandler((acceleration: Vector3(0, 0, -1), estimate: GroundTruth?.none)) { compass, sample in
        switch sample.sensor {
        case .accelerometer: compass.acceleration = sample.value
        case .magnetometer:
            if let attitude = TiltCompensatedCompass.attitude(acceleration: compass.acceleration, magneticField: sample.value - offset) {
                compass.estimate = GroundTruth(time: sample.time, attitude: attitude, magneticHeading: Heading.degrees(of: attitude))
            }
        default: break
        }
    }
    .summary { compass in ["estimates": compass.estimate == nil ? 0 : 1] }
    .estimate { compass in compass.estimate }
    .outputs { compass, rows in rows.add(compass.estimate?.magneticHeading) }
}

/// A user's catalogue runs, is scored and emits exactly as the built-ins do.
@Suite struct UserWorkloadTests {
    @Test func aUserWorkloadsEstimateIsScoredAndItsOutputsEmitted() throws {
        let catalogue = try WorkloadCatalogue([UserCompassWorkload.self])
        let input = RunInput(scenario: .still, seed: 1)
        let plan = try BenchmarkPlan.plan(PlanRequest(workloads: [], modes: [.virtual], sampleCount: 500), catalogue: catalogue, input: input)
        #expect(plan.cases.map(\.identity.name) == ["user-compass-20hz-raw"])
        let runner = BenchmarkRunner(probe: try makeProcessProbe(), catalogue: catalogue, input: input)
        let settings = RunSettings(
            durationSeconds: 1, sampleCount: 500, repetitions: 1, samplerRateHz: 10, source: input.source.description, quick: true)
        let run = try runner.run(plan.cases, settings: settings)
        #expect(run.cases.first?.samples == 500)

        let scored = try #require(run.accuracy(of: plan.cases[0].identity))
        let attitude = try #require(scored.measures.attitude)
        #expect(attitude.total.count > 500, "55 s scored at 20 Hz")
        #expect(attitude.tilt.median < 1, "lying still, its tilt is right")

        let folder = try Repository.scratchFolder("motionbench-user-workload")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try EmittedFiles.write(run, runner: runner, into: folder)
        #expect(files == ["emitted/user-compass-20hz-raw.csv"])
        let emitted = try EmittedCSV(url: folder.appendingPathComponent(files[0]))
        #expect(emitted.header.contains("heading_deg") && emitted.header.contains("error_total_deg") && emitted.header.contains("truth_qw"))
        let errors = try emitted.numbers("error_tilt_deg").compactMap { $0 }
        #expect(errors.count > 1000 && errors.allSatisfy { $0 < 3 })
    }

    /// The same compass as a class and as closures: the same cases, outputs, accuracy and emitted rows.
    @Test func aClosureWorkloadRunsIsScoredAndEmitsAsTheSameClassDoes() throws {
        let input = RunInput(scenario: .still, seed: 1)
        func measure(_ catalogue: WorkloadCatalogue) throws -> (run: RunResult, emitted: String) {
            let plan = try BenchmarkPlan.plan(
                PlanRequest(workloads: [], modes: [.virtual, .realtime], durationSeconds: 0.5, sampleCount: 500), catalogue: catalogue, input: input)
            let runner = BenchmarkRunner(probe: try makeProcessProbe(), catalogue: catalogue, input: input)
            let settings = RunSettings(
                durationSeconds: 0.5, sampleCount: 500, repetitions: 1, samplerRateHz: 10, source: input.source.description, quick: true)
            let run = try runner.run(plan.cases, settings: settings)
            let folder = try Repository.scratchFolder("motionbench-user-workload")
            defer { try? FileManager.default.removeItem(at: folder) }
            let files = try EmittedFiles.write(run, runner: runner, into: folder)
            return (run, try String(contentsOf: folder.appendingPathComponent(files[0]), encoding: .utf8))
        }
        let asClass = try measure(try WorkloadCatalogue([UserCompassWorkload.self]))
        let asClosures = try measure(try WorkloadCatalogue([userCompassClosure]))
        #expect(asClosures.run.cases.map(\.spec) == asClass.run.cases.map(\.spec))
        #expect(asClosures.run.cases.map(\.outputs) == asClass.run.cases.map(\.outputs))
        #expect(asClosures.run.cases.first { $0.spec.mode == .virtual }?.samples == 500)
        #expect(asClosures.run.accuracy == asClass.run.accuracy && !asClass.run.accuracy.isEmpty)
        #expect(asClosures.emitted == asClass.emitted)
    }
}

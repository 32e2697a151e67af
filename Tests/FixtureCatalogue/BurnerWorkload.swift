import Foundation
import MotionSensors
import MotionWorkloads

/// A workload for the tests of comparisons: per sample a fixed amount of arithmetic (`rounds`, 100
/// by default; 1 makes a feature of a few nanoseconds), plus what the environment asks of this
/// process (as a changed build would do): `MOTIONBENCH_FIXTURE_EXTRA_WORK` more rounds in
/// `extraWork`, `MOTIONBENCH_FIXTURE_EXTRA_ALLOCATIONS` more blocks allocated.
final class BurnerWorkload: Workload {
    static let descriptor = WorkloadDescriptor(
        name: "burner", summary: "a known amount of work per sample, and what the environment adds", sensors: [.accelerometer],
        defaultRates: [100], filters: ["raw"], defaultFilters: ["raw"], displayRate: nil,
        parameters: [
            WorkloadParameter(name: "rounds", summary: "rounds of arithmetic per sample", defaultValue: 100, range: 0...100_000, isInteger: true)
        ])

    private let rounds: Int
    private let extraRounds: Int
    private let extraBlocks: Int
    private var state = 1.0
    private var samples = 0

    init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        rounds = Int(configuration.value(of: Self.descriptor.parameters[0]))
        let environment = ProcessInfo.processInfo.environment
        extraRounds = environment["MOTIONBENCH_FIXTURE_EXTRA_WORK"].flatMap { Int($0) } ?? 0
        extraBlocks = environment["MOTIONBENCH_FIXTURE_EXTRA_ALLOCATIONS"].flatMap { Int($0) } ?? 0
    }

    func handle(_ sample: SensorSample) {
        samples += 1
        state = Self.work(state, sample.value.z, rounds: rounds)
        if extraRounds > 0 { state = Self.extraWork(state, sample.value.z, rounds: extraRounds) }
        for _ in 0..<extraBlocks {
            let block = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
            block.deallocate()
        }
    }

    func renderFrame(at time: Double) {}

    var outputSummary: [String: Double] { ["samples": Double(samples), "state": state] }

    @inline(never) static func work(_ state: Double, _ input: Double, rounds: Int) -> Double {
        var value = state
        for _ in 0..<rounds { value = value * 0.999 + input * 0.001 }
        return value
    }

    /// The added work, a function of its own so that a comparison's "where it went" can name it.
    @inline(never) static func extraWork(_ state: Double, _ input: Double, rounds: Int) -> Double {
        var value = state
        for _ in 0..<rounds { value = value * 0.998 + input * 0.002 }
        return value
    }
}

import MotionBench
import MotionSensors

/// The source `run` feeds workloads from: the virtual device on its tilt-and-shake scenario, seeded,
/// so every case and every repetition sees the same readings.
struct SyntheticSource: CustomStringConvertible {
    static let scenario = Scenario.tiltAndShake
    let seed: UInt64

    var description: String { "synthetic:\(Self.scenario.name),seed=\(seed)" }

    func make(_ spec: CaseSpec, _ sensors: [SensorKind]) throws -> any SensorSource {
        VirtualDevice(scenario: Self.scenario, seed: spec.seed)
    }
}

import Foundation
import MotionSensors

/// What feeds a run's workloads, as the user named it: the virtual device on a scenario, or a
/// recording in any format `importTrace(at:)` reads. `RunInput` turns it into each case's input.
public enum SourceDescription: Sendable, Equatable, CustomStringConvertible {
    /// The virtual device following `scenario`, its noise seeded by `seed`.
    case scenario(Scenario, seed: UInt64)
    /// The recording at `url`, shown as `name` (the path as the user gave it).
    case recording(URL, name: String)

    /// `synthetic:NAME,seed=N` or `trace:PATH`, as `run.json` records the source.
    public var description: String {
        switch self {
        case let .scenario(scenario, seed): "synthetic:\(scenario.name),seed=\(seed)"
        case let .recording(_, name): "trace:\(name)"
        }
    }
}

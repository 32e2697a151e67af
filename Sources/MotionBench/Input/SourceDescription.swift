import Foundation
import MotionSensors

/// What feeds a run's workloads, as the user named it: the virtual device on a scenario, or a
/// recording in any format `importTrace(at:)` reads. `RunInput` turns it into each case's input.
public enum SourceDescription: Sendable, Equatable, CustomStringConvertible {
    /// The virtual device following `scenario`, its noise seeded by `seed`.
    case scenario(Scenario, seed: UInt64)
    /// The recording at `url`, shown as `name` (the path as the user gave it), its magnetometer fed
    /// from `field`.
    case recording(URL, name: String, field: Field = .raw)

    /// Which of a recording's fields feeds the workloads as the magnetometer.
    public enum Field: String, Sendable, Equatable, CaseIterable {
        /// The raw magnetometer, as the workloads get it from a phone.
        case raw
        /// The phone's own calibrated field (`magnetometer-calibrated`, Core Motion's
        /// `CMCalibratedMagneticField`), to judge a fusion filter apart from its calibration.
        case calibrated
    }

    /// `synthetic:NAME,seed=N` or `trace:PATH` (with `,field=calibrated` when so), as `run.json`
    /// records the source.
    public var description: String {
        switch self {
        case let .scenario(scenario, seed): "synthetic:\(scenario.name),seed=\(seed)"
        case let .recording(_, name, field): "trace:\(name)" + (field == .raw ? "" : ",field=\(field.rawValue)")
        }
    }
}

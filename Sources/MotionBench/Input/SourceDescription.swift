import Foundation
import MotionSensors

/// What feeds a run's workloads, as the user named it: the virtual device on a scenario, or a
/// recording in any format `importTrace(at:)` reads. `RunInput` turns it into each case's input.
public enum SourceDescription: Sendable, Equatable, CustomStringConvertible {
    /// The virtual device following `scenario`, its noise seeded by `seed`.
    case scenario(Scenario, seed: UInt64)
    /// The recording at `url`, shown as `name` (the path as the user gave it), its magnetometer fed
    /// from `field`, with the events of a labels file (`EventLabelsFile`) when `labels` names one.
    case recording(URL, name: String, field: Field = .raw, labels: LabelsFile? = nil)

    /// A labels file beside a recording: where it is, and its path as the user gave it.
    public struct LabelsFile: Sendable, Equatable {
        /// The file.
        public var url: URL
        /// The path as given, as the description shows it.
        public var name: String

        /// The file at `url`, shown as `name`.
        public init(_ url: URL, name: String) {
            self.url = url
            self.name = name
        }
    }

    /// Which of a recording's fields feeds the workloads as the magnetometer.
    public enum Field: String, Sendable, Equatable, CaseIterable {
        /// The raw magnetometer, as the workloads get it from a phone.
        case raw
        /// The phone's own calibrated field (`magnetometer-calibrated`, Core Motion's
        /// `CMCalibratedMagneticField`), to judge a fusion filter apart from its calibration.
        case calibrated
    }

    /// `synthetic:NAME,seed=N` or `trace:PATH` (with `,field=calibrated` and `,labels=FILE` when so),
    /// as `run.json` records the source.
    public var description: String {
        switch self {
        case let .scenario(scenario, seed): "synthetic:\(scenario.name),seed=\(seed)"
        case let .recording(_, name, field, labels):
            "trace:\(name)" + (field == .raw ? "" : ",field=\(field.rawValue)") + (labels.map { ",labels=\($0.name)" } ?? "")
        }
    }
}

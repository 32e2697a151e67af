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

    /// A labels file beside a recording: where it is, its path as the user gave it, and what its
    /// times count from.
    public struct LabelsFile: Sendable, Equatable {
        /// The file.
        public var url: URL
        /// The path as given, as the description shows it.
        public var name: String
        /// What the file's times count from.
        public var origin: TimeOrigin

        /// The file at `url`, shown as `name`, its times counting from `origin`.
        public init(_ url: URL, name: String, origin: TimeOrigin = .detected) {
            self.url = url
            self.name = name
            self.origin = origin
        }

        /// What a labels file's times count from: the recording's clock, as its samples' times do, or
        /// the recording's start, as a person counts watching a video of it or reading Sensor Logger's
        /// `seconds_elapsed`.
        public enum TimeOrigin: String, Sendable, Equatable, CaseIterable {
            /// The recording's clock, unless none of the labels falls on it and all fall within the
            /// recording's length: then its start (`RunInput` says which it took).
            case detected
            /// The recording's own clock (`from=clock`).
            case clock
            /// Seconds from the recording's start, its earliest sample (`from=start`).
            case start
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

    /// `synthetic:NAME,seed=N` or `trace:PATH` (with `,field=calibrated`, `,labels=FILE` and
    /// `,from=start` or `,from=clock` when so), as `run.json` records the source.
    public var description: String {
        switch self {
        case let .scenario(scenario, seed): "synthetic:\(scenario.name),seed=\(seed)"
        case let .recording(_, name, field, labels):
            "trace:\(name)" + (field == .raw ? "" : ",field=\(field.rawValue)")
                + (labels.map { ",labels=\($0.name)" + ($0.origin == .detected ? "" : ",from=\($0.origin.rawValue)") } ?? "")
        }
    }
}

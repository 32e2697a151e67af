import Foundation
import MotionResults

/// A history as JSON for scripts and dashboards: how steps were judged, the environment, the commits
/// in order (full hashes, positions, times), the runs left out, and per case (its identity fields) and
/// metric every value of every commit and the steps, full precision. A step names its first commit
/// on the new level by position and full hash; a series without a step has an empty list.
public enum HistoryJSON {
    /// The `schema` field's value; changes when a field changes meaning.
    public static let schema = "motionbench-history/1"

    /// The JSON text (keys sorted, indented).
    public static func render(_ history: RunHistory) throws -> String {
        try render(Document(history))
    }

    /// The JSON text of `document`, as `render(_:)` writes a history's: a document read back from it
    /// writes the same text.
    public static func render(_ document: Document) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }

    /// The whole document.
    public struct Document: Codable, Equatable, Sendable {
        /// `HistoryJSON.schema`.
        public var schema: String
        /// How steps were judged.
        public var settings: Settings
        /// The environment and measurement setup the history's runs share, by field name.
        public var environment: [String: String]
        /// Every commit (or run without one), oldest first.
        public var commits: [Commit]
        /// The runs left out, and why.
        public var excluded: [Excluded]
        /// Every case (or accuracy entry) and metric with a figure at some commit.
        public var series: [Series]

        /// The document of `history`.
        public init(_ history: RunHistory) {
            schema = HistoryJSON.schema
            settings = Settings(history.settings)
            environment = Dictionary(history.environment.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            commits = history.commits.enumerated().map { Commit($1, position: $0) }
            excluded = history.excluded.map { Excluded(path: $0.path, reason: $0.reason) }
            series = history.series.map { Series($0, commits: history.commits) }
        }
    }

    /// The detection's settings.
    public struct Settings: Codable, Equatable, Sendable {
        /// A step's p-value must be below this.
        public var alpha: Double
        /// The jump between the lines fitted beside a step must have a p-value below this.
        public var driftAlpha: Double
        /// Commits a level must hold.
        public var minimumLength: Int
        /// The confidence of each step's interval.
        public var intervalConfidence: Double

        init(_ settings: ChangePointDetection.Settings) {
            alpha = settings.alpha
            driftAlpha = settings.driftAlpha
            minimumLength = settings.minimumLength
            intervalConfidence = settings.confidence
        }
    }

    /// One commit of the history.
    public struct Commit: Codable, Equatable, Sendable {
        /// Its place, from 0, oldest first.
        public var position: Int
        /// The full commit hash; nil for a run that recorded none.
        public var commit: String?
        /// Its place in time, UTC: `2026-01-09T10:00:00Z`.
        public var time: String
        /// Where `time` came from: `commit time` or `run start`.
        public var timeSource: String
        /// Its run.json files.
        public var runs: [String]
        /// Whether a run of it did not finish its plan.
        public var incomplete: Bool

        init(_ commit: RunHistory.Commit, position: Int) {
            self.position = position
            self.commit = commit.commit
            time = RunResult.timestamp(Date(timeIntervalSince1970: TimeInterval(commit.time)))
            timeSource = commit.timeSource.rawValue
            runs = commit.runs
            incomplete = commit.incomplete
        }
    }

    /// A run left out.
    public struct Excluded: Codable, Equatable, Sendable {
        /// The file.
        public var path: String
        /// Why.
        public var reason: String
    }

    /// One case's (or accuracy entry's) figure over the commits.
    public struct Series: Codable, Equatable, Sendable {
        /// The case's workload; with the rate, timing, filter and parameters below, its identity.
        public var workload: String
        /// Sensor samples per second; a recording's own rate with `recordedTiming`.
        public var rateHz: Double
        /// Whether the case replays a recording at its own timing (`--rate native`).
        public var recordedTiming: Bool
        /// The case's filter.
        public var filter: String
        /// Values of the workload's swept parameters, by name (empty when it has none).
        public var parameters: [String: Double]
        /// `virtual` or `real`; nil for an accuracy entry.
        public var mode: String?
        /// An accuracy entry's recorded estimate; nil for ours and for cases.
        public var recordedEstimate: String?
        /// The figure, as `compare` and the CSV name it: `cpu_ns_per_sample`.
        public var metric: String
        /// Its unit.
        public var unit: String
        /// Whether a rise is better (event scores) rather than worse.
        public var higherIsBetter: Bool
        /// How far a step must go the worse way to be flagged.
        public var minimumChange: Tolerance
        /// Every commit, in order: its values, none where it lacks the figure.
        public var points: [Point]
        /// The steps, oldest first; empty when there is none.
        public var steps: [Step]

        init(_ series: RunHistory.Series, commits: [RunHistory.Commit]) {
            let identity = series.subject.identity
            workload = identity.workload
            rateHz = identity.rateHz
            recordedTiming = identity.recordedTiming
            filter = identity.filter
            parameters = identity.parameters
            mode = series.subject.mode?.rawValue
            recordedEstimate = series.subject.recordedEstimate
            metric = series.metric.rawValue
            unit = series.metric.unit
            higherIsBetter = series.metric.isHigherBetter
            minimumChange = Tolerance(relativePct: series.minimumChange.relativePct, absolute: series.minimumChange.absolute)
            points = series.values.enumerated().map { position, values in
                Point(position: position, commit: commits[position].commit, values: values, median: series.medians[position])
            }
            steps = series.steps.map { Step($0, in: series, commits: commits) }
        }
    }

    /// A tolerance: a change counts when it exceeds both parts.
    public struct Tolerance: Codable, Equatable, Sendable {
        /// In percent of the level before.
        public var relativePct: Double
        /// In the metric's unit.
        public var absolute: Double

        /// A tolerance from its parts.
        public init(relativePct: Double, absolute: Double) {
            self.relativePct = relativePct
            self.absolute = absolute
        }
    }

    /// One commit's values of a series.
    public struct Point: Codable, Equatable, Sendable {
        /// The commit's position.
        public var position: Int
        /// Its full hash; nil for a run without one.
        public var commit: String?
        /// Every repetition of every run of it, in the order read; empty where it lacks the figure.
        public var values: [Double]
        /// Their median; nil where there are none.
        public var median: Double?
    }

    /// A change of level.
    public struct Step: Codable, Equatable, Sendable {
        /// The position of the first commit on the new level.
        public var position: Int
        /// Its full hash; nil for a run without one.
        public var commit: String?
        /// The median of the values of the level before.
        public var before: Double
        /// The median of the values of the level after.
        public var after: Double
        /// `after − before`.
        public var change: Double
        /// `change` in percent of `before`; nil when `before` is 0.
        public var changePct: Double?
        /// The lower end of the interval of the change, in the metric's unit.
        public var intervalLower: Double
        /// The upper end of the interval of the change, in the metric's unit.
        public var intervalUpper: Double
        /// `intervalLower` in percent of `before`; nil when `before` is 0.
        public var intervalLowerPct: Double?
        /// `intervalUpper` in percent of `before`; nil when `before` is 0.
        public var intervalUpperPct: Double?
        /// The chance that noise alone shows a step this strong; nil for an exact step.
        public var pValue: Double?
        /// 1 − `pValue`; 1 for an exact step.
        public var confidence: Double
        /// Whether both levels repeat one value each.
        public var exact: Bool
        /// Whether it goes the worse way.
        public var worse: Bool
        /// Whether it goes the worse way by more than `minimumChange`.
        public var flagged: Bool

        init(_ step: ChangePointDetection.Step, in series: RunHistory.Series, commits: [RunHistory.Commit]) {
            position = step.index
            commit = commits[step.index].commit
            before = step.before
            after = step.after
            change = step.change
            changePct = step.changePct
            intervalLower = step.lower
            intervalUpper = step.upper
            let percent = { (value: Double) -> Double? in step.before == 0 ? nil : value / abs(step.before) * 100 }
            intervalLowerPct = percent(step.lower)
            intervalUpperPct = percent(step.upper)
            pValue = step.pValue
            confidence = step.confidence
            exact = step.isExact
            worse = series.isWorse(step)
            flagged = series.isFlagged(step)
        }
    }
}

import Foundation

/// A whole run: where and how it ran, and every case. This is what `run.json` holds.
public struct RunResult: Sendable, Codable, Equatable {
    /// Bumped whenever a field changes meaning or is removed, so readers can refuse what they don't know.
    public static let currentSchemaVersion = 2

    /// The schema this file follows.
    public var schemaVersion: Int
    /// UTC start and end, ISO 8601.
    public var startedAt: String
    public var finishedAt: String
    /// The machine, toolchain, build and command line.
    public var environment: RunEnvironment
    /// The settings the plan was made from.
    public var settings: RunSettings
    /// Every case, in the order run.
    public var cases: [CaseResult]
    /// Accuracy against the source's truth: one entry per scored workload case (rate, filter,
    /// parameters; not per mode or repetition, which compute the same outputs) and per recorded
    /// competitor; empty when the source has no truth or no workload estimates anything.
    public var accuracy: [AccuracyResult]
    /// Set when the run did not finish its plan: a checkpoint, or a run stopped by a signal; absent
    /// (nil) for a complete run.
    public var interruption: RunInterruption?
    /// Set when the run measured one slice of a plan (`run --shard`); nil for a whole run.
    public var shard: RunShard? = nil
    /// Set for a run joined from shards (`RunMerge`): each shard's slice, times and environment, so
    /// every case's machine is known; nil for a run made in one go.
    public var mergedShards: [MergedShard]? = nil
    /// The harness's own cost per sample, measured beside the cases (`HarnessFloor`): a do-nothing
    /// workload in virtual time, not a case of the plan; nil for a run without virtual-time cases, a
    /// merged run, and runs recorded before the floor was measured.
    public var harnessFloor: CaseResult? = nil
    /// What waking a workload thread for each sample and frame costs on this machine: a do-nothing
    /// workload paced in real time as the run's real-time cases are (`WakePacing`), measured for each
    /// pacing in each repetition twice, for half a case's length, just before the first case it
    /// serves and just after the last (`CostAboveWakeFloor`); nil for a run without real-time cases,
    /// a merged run, and runs recorded before the wake floor was measured.
    public var wakeFloors: [CaseResult]? = nil

    /// Creates a run result of the current schema.
    public init(
        startedAt: String, finishedAt: String, environment: RunEnvironment, settings: RunSettings, cases: [CaseResult],
        accuracy: [AccuracyResult] = [], interruption: RunInterruption? = nil
    ) {
        schemaVersion = Self.currentSchemaVersion
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.environment = environment
        self.settings = settings
        self.cases = cases
        self.accuracy = accuracy
        self.interruption = interruption
    }

    /// The JSON text of this run, keys sorted so files diff cleanly.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

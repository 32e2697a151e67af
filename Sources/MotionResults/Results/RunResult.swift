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
    /// Set when the run did not finish its plan: read from its journal, or stopped by a signal; absent
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
    /// pacing in each repetition twice, for half a case's length (at least a second, no longer than
    /// the case), just before the first case it serves and just after the last (`CostAboveWakeFloor`);
    /// nil for a run without real-time cases, a merged run, and runs recorded before the wake floor
    /// was measured.
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

    /// The JSON text of this run, keys sorted so files diff cleanly. The cases are encoded one at a
    /// time and set into the rest at their key, indented as the encoder nests them: the same bytes as
    /// encoding the run whole, without the encoder's copy of every case at once (for a sweep of
    /// thousands of cases, several times the file's size).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var shell = self
        shell.cases = []
        let rest = try encoder.encode(shell)
        // A string's newlines are escaped, so this (a top-level key's indent) is found once.
        guard !cases.isEmpty else { return rest }
        // An encoder that wrote the empty array otherwise gets the run encoded whole.
        guard let slot = rest.firstRange(of: Data("\n  \"cases\" : [\n\n  ]".utf8)) else { return try encoder.encode(self) }
        var text = Data(rest[..<slot.lowerBound])
        text.append(contentsOf: "\n  \"cases\" : [".utf8)
        for (index, result) in cases.enumerated() {
            text.append(contentsOf: (index == 0 ? "\n" : ",\n").utf8)
            Self.append(try encoder.encode(result), indentedBy: 4, to: &text)
        }
        text.append(contentsOf: "\n  ]".utf8)
        text.append(rest[slot.upperBound...])
        return text
    }

    /// Appends `json` to `text`, each line indented by `spaces`; an empty line (an empty array's or
    /// object's) stays empty, as the encoder writes it.
    private static func append(_ json: Data, indentedBy spaces: Int, to text: inout Data) {
        let newline = UInt8(ascii: "\n")
        let indent = repeatElement(UInt8(ascii: " "), count: spaces)
        var indented: [UInt8] = []
        json.withUnsafeBytes { bytes in
            indented.reserveCapacity(bytes.count + bytes.count / 4)
            indented.append(contentsOf: indent)
            for index in bytes.indices {
                indented.append(bytes[index])
                if bytes[index] == newline, index + 1 < bytes.count, bytes[index + 1] != newline { indented.append(contentsOf: indent) }
            }
        }
        text.append(contentsOf: indented)
    }
}

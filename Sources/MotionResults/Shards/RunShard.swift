/// Which slice of a plan a run measured (`BenchmarkPlan.shard`): one of `count` shards, every machine
/// slicing the same plan the same way, so the shards of a CI matrix join into the whole run
/// (`RunMerge`).
public struct RunShard: Sendable, Codable, Equatable {
    /// 1-based: shard `index` of `count`.
    public var index: Int
    /// How many shards the plan was cut into.
    public var count: Int
    /// The whole plan's fingerprint (`Plan.fingerprint`): shards of one plan share it.
    public var plan: String
    /// How many cases the whole plan holds.
    public var plannedCases: Int
    /// Where this shard's cases stand in the whole plan (0-based), in the order run: case i of the run
    /// is the plan's case `planPositions[i]`.
    public var planPositions: [Int]
    /// The fingerprint of this shard's own cases, in the order run (`fingerprint(of:)`), so a
    /// shard whose cases were changed afterwards is told; nil in shards made before it was recorded.
    public var cases: String? = nil

    /// Creates a shard's record.
    public init(index: Int, count: Int, plan: String, plannedCases: Int, planPositions: [Int]) {
        self.index = index
        self.count = count
        self.plan = plan
        self.plannedCases = plannedCases
        self.planPositions = planPositions
    }

    /// `2/3`.
    public var label: String { "\(index)/\(count)" }

    /// A fingerprint of `cases`: FNV-1a (64 bits) of each case's export name, repetition and
    /// settings, in order, in hexadecimal. A run's recorded cases give their plan's (or slice's) again.
    public static func fingerprint(of cases: [CaseSpec]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for spec in cases {
            let spell = CaseIdentity.spelling
            let text =
                [
                    spec.identity.exportName(mode: spec.mode), String(spec.repetition), spell(spec.durationSeconds), String(spec.sampleCount),
                    spec.virtualBudgetSeconds.map(spell) ?? "-", spec.displayRateHz.map(spell) ?? "-", String(spec.seed),
                ].joined(separator: "|") + "\n"
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// One shard of a merged run: its slice and where, when and on what it ran.
public struct MergedShard: Sendable, Codable, Equatable {
    /// The slice.
    public var shard: RunShard
    /// The shard's own start and end, UTC.
    public var startedAt: String
    public var finishedAt: String
    /// The machine and program the shard ran on.
    public var environment: RunEnvironment

    /// Creates the record of a merged shard.
    public init(shard: RunShard, startedAt: String, finishedAt: String, environment: RunEnvironment) {
        self.shard = shard
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.environment = environment
    }
}

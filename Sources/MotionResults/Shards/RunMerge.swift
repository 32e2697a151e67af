/// Joins the shards of one plan (`Plan.shard`), each a run made on its own machine, into the run the
/// whole plan would have made: its cases in the plan's order, its accuracy entries once each, each
/// shard's environment kept (`RunResult.mergedShards`). Refuses runs that are not shards, shards of
/// different plans or settings or of another program (commit, build configuration, Swift version),
/// a shard given twice, an incomplete shard, a missing one, and shards whose cases are not those of
/// the plan they name (a case changed after the run): each shard's against its own record, and all
/// of them, in the plan's order, against the plan's fingerprint.
public enum RunMerge {
    /// A run to merge and the path it was read from, which messages name.
    public typealias Input = (path: String, run: RunResult)

    /// The whole run from `inputs`, `commandLine` recorded as what made it. Throws `MergeError`.
    public static func merge(_ inputs: [Input], commandLine: [String]) throws -> RunResult {
        guard let first = inputs.first else { throw MergeError(path: nil, reason: "no run to merge") }
        let shards = try inputs.map { input -> RunShard in
            guard let shard = input.run.shard else {
                throw MergeError(path: input.path, reason: "not a shard: it measured a whole plan, not a slice of one")
            }
            return shard
        }
        for (input, shard) in zip(inputs, shards) {
            try check(input, shard, against: first, shards[0])
        }
        var byIndex: [Int: String] = [:]
        var byPosition: [Int: Int] = [:]
        for (input, shard) in zip(inputs, shards) {
            if let other = byIndex[shard.index] {
                throw MergeError(path: input.path, reason: "shard \(shard.label) again (also \(other)): give each shard once")
            }
            byIndex[shard.index] = input.path
            for position in shard.planPositions {
                if let other = byPosition[position] {
                    throw MergeError(path: input.path, reason: "case \(position + 1) of the plan is in shard \(other)/\(shard.count) too")
                }
                byPosition[position] = shard.index
            }
        }
        let count = shards[0].count
        let missing = (1...count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            let lacking = shards[0].plannedCases - byPosition.count
            throw MergeError(
                path: nil,
                reason: "\(missing.map { "shard \($0)/\(count)" }.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") missing: "
                    + "the merged run would lack \(lacking) of the plan's \(shards[0].plannedCases) cases")
        }

        let ordered = zip(inputs, shards).sorted { $0.1.index < $1.1.index }
        let placed = ordered.flatMap { input, shard in zip(shard.planPositions, input.run.cases) }.sorted { $0.0 < $1.0 }
        let cases = placed.map(\.1)
        guard RunShard.fingerprint(of: cases.map(\.spec)) == shards[0].plan else {
            throw MergeError(
                path: nil,
                reason: "the shards' cases are not those of plan \(shards[0].plan): a shard's run.json was changed after it ran, "
                    + "or the shards did not run one plan; run them again")
        }
        var merged = RunResult(
            startedAt: ordered.map(\.0.run.startedAt).min()!, finishedAt: ordered.map(\.0.run.finishedAt).max()!,
            environment: combined(ordered.map(\.0.run.environment), commandLine: commandLine), settings: first.run.settings,
            cases: cases, accuracy: accuracy(ordered.map(\.0.run), cases: cases)
        )
        merged.mergedShards = ordered.map { input, shard in
            MergedShard(shard: shard, startedAt: input.run.startedAt, finishedAt: input.run.finishedAt, environment: input.run.environment)
        }
        return merged
    }

    /// Refuses a shard that does not belong with the first one given, or is not whole.
    private static func check(_ input: Input, _ shard: RunShard, against first: Input, _ firstShard: RunShard) throws {
        let run = input.run
        if let interruption = run.interruption {
            throw MergeError(
                path: input.path,
                reason: "shard \(shard.label) is \(interruption.summary(finishedCases: run.cases.count)); run it again")
        }
        guard shard.planPositions.count == run.cases.count else {
            throw MergeError(
                path: input.path,
                reason: "its \(run.cases.count) cases do not match its shard record's \(shard.planPositions.count) places in the plan")
        }
        if let stray = shard.planPositions.first(where: { !(0..<shard.plannedCases).contains($0) }) {
            throw MergeError(
                path: input.path,
                reason: "its shard record places a case at \(stray), outside the plan's \(shard.plannedCases) places (0…\(shard.plannedCases - 1))")
        }
        if let recorded = shard.cases, RunShard.fingerprint(of: run.cases.map(\.spec)) != recorded {
            throw MergeError(
                path: input.path, reason: "shard \(shard.label)'s cases are not those its plan gave it (one was changed after it ran); run it again")
        }
        guard shard.plan == firstShard.plan, shard.count == firstShard.count, shard.plannedCases == firstShard.plannedCases else {
            throw MergeError(
                path: input.path,
                reason:
                    "shard \(shard.label) of another plan than \(first.path) (plan \(shard.plan), \(shard.plannedCases) cases in \(shard.count) shards; "
                    + "there: plan \(firstShard.plan), \(firstShard.plannedCases) cases in \(firstShard.count) shards)")
        }
        let program: [(String, (RunResult) -> String)] = [
            ("source", { $0.settings.source }), ("real-time duration", { "\($0.settings.durationSeconds) s" }),
            ("virtual-time sample count", { "\($0.settings.sampleCount)" }), ("repetitions", { "\($0.settings.repetitions)" }),
            ("sampler rate", { "\($0.settings.samplerRateHz) Hz" }), ("--quick", { $0.settings.quick ? "on" : "off" }),
            ("commit", { $0.environment.gitCommit ?? "none" }), ("build configuration", { $0.environment.buildConfiguration }),
            ("Swift version", { $0.environment.swiftVersion }),
        ]
        if let (field, value) = program.first(where: { $0.1(run) != $0.1(first.run) }) {
            throw MergeError(
                path: input.path,
                reason: "its \(field) is '\(value(run))', \(first.path)'s '\(value(first.run))': shards must run one program on one plan")
        }
    }

    /// One environment for the merged run: the program's fields (shared, as `check` made sure), and
    /// for each field of the machine every value the shards had, in shard order, joined by ` | `
    /// where they differ (the cores of the first shard); each shard's own is in `mergedShards`.
    static func combined(_ environments: [RunEnvironment], commandLine: [String]) -> RunEnvironment {
        func joined(_ field: (RunEnvironment) -> String) -> String {
            var seen: [String] = []
            for value in environments.map(field) where !seen.contains(value) { seen.append(value) }
            return seen.joined(separator: " | ")
        }
        var environment = environments[0]
        environment.host = joined(\.host)
        environment.cpuModel = joined(\.cpuModel)
        environment.os = joined(\.os)
        environment.kernel = joined(\.kernel)
        environment.architecture = joined(\.architecture)
        environment.commandLine = commandLine
        return environment
    }

    /// The shards' accuracy entries once each, in the order a whole run scores them: each case by its
    /// first place in the plan, a recorded competitor after its workload's first scored case.
    private static func accuracy(_ runs: [RunResult], cases: [CaseResult]) -> [AccuracyResult] {
        var firstPlace: [CaseIdentity: Int] = [:]
        for (place, result) in cases.enumerated() where firstPlace[result.spec.identity] == nil {
            firstPlace[result.spec.identity] = place
        }
        var seen = Set<ComparisonSubject>()
        let entries = runs.flatMap(\.accuracy).filter { seen.insert(ComparisonSubject(accuracyOf: $0)).inserted }
        var workloadPlace: [String: Int] = [:]
        for entry in entries {
            if let identity = entry.identity, let place = firstPlace[identity] {
                workloadPlace[entry.workload] = min(workloadPlace[entry.workload] ?? place, place)
            }
        }
        func key(_ entry: AccuracyResult, _ offset: Int) -> (Int, Int, Int) {
            if let identity = entry.identity { return (firstPlace[identity] ?? Int.max, 0, offset) }
            return (workloadPlace[entry.workload] ?? Int.max, 1, offset)
        }
        return entries.enumerated().sorted { key($0.element, $0.offset) < key($1.element, $1.offset) }.map(\.element)
    }
}

/// Runs that cannot be merged: the file at fault (nil when it is the set that is wrong) and why.
public struct MergeError: Error, Equatable, CustomStringConvertible {
    /// The run file at fault, as given.
    public var path: String?
    /// What is wrong.
    public var reason: String

    public var description: String { path.map { "\($0): \(reason)" } ?? reason }
}

import MotionResults

extension Plan {
    /// The most shards a plan is cut into.
    public static let mostShards = 1000

    /// A fingerprint of the cases (what each runs, with which settings, in which order): equal on
    /// every machine that plans the same request from the same catalogue and source, so the shards of
    /// one plan can be told from another's (`RunShard.fingerprint(of:)`).
    public var fingerprint: String { RunShard.fingerprint(of: cases) }

    /// Slice `index` (1-based) of `count` of the plan, the same on every machine. A case's modes and
    /// repetitions stay together in one slice (`CaseIdentity`), so its median, its spread and the
    /// real-time figure beside the virtual one all come from one machine; whole cases are dealt
    /// longest first to the slice with the least work so far (real-time seconds plus virtual-time
    /// budgets, then cases), so the slices take about as long. The slice keeps the plan's order
    /// (repetition outermost). A slice may be empty when the plan has fewer cases than slices.
    /// Throws `PlanError.shardOutOfRange`.
    public func shard(_ index: Int, of count: Int) throws -> (cases: [CaseSpec], shard: RunShard) {
        guard (1...Self.mostShards).contains(count), (1...count).contains(index) else {
            throw PlanError.shardOutOfRange(index: index, count: count)
        }
        var order: [CaseIdentity] = []
        var work: [CaseIdentity: (seconds: Double, cases: Int)] = [:]
        for spec in cases {
            if work[spec.identity] == nil { order.append(spec.identity) }
            let seconds = spec.mode == .realtime ? spec.durationSeconds : spec.virtualBudgetSeconds ?? 0
            work[spec.identity, default: (0, 0)].seconds += seconds
            work[spec.identity, default: (0, 0)].cases += 1
        }
        let longestFirst = order.enumerated().sorted { a, b in
            let (wa, wb) = (work[a.element]!, work[b.element]!)
            return (wa.seconds, wa.cases, -a.offset) > (wb.seconds, wb.cases, -b.offset)
        }
        var loads = [(seconds: Double, cases: Int)](repeating: (0, 0), count: count)
        var slice: [CaseIdentity: Int] = [:]
        for (_, identity) in longestFirst {
            let lightest = loads.indices.min { (loads[$0].seconds, loads[$0].cases, $0) < (loads[$1].seconds, loads[$1].cases, $1) }!
            slice[identity] = lightest + 1
            loads[lightest].seconds += work[identity]!.seconds
            loads[lightest].cases += work[identity]!.cases
        }
        let positions = cases.indices.filter { slice[cases[$0].identity] == index }
        let sliced = positions.map { cases[$0] }
        var shard = RunShard(index: index, count: count, plan: fingerprint, plannedCases: cases.count, planPositions: positions)
        shard.cases = RunShard.fingerprint(of: sliced)
        return (sliced, shard)
    }
}

import MotionResults

/// Which of a plan's cases run, picked by name with regular expressions, as package-benchmark's
/// `--filter` and `--skip` and Google Benchmark's `--benchmark_filter` pick benchmarks: a case runs
/// when its name matches one of `include` (any case, when `include` is empty) and none of `skip`.
///
/// A case's name is the one exports give it, its mode last: `workload/RATE/filter[/parameter:value…]/mode`
/// (`CaseIdentity.exportName(mode:)`), e.g. `accelerometer/50Hz/low-pass/virtual`,
/// `motion-cube/60Hz/raw/shapes:100/realtime`, `heading/native/mahony/virtual`. A pattern matches
/// anywhere in the name (`^…$` anchors it), so `low-pass` picks every low-pass case and `/virtual$`
/// every virtual-time one.
public struct CaseSelection: Sendable, Equatable {
    /// Patterns of the names to run; empty runs every case `skip` leaves.
    public var include: [String]
    /// Patterns of the names to leave out.
    public var skip: [String]

    /// A selection of the cases matching one of `include` (every case when empty) and none of `skip`.
    public init(include: [String] = [], skip: [String] = []) {
        self.include = include
        self.skip = skip
    }

    /// Whether every case is selected, no pattern being given.
    public var selectsAll: Bool { include.isEmpty && skip.isEmpty }

    /// The name a pattern is matched against: `accelerometer/50Hz/low-pass/virtual`.
    public static func name(of spec: CaseSpec) -> String {
        spec.identity.exportName(mode: spec.mode)
    }

    /// The cases of `cases` selected, in their order. Throws `PlanError.invalidPattern` for a pattern
    /// that is not a regular expression, and `PlanError.selectionMatchesNothing` when no case is left.
    func select(_ cases: [CaseSpec]) throws -> [CaseSpec] {
        guard !selectsAll else { return cases }
        func compile(_ patterns: [String], _ field: PlanField) throws -> [Regex<AnyRegexOutput>] {
            try patterns.map { pattern in
                do {
                    return try Regex(pattern)
                } catch {
                    throw PlanError.invalidPattern(pattern, field: field, reason: "\(error)")
                }
            }
        }
        let included = try compile(include, .select)
        let skipped = try compile(skip, .skip)
        let selected = cases.filter { spec in
            let name = Self.name(of: spec)
            return (included.isEmpty || included.contains { name.contains($0) }) && !skipped.contains { name.contains($0) }
        }
        guard !selected.isEmpty else {
            throw PlanError.selectionMatchesNothing(include: include, skip: skip, planned: cases.map(Self.name(of:)))
        }
        return selected
    }
}

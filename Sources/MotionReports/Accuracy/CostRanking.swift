import MotionResults

/// How the accuracy tables decide their Pareto-best rows (★) without following noise: a row is best
/// when no other is at least as cheap per second, needs at least as little heap and is at least as
/// accurate, and better in one. "Cheaper" and "less heap" mean beyond what the run resolves; the
/// accuracy figures are exact (a seeded source, a recording), so any difference counts.
///
/// What a run resolves, by the basis the costs are in:
/// - instructions per second: the comparison's tolerance for instruction counts, which repeat to
///   the instruction;
/// - virtual-time CPU per second: with the repetitions the Mann-Whitney U test needs on both rows,
///   the test (p below the comparison's α) and the comparison's tolerance for CPU time; with fewer,
///   a factor of `TimingResolution.singleRunFactor`;
/// - real-time CPU above the wake floor: the two rows' resolutions added;
/// - heap peak: the comparison's tolerance for it.
///
/// A row whose standing changes when every resolution is taken half as wide again is unsettled: the
/// run cannot place it, and says so rather than starring it or not at random.
enum CostRanking {
    /// What a cost per second is counted in, in the order a workload's rows are ranked by the first
    /// every ranked row has.
    enum Basis: String, CaseIterable {
        /// Instructions per second, counted under callgrind.
        case instructions
        /// CPU microseconds per simulated second, from virtual time.
        case virtual
        /// CPU microseconds per second of real time above the wake floor.
        case aboveWakeFloor = "above_wake_floor"

        /// The basis as the tables name it.
        var title: String {
            switch self {
            case .instructions: "instructions/s"
            case .virtual: "CPU µs/s, virtual time"
            case .aboveWakeFloor: "CPU µs/s above the wake floor"
            }
        }
    }

    /// A row's cost per second in one basis.
    struct Cost {
        var basis: Basis
        /// The median over repetitions.
        var value: Double
        /// Each repetition's.
        var repetitions: [Double]
        /// Above the wake floor: the figure's half-width; nil elsewhere, or where it is not known.
        var resolution: Double?
    }

    /// A row's standing among its workload's.
    enum Standing {
        /// Pareto-best, however close costs are taken to be.
        case best
        /// Best or not depending on a difference near the run's resolution.
        case unsettled
        /// Another row is as good in every figure and better in one.
        case dominated

        /// The mark in a table's "Best" column.
        var mark: String {
            switch self {
            case .best: "★"
            case .unsettled: "?"
            case .dominated: ""
            }
        }
    }

    /// One ranked row's figures.
    struct Entry {
        var cost: Cost
        var heapPeakBytes: Double?
        /// Smaller is better: an error, or a negated F1.
        var quality: Double
    }

    /// A scored case's measured repetitions, from which its cost in any basis is read.
    struct Candidates {
        var virtual: [CaseResult]
        var realtime: [CaseResult]
        var run: RunResult

        /// The cost per second in `basis`; nil when a repetition lacks it, or there is none.
        func cost(in basis: Basis) -> Cost? {
            let values: [Double?]
            var resolutions: [Double?] = []
            switch basis {
            case .instructions: values = virtual.map { result in result.instructionsPerSample.map { $0 * result.spec.rateHz } }
            case .virtual: values = virtual.map { $0.projectedCpuPct.map { $0 * CostAboveWakeFloor.usPerSecondPerPercent } }
            case .aboveWakeFloor:
                let above = realtime.map(run.costAboveWakeFloor(of:))
                values = above.map { $0?.cpuUsPerSecond }
                resolutions = above.map { $0?.resolutionUsPerSecond }
            }
            let present = values.compactMap { $0 }
            guard !present.isEmpty, present.count == values.count, let median = SampleSummary(present)?.median else { return nil }
            return Cost(basis: basis, value: median, repetitions: present, resolution: SampleSummary(resolutions)?.median)
        }
    }

    /// Each row's standing (nil entries, rows without a cost or a quality, are dominated: unranked).
    static func standings(_ entries: [Entry?]) -> [Standing] {
        let ranked = entries.compactMap { $0 }
        return entries.map { entry in
            guard let entry else { return .dominated }
            let dominatedAt = [1.0, 1.5].map { scale in ranked.contains { dominates($0, entry, scale: scale) } }
            switch (dominatedAt[0], dominatedAt[1]) {
            case (false, false): return .best
            case (true, true): return .dominated
            default: return .unsettled
            }
        }
    }

    /// Whether `other` is at least as good as `row` in every figure and better in one, with every
    /// resolution taken `scale` times as wide.
    static func dominates(_ other: Entry, _ row: Entry, scale: Double) -> Bool {
        let cheaper = isLower(other.cost, than: row.cost, scale: scale)
        let dearer = isLower(row.cost, than: other.cost, scale: scale)
        let smaller = isLower(other.heapPeakBytes, than: row.heapPeakBytes, scale: scale)
        let larger = isLower(row.heapPeakBytes, than: other.heapPeakBytes, scale: scale)
        guard !dearer, !larger, other.quality <= row.quality else { return false }
        return cheaper || smaller || other.quality < row.quality
    }

    /// Whether cost `first` is below `second` beyond what the run resolves, taken `scale` times as wide.
    static func isLower(_ first: Cost, than second: Cost, scale: Double) -> Bool {
        guard first.value < second.value else { return false }
        let difference = second.value - first.value
        switch first.basis {
        case .instructions:
            let tolerance = ComparedMetric.instructionsPerSample.defaultTolerance.relativePct * scale
            return difference * 100 > tolerance * second.value
        case .virtual:
            let minimum = ComparisonSettings.minimumRepetitionsForTest
            if first.repetitions.count >= minimum, second.repetitions.count >= minimum {
                let tolerance = ComparedMetric.cpuNsPerSample.defaultTolerance.relativePct * scale
                // The test only where the tolerance is passed: it is the dearer of the two checks.
                guard difference * 100 > tolerance * second.value else { return false }
                return (MannWhitneyU(first.repetitions, second.repetitions)?.pValue ?? 1) < ComparisonSettings().alpha
            }
            return second.value > first.value * (1 + (TimingResolution.singleRunFactor - 1) * scale)
        case .aboveWakeFloor:
            guard let own = first.resolution, let theirs = second.resolution else { return false }
            return difference > (own + theirs) * scale
        }
    }

    /// Whether heap peak `first` is below `second` beyond the comparison's tolerance for it, taken
    /// `scale` times as wide; false when either is missing.
    static func isLower(_ first: Double?, than second: Double?, scale: Double) -> Bool {
        guard let first, let second else { return false }
        return second - first > ComparedMetric.heapPeakBytes.defaultTolerance.absolute * scale
    }
}

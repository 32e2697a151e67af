import Foundation

/// Finds the steps in a noisy series (a figure over commits): where its level changed, by how much,
/// within what interval, and how sure that is. Every step the data supports is reported, however
/// small; whether it matters (a gate's tolerance) is the caller's question.
///
/// The levels are placed as asv (airspeed velocity) places them, by an L1 fit (each level the median
/// of its values, the cost their absolute deviations, so a single slow run pulls a level far less
/// than with squares), over every repetition of every commit. Binary segmentation over-fits, and the
/// least sure step is removed, its neighbours moved to the best split of their wider stretch, until
/// every step left passes two tests (`StepSeries`), so two close steps stay two, each in its place:
///
/// - **Significance**: a t-test between the two levels beside the step, on the commits' medians or,
///   where a commit lies far from its level (a slow run, a heavy tail), on each commit's mean rank,
///   its p-value made that of the best split anywhere in the stretch, as the fit chose this one for
///   being the best; it must be below `alpha`. A level must hold `minimumLength` commits: one slow
///   run is an outlier, not a step.
/// - **Abruptness**: a line fitted to each side near the step, both read where the new level begins,
///   must still jump there (p below `driftAlpha`): a slow drift, which a fit of levels turns into
///   steps as readily as a step, bends instead.
///
/// A step found without the latest commits is not erased by them when they lie far off the commits
/// before them (beyond `trustedSpread` times the noise) and match neither of its levels (each further
/// from both than the levels are from each other): up to `minimumLength` such commits at the end are
/// too few to be a level of their own, and are left out until more like them come.
public enum ChangePointDetection {
    /// How steps are judged.
    public struct Settings: Sendable, Equatable {
        /// Commits a level must hold.
        public var minimumLength = 2
        /// A step is reported when the chance that noise alone shows one this strong anywhere between
        /// its neighbours is below this.
        public var alpha = 0.0002
        /// A step is reported when the jump between the lines fitted near it has a p-value below this.
        public var driftAlpha = 0.01
        /// Commits on each side of a step the lines of the abruptness test are fitted to.
        public var driftWindow = 20
        /// A commit's median further than this many times the series' noise from its level's median
        /// makes its stretch judged on ranks.
        public var trustedSpread = 5.0
        /// The most steps the over-fit starts from (it tries one per 10 commits, 8 at least): more
        /// than a history shows.
        public var mostSteps = 32
        /// The confidence of a step's interval.
        public var confidence = 0.95
        /// Commits on each side of a step whose medians the interval is drawn from: the nearest, so
        /// that a long history's interval costs no more than a short one's.
        public var intervalCommits = 200

        /// The defaults.
        public init() {}
    }

    /// A change of level.
    public struct Step: Sendable, Equatable {
        /// The first point on the new level.
        public var index: Int
        /// The median of the values of the level before.
        public var before: Double
        /// The median of the values of the level after.
        public var after: Double
        /// The chance that noise alone shows a step this strong between the step's neighbours; nil
        /// when both levels repeat one value each, so the step is exact.
        public var pValue: Double?
        /// The lower end of the interval of the change (Hodges–Lehmann's, over the medians of the
        /// commits nearest the step), at `ChangePointDetection.Settings.confidence`.
        public var lower: Double
        /// The upper end of that interval.
        public var upper: Double

        /// A step from its parts.
        public init(index: Int, before: Double, after: Double, pValue: Double?, lower: Double, upper: Double) {
            self.index = index
            self.before = before
            self.after = after
            self.pValue = pValue
            self.lower = lower
            self.upper = upper
        }

        /// `after − before`.
        public var change: Double { after - before }
        /// The change in percent of `before`; nil when `before` is 0.
        public var changePct: Double? { before == 0 ? nil : change / abs(before) * 100 }
        /// 1 − the p-value; 1 for an exact step.
        public var confidence: Double { 1 - (pValue ?? 0) }
        /// Whether both levels repeat one value each.
        public var isExact: Bool { pValue == nil }
    }

    /// The steps of a series whose point i holds `points[i]` (one value or several: repetitions, runs
    /// of one commit; an empty point is skipped).
    public static func steps(_ points: [[Double]], settings: Settings = Settings()) -> [Step] {
        let present = points.indices.filter { !points[$0].isEmpty }
        let values = present.map { points[$0] }
        let series = StepSeries(values, settings: settings)
        let all = steps(series)
        // The latest commits may match neither level of a step found without them: only commits far
        // off the ones before them can, so only then is the history judged without them.
        for latest in stride(from: 1, through: settings.minimumLength, by: 1) where latest < values.count - settings.minimumLength {
            let medians = series.medians.suffix(latest)
            let before = StepSeries.median(Array(series.medians.dropLast(latest).suffix(settings.minimumLength)))
            guard medians.allSatisfy({ abs($0 - before) > settings.trustedSpread * series.noise }) else { continue }
            let earlier = steps(StepSeries(Array(values.dropLast(latest)), settings: settings))
            guard let last = earlier.last else { continue }
            let matchNeither = medians.allSatisfy { median in
                [last.before, last.after].allSatisfy { abs(median - $0) > abs(last.change) }
            }
            let erased = earlier.contains { step in !all.contains { $0.index == step.index } }
            if matchNeither && erased { return earlier.map { mapped($0, to: present) } }
        }
        return all.map { mapped($0, to: present) }
    }

    /// `step` with its index, a position among the present points, made one in the series.
    private static func mapped(_ step: Step, to present: [Int]) -> Step {
        var step = step
        step.index = present[step.index]
        return step
    }

    /// The steps of `series`, each between the levels beside it.
    private static func steps(_ series: StepSeries) -> [Step] {
        let boundaries = series.boundaries()
        let settings = series.settings
        return boundaries.indices.map { position in
            let (start, end) = series.stretch(around: position, in: boundaries)
            let at = boundaries[position]
            let before = series.values[start..<at].flatMap { $0 }, after = series.values[at..<end].flatMap { $0 }
            let exact = Set(before).count == 1 && Set(after).count == 1
            let shift = ShiftBetweenSamples(
                from: Array(series.medians[max(start, at - settings.intervalCommits)..<at]),
                to: Array(series.medians[at..<min(end, at + settings.intervalCommits)]), confidence: settings.confidence)!
            return Step(
                index: at, before: StepSeries.median(before), after: StepSeries.median(after),
                pValue: exact ? nil : series.judge(at, from: start, to: end).pValue, lower: shift.lower, upper: shift.upper)
        }
    }
}

import Foundation

/// Finds the steps in a noisy series (a figure over commits): where its level changed, by how much,
/// and how sure that is.
///
/// The levels are fitted as asv (airspeed velocity) fits them: a piecewise-constant fit with an L1
/// norm (each level the median of its points, the cost the sum of absolute deviations, so a single
/// slow run pulls a level far less than with squares), the number of levels chosen by asv's
/// information criterion n · ln σ + β · n · (levels − 1), σ the mean absolute deviation from the fit and
/// β = 4 ln(n) / n. The best fit with each number of levels is found exactly, by dynamic programming
/// (asv approximates; a history of a few hundred commits is small enough not to). Unlike asv, a level
/// must hold `minimumLength` commits: one slow run is an outlier, not a step; asv's correction for
/// correlated noise is left out.
///
/// Each boundary of the fit is then judged on the raw values (every repetition of every run) of the two
/// levels beside it: the two-sided Mann-Whitney U test gives how sure (its p-value), and the change
/// must exceed the metric's tolerance as `compare` judges it. A boundary that fails is removed, its
/// two levels joined, and the rest judged again, the least sure first. When both levels repeat a
/// single value each (instruction counts, allocations, a seeded accuracy), the step is exact and
/// needs no test.
public enum StepDetection {
    /// How steps are judged.
    public struct Settings: Sendable, Equatable {
        /// Commits a level must hold.
        public var minimumLength = 2
        /// A step is reported when the U test's p-value is below this.
        public var alpha = 0.05
        /// β · n of asv's criterion, per ln(n): the cost of one more level.
        public var penaltyPerLogN = 4.0
        /// The most levels a fit tries: more steps than a history of commits shows.
        public var mostLevels = 16

        /// The defaults.
        public init() {}
    }

    /// A change of level.
    public struct Step: Sendable, Equatable {
        /// The first point on the new level.
        public var index: Int
        /// The median of the raw values of the level before and of the level after.
        public var before: Double
        public var after: Double
        /// The U test's two-sided p-value over the two levels' raw values; nil when both levels repeat
        /// one value each, so the step is exact.
        public var pValue: Double?

        /// `after − before`.
        public var change: Double { after - before }
        /// The change in percent of `before`; nil when `before` is 0.
        public var changePct: Double? { before == 0 ? nil : change / abs(before) * 100 }
    }

    /// The steps of a series whose point i holds `points[i]` (one value or several: repetitions, runs
    /// of one commit; an empty point is skipped), judged against `tolerance`.
    public static func steps(_ points: [[Double]], tolerance: MetricTolerance, settings: Settings = Settings()) -> [Step] {
        let present = points.indices.filter { !points[$0].isEmpty }
        let raw = present.map { points[$0] }
        let medians = raw.map { Percentile.of(sorted: $0.sorted(), 0.5) }
        var boundaries = fit(medians, settings: settings)
        while true {
            let judged = boundaries.indices.map { position -> (step: Step, passes: Bool) in
                let start = position == 0 ? 0 : boundaries[position - 1]
                let end = position + 1 < boundaries.count ? boundaries[position + 1] : raw.count
                let before = raw[start..<boundaries[position]].flatMap { $0 }, after = raw[boundaries[position]..<end].flatMap { $0 }
                let step = judge(before, after, at: present[boundaries[position]])
                let sure = step.pValue.map { $0 < settings.alpha } ?? true
                return (step, sure && tolerance.isExceeded(by: step.change, from: step.before))
            }
            guard let worst = judged.indices.filter({ !judged[$0].passes }).max(by: { (judged[$0].step.pValue ?? 0) < (judged[$1].step.pValue ?? 0) }) else {
                return judged.map(\.step)
            }
            boundaries.remove(at: worst)
        }
    }

    /// The step between the raw values `before` and `after`, the first of `after` at `index`.
    static func judge(_ before: [Double], _ after: [Double], at index: Int) -> Step {
        let exact = Set(before).count == 1 && Set(after).count == 1
        return Step(
            index: index, before: Percentile.of(sorted: before.sorted(), 0.5), after: Percentile.of(sorted: after.sorted(), 0.5),
            pValue: exact ? nil : MannWhitneyU(before, after)?.pValue)
    }

    /// Where the levels of the best fit of `y` begin (the first level's 0 left out), by asv's criterion.
    static func fit(_ y: [Double], settings: Settings) -> [Int] {
        let n = y.count, shortest = max(1, settings.minimumLength)
        guard n >= 2 * shortest else { return [] }
        let cost = segmentCosts(y, shortest: shortest)
        let mostLevels = min(n / shortest, settings.mostLevels)
        // best[k][j]: the least cost of y[0..<j] in k + 1 levels; from[k][j]: where the last begins.
        var best = [[Double]](repeating: [Double](repeating: .infinity, count: n + 1), count: mostLevels)
        var from = [[Int]](repeating: [Int](repeating: 0, count: n + 1), count: mostLevels)
        for j in shortest...n { best[0][j] = cost[0][j - 0] }
        var chosen = (levels: 1, score: score(best[0][n], levels: 1, n: n, y: y, settings: settings))
        for k in 1..<mostLevels {
            for j in stride(from: (k + 1) * shortest, through: n, by: 1) {
                for i in stride(from: k * shortest, through: j - shortest, by: 1) where best[k - 1][i].isFinite {
                    let total = best[k - 1][i] + cost[i][j - i]
                    if total < best[k][j] {
                        best[k][j] = total
                        from[k][j] = i
                    }
                }
            }
            guard best[k][n].isFinite else { break }
            let candidate = score(best[k][n], levels: k + 1, n: n, y: y, settings: settings)
            if candidate < chosen.score { chosen = (k + 1, candidate) }
        }
        var starts: [Int] = []
        var end = n
        for k in stride(from: chosen.levels - 1, to: 0, by: -1) {
            end = from[k][end]
            starts.append(end)
        }
        return starts.reversed()
    }

    /// asv's criterion, times n: n · ln σ + β · n · (levels − 1). σ has a floor a billionth of the
    /// series' scale, so a fit that leaves nothing (repeating values) stays finite and the fewest levels
    /// that leave nothing win.
    private static func score(_ cost: Double, levels: Int, n: Int, y: [Double], settings: Settings) -> Double {
        let scale = y.reduce(0) { $0 + abs($1) } / Double(n)
        let sigma = max(cost / Double(n), max(scale, 1e-300) * 1e-9)
        return Double(n) * log(sigma) + settings.penaltyPerLogN * log(Double(n)) * Double(levels - 1)
    }

    /// cost[i][m]: the sum of absolute deviations of y[i..<i + m] from its median, for m ≥ `shortest`
    /// (infinity below). Each start grows its stretch one value at a time, kept sorted, with the sum
    /// of its lower half updated as the value goes in: O(n²) costs for O(n³) moves of memory at worst.
    static func segmentCosts(_ y: [Double], shortest: Int) -> [[Double]] {
        let n = y.count
        var cost = [[Double]](repeating: [], count: n)
        for i in 0..<n {
            var row = [Double](repeating: .infinity, count: n - i + 1)
            var sorted: [Double] = []
            sorted.reserveCapacity(n - i)
            var total = 0.0, lower = 0.0
            for j in i..<n {
                let x = y[j]
                let count = sorted.count, half = (count + 1) / 2, newHalf = (count + 2) / 2
                var low = 0, high = count
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle] < x { low = middle + 1 } else { high = middle }
                }
                // lower: the sum of the `half` smallest; it becomes the sum of the `newHalf` smallest.
                if low < newHalf {
                    lower = x + lower - (newHalf == half ? sorted[half - 1] : 0)
                } else if newHalf > half {
                    lower += sorted[half]
                }
                sorted.insert(x, at: low)
                total += x
                let length = count + 1
                if length >= shortest {
                    let median = sorted[newHalf - 1]
                    row[length] = max(0, total - 2 * lower + median * Double(2 * newHalf - length))
                }
            }
            cost[i] = row
        }
        return cost
    }
}

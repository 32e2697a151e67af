import Foundation

/// Finds the steps in a noisy series (a figure over commits): where its level changed, by how much,
/// and how sure that is.
///
/// The levels are fitted as asv (airspeed velocity) fits them: a piecewise-constant fit with an L1
/// norm (each level the median of its points, the cost the sum of absolute deviations, so a single
/// slow run pulls a level far less than with squares), the number of levels chosen by asv's
/// information criterion n · ln σ + β · n · (levels − 1), σ the mean absolute deviation from the fit and
/// β = 4 ln(n) / n. The fits are grown by binary segmentation: one level at a time, the level whose
/// best split lowers the cost most is split there, so a fit of k levels costs O(k · n log n) and a
/// history of ten thousand commits takes a fraction of a second (asv approximates too). Unlike asv,
/// a level must hold `minimumLength` commits: one slow run is an outlier, not a step; asv's
/// correction for correlated noise is left out.
///
/// Each boundary of the fit is then judged on the raw values (every repetition of every run) of the two
/// levels beside it: the two-sided Mann-Whitney U test gives how sure (its p-value), and the change
/// must exceed the metric's tolerance as `compare` judges it. A boundary that fails is removed, its
/// two levels joined, and the rest judged again, the least sure first. When both levels repeat a
/// single value each (instruction counts, allocations, a seeded accuracy), the step is exact and
/// needs no test.
///
/// A step found without the latest commits is not erased by them when they match neither of its
/// levels (they differ from both by more than the tolerance): up to `minimumLength` such commits at
/// the end are too few to be a level of their own, and are left out until more like them come.
public enum ChangePointDetection {
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
        let all = judged(raw, medians: medians, at: present, tolerance: tolerance, settings: settings)
        // The latest commits may match neither level of a step found without them.
        for latest in stride(from: 1, through: settings.minimumLength, by: 1) where latest < raw.count {
            let earlier = judged(
                Array(raw.dropLast(latest)), medians: Array(medians.dropLast(latest)), at: present, tolerance: tolerance, settings: settings)
            guard let last = earlier.last else { continue }
            let matchNeither = medians.suffix(latest).allSatisfy { median in
                [last.before, last.after].allSatisfy { tolerance.isExceeded(by: median - $0, from: $0) }
            }
            let erased = earlier.contains { step in !all.contains { $0.index == step.index } }
            if matchNeither && erased { return earlier }
        }
        return all
    }

    /// The steps of the fit of `medians` that pass their judgement on `raw`; `present` maps a
    /// position to its point's index in the series.
    private static func judged(
        _ raw: [[Double]], medians: [Double], at present: [Int], tolerance: MetricTolerance, settings: Settings
    ) -> [Step] {
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
            guard let worst = judged.indices.filter({ !judged[$0].passes }).max(by: { (judged[$0].step.pValue ?? 0) < (judged[$1].step.pValue ?? 0) })
            else {
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

    /// Where the levels of the fit of `y` begin (the first level's 0 left out): binary segmentation
    /// up to `mostLevels` levels, the number chosen by asv's criterion.
    static func fit(_ y: [Double], settings: Settings) -> [Int] {
        let n = y.count, shortest = max(1, settings.minimumLength)
        guard n >= 2 * shortest else { return [] }
        var levels = [Level(y, 0..<n, shortest: shortest)]
        var cost = levels[0].cost
        var chosen = (score: score(cost, levels: 1, n: n, y: y, settings: settings), starts: [Int]())
        while levels.count < settings.mostLevels {
            guard let widest = levels.indices.filter({ levels[$0].split != nil }).max(by: { levels[$0].gain < levels[$1].gain }) else { break }
            let level = levels[widest], split = level.split!
            cost -= level.gain
            levels.replaceSubrange(
                widest...widest,
                with: [Level(y, level.range.lowerBound..<split, shortest: shortest), Level(y, split..<level.range.upperBound, shortest: shortest)])
            let candidate = score(cost, levels: levels.count, n: n, y: y, settings: settings)
            if candidate < chosen.score { chosen = (candidate, levels.dropFirst().map(\.range.lowerBound)) }
        }
        return chosen.starts
    }

    /// A stretch of a fit: its L1 cost, and where splitting it lowers the cost most (nil when it is
    /// too short to split into two levels), by how much.
    private struct Level {
        let range: Range<Int>
        let cost: Double
        let split: Int?
        let gain: Double

        init(_ y: [Double], _ range: Range<Int>, shortest: Int) {
            self.range = range
            let part = y[range]
            let prefix = ChangePointDetection.prefixCosts(part), suffix = ChangePointDetection.prefixCosts(part.reversed())
            let whole = prefix[part.count]
            cost = whole
            var best: (at: Int, cost: Double)?
            if part.count >= 2 * shortest {
                for length in shortest...(part.count - shortest) {
                    let total = prefix[length] + suffix[part.count - length]
                    if total < best?.cost ?? .infinity { best = (range.lowerBound + length, total) }
                }
            }
            split = best.map(\.at)
            gain = best.map { max(0, whole - $0.cost) } ?? 0
        }
    }

    /// asv's criterion, times n: n · ln σ + β · n · (levels − 1). σ has a floor a billionth of the
    /// series' scale, so a fit that leaves nothing (repeating values) stays finite and the fewest levels
    /// that leave nothing win.
    private static func score(_ cost: Double, levels: Int, n: Int, y: [Double], settings: Settings) -> Double {
        let scale = y.reduce(0) { $0 + abs($1) } / Double(n)
        let sigma = max(cost / Double(n), max(scale, 1e-300) * 1e-9)
        return Double(n) * log(sigma) + settings.penaltyPerLogN * log(Double(n)) * Double(levels - 1)
    }

    /// costs[m]: the sum of absolute deviations of the first m values of `y` from their median, for
    /// m from 0 to the count. The values go into two heaps (the lower half's largest on top of one,
    /// the upper half's smallest on the other) with their sums, so each costs O(log m).
    static func prefixCosts<Values: Collection<Double>>(_ y: Values) -> [Double] {
        var lower = MinHeap(), upper = MinHeap()  // lower holds negated values: its top is the largest
        var lowerSum = 0.0, upperSum = 0.0
        var costs = [0.0]
        costs.reserveCapacity(y.count + 1)
        for x in y {
            if lower.isEmpty || x <= -lower.top {
                lower.push(-x)
                lowerSum += x
            } else {
                upper.push(x)
                upperSum += x
            }
            // The lower half holds the median: as many values as the upper, or one more.
            if lower.count > upper.count + 1 {
                let moved = -lower.pop()
                lowerSum -= moved
                upper.push(moved)
                upperSum += moved
            } else if upper.count > lower.count {
                let moved = upper.pop()
                upperSum -= moved
                lower.push(-moved)
                lowerSum += moved
            }
            let median = -lower.top
            costs.append(max(0, median * Double(lower.count) - lowerSum + upperSum - median * Double(upper.count)))
        }
        return costs
    }

    /// A binary min-heap of numbers.
    private struct MinHeap {
        private var values: [Double] = []

        var count: Int { values.count }
        var isEmpty: Bool { values.isEmpty }
        var top: Double { values[0] }

        mutating func push(_ value: Double) {
            values.append(value)
            var child = values.count - 1
            while child > 0, values[(child - 1) / 2] > values[child] {
                values.swapAt(child, (child - 1) / 2)
                child = (child - 1) / 2
            }
        }

        mutating func pop() -> Double {
            let top = values[0]
            values[0] = values[values.count - 1]
            values.removeLast()
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < values.count, values[left] < values[smallest] { smallest = left }
                if right < values.count, values[right] < values[smallest] { smallest = right }
                guard smallest != parent else { return top }
                values.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }
}

import Foundation

/// One series as `ChangePointDetection` works on it: each commit's values (every repetition), their
/// medians and the series' noise, with the three things the detection asks of them: where a stretch
/// of commits is best split in two, how sure a step between two stretches is, and whether a slow
/// drift would explain it as well.
struct StepSeries {
    /// Commit i's values; none is empty.
    let values: [[Double]]
    /// The median of each commit's values.
    let medians: [Double]
    /// The noise of a commit's median: 1.4826 · the median absolute deviation of the differences
    /// between neighbouring commits, over √2 (a step or a drift moves few of the differences, and a
    /// slow run two, so neither inflates it; 0 when most neighbours repeat a value); where commits
    /// repeat, at least what their repetitions' spread gives a median of so many (in a short
    /// history, a dozen differences can happen to lie close).
    let noise: Double
    let settings: ChangePointDetection.Settings

    init(_ values: [[Double]], settings: ChangePointDetection.Settings) {
        self.values = values
        self.settings = settings
        medians = values.map(Self.median)
        let differences = zip(medians.dropFirst(), medians).map { $0 - $1 }
        var between = 0.0
        if differences.count >= 2 {
            let centre = Self.median(differences)
            between = 1.4826 * Self.median(differences.map { abs($0 - centre) }) / 2.squareRoot()
        }
        // From every pair of repetitions of a commit: the median of their absolute differences is
        // 0.954 σ (1.0484 turns it into σ), one slow repetition spoils few pairs; the median of n
        // normal values varies as π / (2n) of one.
        var pairs: [Double] = [], repetitions = 0, repeating = 0
        for commit in values where commit.count > 1 {
            for i in commit.indices {
                for j in commit.indices where j > i { pairs.append(abs(commit[i] - commit[j])) }
            }
            repetitions += commit.count
            repeating += 1
        }
        let within = pairs.isEmpty ? 0 : 1.0484 * Self.median(pairs) * (Double.pi / 2 * Double(repeating) / Double(repetitions)).squareRoot()
        noise = max(between, within)
    }

    var count: Int { values.count }

    /// Where the levels begin (the first level's 0 left out): the steps that pass.
    ///
    /// Binary segmentation over-fits first (`candidates`): each time, the stretch whose best split
    /// lowers the L1 cost most is split there. Then the least sure boundary that fails
    /// (its p-value at or over α, or its jump explained by a drift) is removed, the boundaries beside
    /// it moved to the best split of their wider stretch, and the rest judged again, until every one
    /// passes: close steps stay apart, each placed where its neighbours leave room.
    func boundaries() -> [Int] {
        var boundaries = candidates()
        // A removal changes the stretches of two boundaries at most: the others' judgements stand.
        var judgements: [[Int]: (pValue: Double, driftPValue: Double)] = [:]
        while true {
            var worst: (position: Int, score: Double)?
            for position in boundaries.indices {
                let (start, end) = stretch(around: position, in: boundaries)
                let key = [start, boundaries[position], end]
                let judged = judgements[key] ?? judge(boundaries[position], from: start, to: end)
                judgements[key] = judged
                // Each test against its own threshold: ≥ 1 fails, and the larger the less sure.
                let score = max(judged.pValue / settings.alpha, judged.driftPValue / settings.driftAlpha)
                if score >= 1, score > worst?.score ?? 0 { worst = (position, score) }
            }
            guard let worst else { return boundaries }
            boundaries.remove(at: worst.position)
            for position in [worst.position - 1, worst.position] where boundaries.indices.contains(position) {
                let (start, end) = stretch(around: position, in: boundaries)
                if let split = bestSplit(from: start, to: end) { boundaries[position] = split.at }
            }
        }
    }

    /// The commits from the boundary before `position`'s to the one after it (or the ends).
    func stretch(around position: Int, in boundaries: [Int]) -> (start: Int, end: Int) {
        (position == 0 ? 0 : boundaries[position - 1], position + 1 < boundaries.count ? boundaries[position + 1] : count)
    }

    /// The over-fit: binary segmentation by the L1 cost of every value, up to a boundary per 10
    /// commits (8 at least, `mostSteps` at most) or until no split lowers the cost.
    func candidates() -> [Int] {
        var stretches: [(start: Int, end: Int, split: (at: Int, gain: Double)?)] = [(0, count, bestSplit(from: 0, to: count))]
        var boundaries: [Int] = []
        let most = min(settings.mostSteps, max(8, count / 10))
        while boundaries.count < most {
            guard
                let widest = stretches.indices.filter({ (stretches[$0].split?.gain ?? 0) > 0 })
                    .max(by: { stretches[$0].split!.gain < stretches[$1].split!.gain })
            else { break }
            let (start, end, split) = stretches[widest]
            let at = split!.at
            stretches.replaceSubrange(
                widest...widest, with: [(start, at, bestSplit(from: start, to: at)), (at, end, bestSplit(from: at, to: end))])
            boundaries.append(at)
        }
        return boundaries.sorted()
    }

    /// The split of commits `start..<end` into two levels of `minimumLength` commits or more whose L1
    /// cost over every value is least, and how much it lowers the cost of one level; nil when the
    /// stretch is too short.
    func bestSplit(from start: Int, to end: Int) -> (at: Int, gain: Double)? {
        let shortest = max(1, settings.minimumLength)
        guard end - start >= 2 * shortest else { return nil }
        let stretch = values[start..<end]
        let flat = stretch.flatMap { $0 }
        let prefix = MedianCost.prefix(flat), suffix = MedianCost.prefix(Array(flat.reversed()))
        var offset = stretch.prefix(shortest).reduce(0) { $0 + $1.count }
        var best: (at: Int, cost: Double)?
        for at in (start + shortest)...(end - shortest) {
            let cost = prefix[offset] + suffix[flat.count - offset]
            if cost < best?.cost ?? .infinity { best = (at, cost) }
            offset += values[at].count
        }
        return best.map { ($0.at, max(0, prefix[flat.count] - $0.cost)) }
    }

    /// How sure the step at commit `at` between the levels `start..<at` and `at..<end` is, and how
    /// well a drift explains it (`driftPValue`, large when it does).
    ///
    /// The p-value is that of the largest of all the splits of the stretch, as the fit chose `at` for
    /// being the best: the two-sided pooled t-test's p-value, made the chance that noise alone shows a
    /// split this strong somewhere in the stretch (Siegmund's approximation for the largest of a
    /// standardised Brownian bridge, over the splits the levels' length allows, capped by Bonferroni's
    /// bound for short stretches). Where every commit's median lies within `trustedSpread` noise of its
    /// level's, the test is on the medians; where one does not (a slow run, a heavy tail), on the mean
    /// rank of each commit's values among the stretch's, so that an outlier counts for one commit
    /// and no more.
    func judge(_ at: Int, from start: Int, to end: Int) -> (pValue: Double, driftPValue: Double) {
        let before = medians[start..<at], after = medians[at..<end]
        let levels = (Self.median(Array(before)), Self.median(Array(after)))
        let trusted =
            before.allSatisfy { abs($0 - levels.0) <= settings.trustedSpread * noise }
            && after.allSatisfy { abs($0 - levels.1) <= settings.trustedSpread * noise }
        let units: [Double]
        if trusted {
            units = Array(medians[start..<end])
        } else {
            let stretch = values[start..<end]
            let ranks = MannWhitneyU.ranks(stretch.flatMap { $0 }).ranks
            var offset = 0
            units = stretch.map { commit in
                defer { offset += commit.count }
                return ranks[offset..<(offset + commit.count)].reduce(0, +) / Double(commit.count)
            }
        }
        let p = Self.pooledTTest(units[..<(at - start)], units[(at - start)...])
        return (scanned(p, over: end - start), driftPValue(at, from: start, to: end))
    }

    /// The chance that the largest of the splits of a stretch of `length` commits is as strong as one
    /// whose own p-value is `p`.
    func scanned(_ p: Double, over length: Int) -> Double {
        guard p > 0, p < 1 else { return p }
        let shortest = Double(max(1, settings.minimumLength)), n = Double(length)
        let z = StandardNormal.quantile(upperTail: p / 2)
        let edge = shortest / n
        let span = 2 * log((1 - edge) / edge)
        let density = exp(-z * z / 2) / (2 * Double.pi).squareRoot()
        let largest = z * density * (span * (1 - 1 / (z * z)) + 4 / (z * z))
        let splits = n - 2 * shortest + 1
        return min(1, max(largest, p), p * splits)
    }

    /// The two-sided p-value of the jump at `at` once each side's slope is allowed for: a line fitted
    /// to each side's medians within `driftWindow` commits (each clipped to 3 robust deviations of its
    /// level, so a slow run does not tilt it), both evaluated where the new level begins, their
    /// difference judged against the series' noise. A step jumps there; a drift, even a curved one,
    /// bends, and two lines meet where it bends. The commit on each side next to the step is left
    /// out of its line: the fit placed the step where those two differ most, noise included, and a
    /// drift's jump judged on them would be as biased. A side of fewer than `sloped` commits is too
    /// short to show a slope (a line through three noisy points points anywhere) and counts as level.
    func driftPValue(_ at: Int, from start: Int, to end: Int) -> Double {
        let low = max(start, at - settings.driftWindow), high = min(end, at + settings.driftWindow)
        let gap = at - low > 1 && high - at > 1 ? 1 : 0
        let before = Array(medians[low..<(at - gap)]), after = Array(medians[(at + gap)..<high])
        let centres = (Self.median(before), Self.median(after))
        let residuals = before.map { $0 - centres.0 } + after.map { $0 - centres.1 }
        let clip = 3 * 1.4826 * Self.median(residuals.map(abs))
        let clipped = { (value: Double, centre: Double) in centre + min(clip, max(-clip, value - centre)) }
        let left = Self.lineAtZero(before.map { clipped($0, centres.0) }, firstX: Double(low - at))
        let right = Self.lineAtZero(after.map { clipped($0, centres.1) }, firstX: Double(gap))
        let jump = abs(right.value - left.value)
        guard noise > 0 else { return jump > 0 ? 0 : 1 }
        return 2 * StandardNormal.upperTail(jump / (noise * (left.variance + right.variance).squareRoot()))
    }

    /// Commits a side of a step needs for the abruptness test to fit it a slope.
    static let sloped = 5

    /// The least-squares line through `y` (its i-th value at x = `firstX` + i), or its mean when it has
    /// fewer than `sloped` values: the value at x = 0, and that value's variance per unit of the
    /// points' variance.
    static func lineAtZero(_ y: [Double], firstX: Double) -> (value: Double, variance: Double) {
        let n = Double(y.count)
        let meanX = firstX + (n - 1) / 2, meanY = y.reduce(0, +) / n
        guard y.count >= sloped else { return (meanY, 1 / n) }
        var sxx = 0.0, sxy = 0.0
        for (i, value) in y.enumerated() {
            let dx = firstX + Double(i) - meanX
            sxx += dx * dx
            sxy += dx * (value - meanY)
        }
        let slope = sxy / sxx
        return (meanY - slope * meanX, 1 / n + meanX * meanX / sxx)
    }

    /// The two-sided p-value of Student's t-test with the variance pooled over both samples: 0 when
    /// neither varies but their means differ, 1 when nothing differs.
    static func pooledTTest(_ a: ArraySlice<Double>, _ b: ArraySlice<Double>) -> Double {
        let n1 = Double(a.count), n2 = Double(b.count)
        let mean1 = a.reduce(0, +) / n1, mean2 = b.reduce(0, +) / n2
        let squares = a.reduce(0) { $0 + ($1 - mean1) * ($1 - mean1) } + b.reduce(0) { $0 + ($1 - mean2) * ($1 - mean2) }
        let degrees = n1 + n2 - 2
        let difference = abs(mean2 - mean1)
        // Below rounding: what is left of a sum of identical values.
        let floor = 1e-24 * max(mean1 * mean1, mean2 * mean2) * (n1 + n2)
        guard degrees > 0, squares > floor else { return difference > 1e-12 * max(abs(mean1), abs(mean2)) ? 0 : 1 }
        let t = difference / (squares / degrees * (1 / n1 + 1 / n2)).squareRoot()
        return StudentT.twoSidedP(t, degreesOfFreedom: degrees)
    }

    /// The median of `values` (not empty).
    static func median(_ values: [Double]) -> Double {
        Percentile.of(sorted: values.sorted(), 0.5)
    }
}

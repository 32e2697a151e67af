import Foundation

/// The two-sided Mann-Whitney U test (Wilcoxon rank-sum): how likely two samples this far apart
/// in rank would be if both came from one distribution. It assumes nothing about the shape of that
/// distribution, which suits timings from a noisy machine, skewed by the odd slow repetition.
///
/// The p-value is exact (the distribution of U counted over every ordering) for samples without ties
/// of up to `exactLimit` values each; otherwise it is the normal approximation with the tie
/// correction of the variance and a continuity correction, as SciPy's `mannwhitneyu` computes it.
public struct MannWhitneyU: Sendable, Equatable {
    /// How the p-value was found.
    public enum Method: String, Sendable {
        /// Counted from U's exact distribution.
        case exact
        /// The normal approximation, tie- and continuity-corrected.
        case normalApproximation
    }

    /// Largest sample size, on each side, whose p-value is counted exactly: a table of U's
    /// distribution costs n₁ · n₂ · (n₁ · n₂) / 2 additions, a fraction of a millisecond at 30.
    public static let exactLimit = 30

    /// U of the first sample: the number of pairs (x, y) with x > y, ties counting a half.
    public let u: Double
    /// The two-sided p-value.
    public let pValue: Double
    /// Whether `pValue` is exact or approximate.
    public let method: Method

    /// Tests `first` against `second`; nil when either is empty.
    public init?(_ first: [Double], _ second: [Double]) {
        guard !first.isEmpty, !second.isEmpty else { return nil }
        let n1 = first.count, n2 = second.count
        let (ranks, tieGroups) = Self.ranks(first + second)
        let rankSum = ranks[..<n1].reduce(0, +)
        u = rankSum - Double(n1 * (n1 + 1)) / 2
        // The larger of the two U's, so one tail serves the two-sided test by symmetry.
        let upper = max(u, Double(n1 * n2) - u)
        if tieGroups.isEmpty && n1 <= Self.exactLimit && n2 <= Self.exactLimit {
            method = .exact
            let counts = Self.exactCounts(n1, n2)
            let total = counts.reduce(0, +)
            let atLeastUpper = counts[Int(upper)...].reduce(0, +)
            pValue = min(1, 2 * atLeastUpper / total)
        } else {
            method = .normalApproximation
            let n = Double(n1 + n2)
            let tieTerm = tieGroups.reduce(0) { $0 + Double($1 * $1 * $1 - $1) }
            let variance = Double(n1 * n2) / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
            let mean = Double(n1 * n2) / 2
            // Every value equal: nothing tells the samples apart.
            guard variance > 0 else {
                pValue = 1
                return
            }
            let z = (upper - mean - 0.5) / variance.squareRoot()
            pValue = min(1, 2 * StandardNormal.upperTail(z))
        }
    }

    /// Mid-ranks (1-based, ties sharing their average rank) of `values`, and the size of every group
    /// of two or more tied values.
    static func ranks(_ values: [Double]) -> (ranks: [Double], tieGroups: [Int]) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var tieGroups: [Int] = []
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && values[order[end]] == values[order[start]] { end += 1 }
            let midRank = Double(start + 1 + end) / 2
            for position in start..<end { ranks[order[position]] = midRank }
            if end - start > 1 { tieGroups.append(end - start) }
            start = end
        }
        return (ranks, tieGroups)
    }

    /// How many of the C(n₁ + n₂, n₁) orderings of two samples give each U from 0 to n₁ · n₂, by the
    /// recurrence c(m, n, u) = c(m − 1, n, u − n) + c(m, n − 1, u): the largest value is either from
    /// the first sample (beating all n of the second) or from the second (beating none). Only
    /// additions, so Doubles hold the counts without cancellation.
    static func exactCounts(_ n1: Int, _ n2: Int) -> [Double] {
        precondition(n1 > 0 && n2 > 0)
        // table[n][u] holds c(m, n, u) for the m of the current pass, n = 0…n2.
        var table = (0...n2).map { _ in [1.0] }
        for m in 1...n1 {
            var next: [[Double]] = [[1.0]]
            for n in 1...n2 {
                var counts = [Double](repeating: 0, count: m * n + 1)
                for (u, count) in table[n].enumerated() { counts[u + n] += count }
                for (u, count) in next[n - 1].enumerated() { counts[u] += count }
                next.append(counts)
            }
            table = next
        }
        return table[n2]
    }
}

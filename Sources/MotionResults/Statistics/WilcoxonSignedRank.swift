import Foundation

/// The two-sided Wilcoxon signed-rank test of paired differences (candidate minus baseline, one per
/// round): how likely differences this far from being symmetric about 0 would be if neither side were
/// slower. Like the Mann-Whitney U test it assumes nothing about the shape of the timings, and by
/// pairing each round's two figures it cancels what the machine did to both (a neighbour's load, a
/// slower minute), which two separate samples cannot.
///
/// Zero differences are dropped (Wilcoxon's own treatment); the others' absolute values are ranked
/// with `MannWhitneyU`'s mid-ranks. The p-value is exact (T⁺'s distribution counted over every
/// assignment of signs) for up to `exactLimit` differences without ties or zeros; otherwise it is the
/// normal approximation with the tie correction of the variance and a continuity correction, as
/// SciPy's `wilcoxon(d, correction=True, method='approx')` computes it.
public struct WilcoxonSignedRank: Sendable, Equatable {
    /// How the p-value was found.
    public enum Method: String, Sendable {
        /// Counted from T⁺'s exact distribution.
        case exact
        /// The normal approximation, tie- and continuity-corrected.
        case normalApproximation
    }

    /// Largest number of differences whose p-value is counted exactly: the table of T⁺'s distribution
    /// costs n · n(n + 1)/2 additions, 64 000 at 50.
    public static let exactLimit = 50

    /// T⁺: the sum of the ranks of the positive differences.
    public let positiveRankSum: Double
    /// How many differences were ranked: those not zero.
    public let count: Int
    /// The two-sided p-value; 1 when every difference is zero.
    public let pValue: Double
    /// Whether `pValue` is exact or approximate.
    public let method: Method

    /// Tests whether `differences` are centred on 0; nil when there are none.
    public init?(_ differences: [Double]) {
        guard !differences.isEmpty else { return nil }
        let nonzero = differences.filter { $0 != 0 }
        count = nonzero.count
        let (ranks, tieGroups) = MannWhitneyU.ranks(nonzero.map(abs))
        positiveRankSum = zip(nonzero, ranks).reduce(0) { $0 + ($1.0 > 0 ? $1.1 : 0) }
        let n = Double(count)
        let mean = n * (n + 1) / 4
        if tieGroups.isEmpty && count == differences.count && count <= Self.exactLimit {
            method = .exact
            // The larger of T⁺ and T⁻, so one tail serves the two-sided test by symmetry.
            let upper = max(positiveRankSum, n * (n + 1) / 2 - positiveRankSum)
            let counts = Self.exactCounts(count)
            let total = counts.reduce(0, +)
            pValue = min(1, 2 * counts[Int(upper)...].reduce(0, +) / total)
        } else {
            method = .normalApproximation
            let tieTerm = tieGroups.reduce(0) { $0 + Double($1 * $1 * $1 - $1) }
            let variance = n * (n + 1) * (2 * n + 1) / 24 - tieTerm / 48
            // No difference at all, or nothing to tell apart.
            guard variance > 0 else {
                pValue = 1
                return
            }
            var distance = positiveRankSum - mean
            if distance != 0 { distance -= 0.5 * (distance > 0 ? 1 : -1) }
            pValue = min(1, 2 * StandardNormal.upperTail(abs(distance) / variance.squareRoot()))
        }
    }

    /// How many of the 2ⁿ assignments of signs to the ranks 1…n give each T⁺ from 0 to n(n + 1)/2, by
    /// the recurrence c(k, t) = c(k − 1, t) + c(k − 1, t − k): rank k is either negative or adds k.
    /// Only additions, so Doubles hold the counts without cancellation.
    static func exactCounts(_ n: Int) -> [Double] {
        var counts = [1.0]
        if n == 0 { return counts }
        for k in 1...n {
            var next = counts + [Double](repeating: 0, count: k)
            for (t, count) in counts.enumerated() { next[t + k] += count }
            counts = next
        }
        return counts
    }

    /// The smallest number of differences whose exact two-sided p-value can fall below `alpha`: all n
    /// of one sign give 2 / 2ⁿ, so 6 for α = 0.05 (5 differences cannot do better than 0.0625).
    public static func minimumCount(alpha: Double) -> Int {
        precondition(alpha > 0 && alpha < 1)
        var n = 1
        while 2 / pow(2, Double(n)) >= alpha { n += 1 }
        return n
    }
}

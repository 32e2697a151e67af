import Foundation

/// The Hodges–Lehmann estimate of how far paired differences are shifted from 0, and its
/// distribution-free confidence interval: the median of the Walsh averages (dᵢ + dⱼ)/2 over every
/// i ≤ j, and the interval between the k-th smallest and k-th largest of them, k taken from the
/// signed-rank statistic's distribution (exact up to `WilcoxonSignedRank.exactLimit` differences, the
/// normal approximation beyond). It is the estimate that goes with the Wilcoxon signed-rank test:
/// the interval leaves out 0 when the test's exact p-value is below 1 − `confidence` (up to how each
/// treats a tie with the critical value), and one odd round moves it far less than it moves a mean.
public struct HodgesLehmannShift: Sendable, Equatable {
    /// The estimated shift, in the differences' unit.
    public let estimate: Double
    /// The interval's lower end.
    public let lower: Double
    /// The interval's upper end.
    public let upper: Double
    /// The confidence the interval was asked for, e.g. 0.95. With too few differences to reach it
    /// (fewer than `WilcoxonSignedRank.minimumCount(alpha:)` for its α) the interval is the range of
    /// the Walsh averages, and its true confidence is lower.
    public let confidence: Double

    /// The estimate and interval of `differences`; nil when there are none. `confidence` must be in (0, 1).
    public init?(_ differences: [Double], confidence: Double = 0.95) {
        precondition(confidence > 0 && confidence < 1)
        guard !differences.isEmpty else { return nil }
        let values = differences.sorted()
        var walsh: [Double] = []
        walsh.reserveCapacity(values.count * (values.count + 1) / 2)
        for i in values.indices {
            for j in i..<values.count { walsh.append((values[i] + values[j]) / 2) }
        }
        walsh.sort()
        self.confidence = confidence
        estimate = Percentile.of(sorted: walsh, 0.5)
        let k = Self.order(count: values.count, tail: (1 - confidence) / 2)
        lower = walsh[k - 1]
        upper = walsh[walsh.count - k]
    }

    /// The 1-based order k of the interval's ends among the n(n + 1)/2 Walsh averages: the largest k
    /// with P(T⁺ ≤ k − 1) ≤ `tail`, at least 1.
    static func order(count n: Int, tail: Double) -> Int {
        let total = n * (n + 1) / 2
        if n <= WilcoxonSignedRank.exactLimit {
            return lowerOrder(counts: WilcoxonSignedRank.exactCounts(n), tail: tail)
        }
        let n = Double(n)
        let spread = (n * (n + 1) * (2 * n + 1) / 24).squareRoot()
        // With the continuity correction, as the exact order: P(T ≤ k − 1) ≤ tail.
        let k = Int((Double(total) / 2 + 0.5 - StandardNormal.quantile(upperTail: tail) * spread).rounded(.down))
        return min(max(1, k), total / 2)
    }

    /// The largest k, at least 1 and at most half the statistic's range, with P(statistic ≤ k − 1) ≤
    /// `tail`, where `counts` holds how many orderings give the statistic each value from 0 up.
    static func lowerOrder(counts: [Double], tail: Double) -> Int {
        let all = counts.reduce(0, +)
        var cumulative = 0.0, k = 1
        while k <= (counts.count - 1) / 2 {
            cumulative += counts[k - 1]
            guard cumulative / all <= tail else { break }
            k += 1
        }
        return max(1, k - 1)
    }
}

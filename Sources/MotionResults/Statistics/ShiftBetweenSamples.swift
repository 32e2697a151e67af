/// The Hodges–Lehmann estimate of how far a second sample is shifted from a first, and its
/// distribution-free confidence interval: the median of every difference y − x (y from the second,
/// x from the first), and the interval between the k-th smallest and k-th largest of them, k taken
/// from the Mann-Whitney U statistic's distribution (exact up to `MannWhitneyU.exactLimit` values a
/// side, the normal approximation beyond). It is the estimate that goes with the Mann-Whitney U test,
/// as `HodgesLehmannShift` goes with the signed-rank test: the interval leaves out 0 about when the
/// test's p-value is below 1 − `confidence`. Its half-width is what two runs' repetitions resolve.
public struct ShiftBetweenSamples: Sendable, Equatable {
    /// The estimated shift, in the samples' unit.
    public let estimate: Double
    /// The interval's lower end.
    public let lower: Double
    /// The interval's upper end.
    public let upper: Double

    /// The shift from `first` to `second` and its interval at `confidence` (in (0, 1)); nil when either
    /// is empty. With too few values to reach the confidence, the interval is the differences' range.
    public init?(from first: [Double], to second: [Double], confidence: Double = 0.95) {
        precondition(confidence > 0 && confidence < 1)
        guard !first.isEmpty, !second.isEmpty else { return nil }
        var differences: [Double] = []
        differences.reserveCapacity(first.count * second.count)
        for x in first {
            for y in second { differences.append(y - x) }
        }
        differences.sort()
        estimate = Percentile.of(sorted: differences, 0.5)
        let k = Self.order(first.count, second.count, tail: (1 - confidence) / 2)
        lower = differences[k - 1]
        upper = differences[differences.count - k]
    }

    /// Half the interval's width: the smallest shift these samples tell from none, about.
    public var halfWidth: Double { (upper - lower) / 2 }

    /// The 1-based order k of the interval's ends among the n₁ · n₂ differences: the largest k with
    /// P(U ≤ k − 1) ≤ `tail`, at least 1.
    static func order(_ n1: Int, _ n2: Int, tail: Double) -> Int {
        let total = n1 * n2
        if n1 <= MannWhitneyU.exactLimit && n2 <= MannWhitneyU.exactLimit {
            return HodgesLehmannShift.lowerOrder(counts: MannWhitneyU.exactCounts(n1, n2), tail: tail)
        }
        let mean = Double(total) / 2, spread = (Double(total) * Double(n1 + n2 + 1) / 12).squareRoot()
        // With the continuity correction, as the exact order: P(U ≤ k − 1) ≤ tail.
        let k = Int((mean + 0.5 - StandardNormal.quantile(upperTail: tail) * spread).rounded(.down))
        return min(max(1, k), total / 2)
    }
}

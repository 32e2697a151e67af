extension HodgesLehmannShift {
    /// The shift from the sample `before` to the sample `after` (two-sample Hodges–Lehmann): the
    /// median of every difference a − b (a from `after`, b from `before`), and the interval between the
    /// k-th smallest and k-th largest of them, k taken from the Mann-Whitney U distribution (exact up to
    /// `MannWhitneyU.exactLimit` values a side, the normal approximation beyond). With too few values
    /// to reach `confidence` the interval is the range of the differences. Nil when either is empty;
    /// `confidence` must be in (0, 1).
    public init?(from before: [Double], to after: [Double], confidence: Double = 0.95) {
        precondition(confidence > 0 && confidence < 1)
        guard !before.isEmpty, !after.isEmpty else { return nil }
        var differences: [Double] = []
        differences.reserveCapacity(before.count * after.count)
        for a in after {
            for b in before { differences.append(a - b) }
        }
        differences.sort()
        self.confidence = confidence
        estimate = Percentile.of(sorted: differences, 0.5)
        let k = Self.order(before.count, after.count, tail: (1 - confidence) / 2)
        lower = differences[k - 1]
        upper = differences[differences.count - k]
    }

    /// The 1-based order k of the interval's ends among the n₁ · n₂ differences: the largest k with
    /// P(U ≤ k − 1) ≤ `tail`, at least 1.
    static func order(_ n1: Int, _ n2: Int, tail: Double) -> Int {
        let exact = n1 <= MannWhitneyU.exactLimit && n2 <= MannWhitneyU.exactLimit
        return order(
            total: n1 * n2, tail: tail, counts: exact ? MannWhitneyU.exactCounts(n1, n2) : nil,
            spread: (Double(n1 * n2) * Double(n1 + n2 + 1) / 12).squareRoot())
    }
}

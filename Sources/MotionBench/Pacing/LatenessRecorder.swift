import MotionResults

/// Lateness of delivered ticks in nanoseconds, kept in storage reserved up front so recording on the
/// pacer's thread never allocates.
struct LatenessRecorder {
    private(set) var values: [Int64]

    init(capacity: Int) {
        values = []
        values.reserveCapacity(capacity)
    }

    mutating func record(_ latenessNs: Int64) {
        values.append(latenessNs)
    }

    /// p50, p99 and max in microseconds; nil when no tick was delivered.
    var summary: LatenessSummary? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted().map { Double($0) / 1000 }
        return LatenessSummary(
            p50Us: Percentile.of(sorted: sorted, 0.50),
            p99Us: Percentile.of(sorted: sorted, 0.99),
            maxUs: sorted[sorted.count - 1]
        )
    }
}

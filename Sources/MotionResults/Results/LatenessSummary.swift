/// How late a pacer's ticks were, in microseconds.
public struct LatenessSummary: Sendable, Equatable, Codable {
    /// Median lateness.
    public var p50Us: Double
    /// 99th percentile lateness.
    public var p99Us: Double
    /// Largest lateness.
    public var maxUs: Double

    /// Creates a summary from its three figures, in microseconds.
    public init(p50Us: Double, p99Us: Double, maxUs: Double) {
        self.p50Us = p50Us
        self.p99Us = p99Us
        self.maxUs = maxUs
    }
}

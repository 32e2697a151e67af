/// Median, spread and variation of repeated measurements of one figure.
public struct SampleSummary: Sendable, Equatable {
    /// How many values.
    public let count: Int
    /// The median: what reports show, as it shrugs off the odd slow repetition of a noisy machine.
    public let median: Double
    public let minimum: Double
    public let maximum: Double
    public let mean: Double
    /// Sample standard deviation (n − 1); 0 for one value.
    public let standardDeviation: Double

    /// Summarises `values`, skipping missing ones; nil when none is left.
    public init?(_ values: [Double?]) {
        let present = values.compactMap { $0 }.filter(\.isFinite).sorted()
        guard !present.isEmpty else { return nil }
        count = present.count
        median = Percentile.of(sorted: present, 0.5)
        minimum = present[0]
        maximum = present[present.count - 1]
        let mean = present.reduce(0, +) / Double(present.count)
        self.mean = mean
        let squares = present.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        standardDeviation = present.count > 1 ? (squares / Double(present.count - 1)).squareRoot() : 0
    }

    /// Coefficient of variation in percent; nil when the mean is 0.
    public var coefficientOfVariationPct: Double? {
        mean == 0 ? nil : standardDeviation / abs(mean) * 100
    }
}

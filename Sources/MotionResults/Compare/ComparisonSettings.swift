import Foundation

/// How strict a comparison is: each metric's tolerance, and the significance level of the
/// Mann-Whitney U test applied when both runs repeated a case often enough.
public struct ComparisonSettings: Sendable, Equatable {
    /// Repetitions each side needs before the test is applied. With fewer, only samples that do not
    /// overlap at all can reach p < 0.05 (4 against 4: p = 0.029, the next ordering 0.057; 3 against
    /// 3: 0.1 at best), so one repetition out of place would hide any change: the tolerances judge alone.
    public static let minimumRepetitionsForTest = 5

    /// Each metric's tolerance.
    public var tolerances: [ComparedMetric: MetricTolerance]
    /// A change is called real only when the test's p-value is below this.
    public var alpha: Double
    /// Whether timings gate where by default they do not: beside instruction counts, and with fewer
    /// repetitions than the test needs (on the tolerances alone, which a shared machine's noise
    /// exceeds whatever the code did).
    public var gatesTime = false

    /// Every metric at its default tolerance, and α = 0.05.
    public init() {
        tolerances = Dictionary(uniqueKeysWithValues: ComparedMetric.allCases.map { ($0, $0.defaultTolerance) })
        alpha = 0.05
    }

    /// `metric`'s tolerance.
    public func tolerance(for metric: ComparedMetric) -> MetricTolerance {
        tolerances[metric] ?? metric.defaultTolerance
    }
}

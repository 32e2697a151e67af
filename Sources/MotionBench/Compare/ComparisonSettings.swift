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

    /// Every metric at its default tolerance, and α = 0.05.
    public init() {
        tolerances = Dictionary(uniqueKeysWithValues: ComparedMetric.allCases.map { ($0, $0.defaultTolerance) })
        alpha = 0.05
    }

    /// `metric`'s tolerance.
    public func tolerance(for metric: ComparedMetric) -> MetricTolerance {
        tolerances[metric] ?? metric.defaultTolerance
    }

    /// Applies one tolerance written `METRIC=RELATIVE%,ABSOLUTE`, e.g. `cpu_ns_per_sample=15%,50`.
    /// Either part may be left out to keep the metric's default for it (`peak_rss_mib=5` changes only
    /// the absolute part), and they may come in either order: the one ending in `%` is relative, the
    /// other is in the metric's unit (see `ComparedMetric.unit`). Both must be finite and not negative.
    public mutating func applyTolerance(_ text: String) throws {
        guard let equals = text.firstIndex(of: "=") else {
            throw InvalidTolerance("'\(text)' is not METRIC=RELATIVE%,ABSOLUTE")
        }
        let name = String(text[..<equals])
        guard let metric = ComparedMetric(rawValue: name) else {
            let known = ComparedMetric.allCases.map(\.rawValue).joined(separator: ", ")
            throw InvalidTolerance("unknown metric '\(name)'; one of \(known)")
        }
        var relative: Double?, absolute: Double?
        for part in text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingCharacters(in: .whitespaces)
            let isRelative = item.hasSuffix("%")
            guard let value = Double(isRelative ? String(item.dropLast()) : item), value.isFinite, value >= 0 else {
                throw InvalidTolerance("\(name): '\(item)' is not a number ≥ 0 (a relative one ends in %)")
            }
            if isRelative {
                guard relative == nil else { throw InvalidTolerance("\(name): two relative tolerances in '\(text)'") }
                relative = value
            } else {
                guard absolute == nil else { throw InvalidTolerance("\(name): two absolute tolerances in '\(text)'") }
                absolute = value
            }
        }
        let current = tolerance(for: metric)
        tolerances[metric] = MetricTolerance(relativePct: relative ?? current.relativePct, absolute: absolute ?? current.absolute)
    }

    /// A tolerance that could not be read; the message names the metric and the part at fault.
    public struct InvalidTolerance: Error, CustomStringConvertible {
        public let description: String

        init(_ description: String) { self.description = description }
    }
}

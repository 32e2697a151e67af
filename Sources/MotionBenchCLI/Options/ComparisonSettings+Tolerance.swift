import Foundation
import MotionBench
import MotionResults

extension ComparisonSettings {
    /// Applies one tolerance written `METRIC=RELATIVE%,ABSOLUTE`, e.g. `cpu_ns_per_sample=15%,50`.
    /// Either part may be left out to keep the metric's default for it (`peak_rss_mib=5` changes only
    /// the absolute part), and they may come in either order: the one ending in `%` is relative, the
    /// other is in the metric's unit (see `ComparedMetric.unit`). Both must be finite and not negative.
    mutating func applyTolerance(_ text: String) throws {
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
    struct InvalidTolerance: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) { self.description = description }
    }
}

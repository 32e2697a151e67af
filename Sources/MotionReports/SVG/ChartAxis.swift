import Foundation

/// A chart's value axis: linear from 0 with round ticks, or logarithmic by decades when the positive
/// values span more than a factor of 100; or, for a line over time, linear over the values' own
/// range, below 0 too.
struct ChartAxis {
    /// Tick values, first to last; the axis runs from the first to the last.
    let ticks: [Double]
    /// Whether ticks are decades on a log scale.
    let isLogarithmic: Bool

    /// An axis spanning `values` (non-finite ones ignored).
    init(values: [Double]) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        if let low = positive.min(), let high = positive.max(), high / low > 100 {
            isLogarithmic = true
            let first = Int(log10(low).rounded(.down)), last = Int(log10(high).rounded(.up))
            ticks = (first...max(last, first + 1)).map { pow(10, Double($0)) }
        } else {
            isLogarithmic = false
            ticks = ChartAxis.ticks(upTo: values.filter(\.isFinite).max() ?? 0)
        }
    }

    /// A linear axis with round ticks from at or below the smallest of `values` to at or above the
    /// largest (non-finite ones ignored); from 0 when none is negative and the smallest is under half
    /// the largest, so a small change does not look like a large one.
    init(spanning values: [Double]) {
        isLogarithmic = false
        let finite = values.filter(\.isFinite)
        guard var low = finite.min(), let high = finite.max() else {
            ticks = [0, 1]
            return
        }
        if low >= 0, low < high / 2 { low = 0 }
        guard high > low else {
            ticks = high == 0 ? [0, 1] : ChartAxis.ticks(from: low - abs(low) / 10, to: high + abs(high) / 10)
            return
        }
        ticks = ChartAxis.ticks(from: low, to: high)
    }

    /// Where `value` falls along the axis, 0 at its start and 1 at its end.
    func position(of value: Double) -> Double {
        guard let first = ticks.first, let last = ticks.last, last > first else { return 0 }
        guard isLogarithmic else { return max(0, value - first) / (last - first) }
        guard value > 0 else { return 0 }
        return max(0, (log10(value) - log10(first)) / (log10(last) - log10(first)))
    }

    /// Round tick values from 0 to at least `maximum`: steps of 1, 2 or 5 × 10ⁿ, about five of them.
    static func ticks(upTo maximum: Double) -> [Double] {
        guard maximum > 0, maximum.isFinite else { return [0, 1] }
        let rough = maximum / 5
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        let count = Int((maximum / step).rounded(.up))
        return (0...max(1, count)).map { Double($0) * step }
    }

    /// Round tick values from at or below `minimum` to at or above `maximum` (`minimum` < `maximum`):
    /// steps of 1, 2 or 5 × 10ⁿ, about five of them.
    static func ticks(from minimum: Double, to maximum: Double) -> [Double] {
        let rough = (maximum - minimum) / 5
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        let first = (minimum / step).rounded(.down), last = (maximum / step).rounded(.up)
        return stride(from: first, through: max(last, first + 1), by: 1).map { $0 * step }
    }

    /// The label of each tick: `label(_:)`'s, unless two would read the same (a narrow range far
    /// from 0, such as 26.70 to 26.90 MiB), then as many decimals as the step between ticks needs.
    var tickLabels: [String] {
        let short = ticks.map(ChartAxis.label)
        guard !isLogarithmic, Set(short).count < short.count, ticks.count > 1 else { return short }
        let decimals = max(0, Int((-log10(ticks[1] - ticks[0])).rounded(.up)))
        return ticks.map { String(format: "%.\(decimals)f", $0) }
    }

    /// A tick's label: short, with no more digits than a tick needs.
    static func label(_ value: Double) -> String {
        if value == 0 { return "0" }
        if abs(value) >= 1e6 { return String(format: "%.0e", value).replacingOccurrences(of: "e+0", with: "e") }
        if abs(value) >= 100 { return String(format: "%.0f", value) }
        if abs(value) >= 1 { return String(format: "%.3g", value) }
        return String(format: "%.2g", value)
    }
}

import Foundation
import MotionBench

/// A horizontal grouped bar chart as a self-contained SVG file: one group per category, one bar per
/// series, an axis with round ticks, a legend, and "missing" written where a figure is absent.
/// When the positive values span more than a factor of 100 (57 ns beside 1.9 ms), the axis is
/// logarithmic with a tick per decade, so the small bars stay visible; the axis label says so.
public struct BarChart {
    /// One coloured set of bars.
    public struct Series {
        /// Legend text.
        public var name: String
        /// One value per category; nil draws "missing".
        public var values: [Double?]

        /// Creates a series.
        public init(name: String, values: [Double?]) {
            self.name = name
            self.values = values
        }
    }

    /// Heading above the chart.
    public var title: String
    /// The value axis's label, with its unit.
    public var axisLabel: String
    /// Group labels, top to bottom.
    public var categories: [String]
    /// The series, each with a value per category.
    public var series: [Series]

    /// Creates a chart.
    public init(title: String, axisLabel: String, categories: [String], series: [Series]) {
        self.title = title
        self.axisLabel = axisLabel
        self.categories = categories
        self.series = series
    }

    private static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1"]
    private static let barHeight = 14.0
    private static let groupGap = 10.0
    private static let plotWidth = 420.0

    /// The SVG text.
    public func svg() -> String {
        let labelWidth = Double(categories.map(\.count).max() ?? 0) * 6.6 + 16
        let legendHeight = 18.0 * Double(series.count)
        let top = 34 + legendHeight
        let groupHeight = Double(series.count) * Self.barHeight + Self.groupGap
        let plotHeight = Double(categories.count) * groupHeight
        let width = labelWidth + Self.plotWidth + 90
        let height = top + plotHeight + 48
        let axis = Axis(values: series.flatMap { $0.values.compactMap { $0 } })

        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
        viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(Int(width / 2))" y="18" text-anchor="middle" font-size="14" font-weight="bold">\(Self.escape(title))</text>

        """
        for (index, entry) in series.enumerated() {
            let y = 30 + 18 * Double(index)
            out += "<rect x=\"\(Self.n(labelWidth))\" y=\"\(Self.n(y))\" width=\"12\" height=\"12\" fill=\"\(Self.color(index))\"/>"
            out += "<text x=\"\(Self.n(labelWidth + 18))\" y=\"\(Self.n(y + 10))\">\(Self.escape(entry.name))</text>\n"
        }
        for tick in axis.ticks {
            let x = labelWidth + axis.position(of: tick) * Self.plotWidth
            out += "<line x1=\"\(Self.n(x))\" y1=\"\(Self.n(top))\" x2=\"\(Self.n(x))\" y2=\"\(Self.n(top + plotHeight))\" stroke=\"#ddd\"/>"
            out += "<text x=\"\(Self.n(x))\" y=\"\(Self.n(top + plotHeight + 14))\" text-anchor=\"middle\">\(Self.tickLabel(tick))</text>\n"
        }
        out += "<line x1=\"\(Self.n(labelWidth))\" y1=\"\(Self.n(top))\" x2=\"\(Self.n(labelWidth))\" y2=\"\(Self.n(top + plotHeight))\" stroke=\"#333\"/>\n"
        out += "<text x=\"\(Self.n(labelWidth + Self.plotWidth / 2))\" y=\"\(Self.n(top + plotHeight + 34))\" text-anchor=\"middle\">\(Self.escape(axisLabel + (axis.isLogarithmic ? " (log scale)" : "")))</text>\n"
        for (row, category) in categories.enumerated() {
            let groupTop = top + Double(row) * groupHeight + Self.groupGap / 2
            let middle = groupTop + Double(series.count) * Self.barHeight / 2
            out += "<text x=\"\(Self.n(labelWidth - 6))\" y=\"\(Self.n(middle + 4))\" text-anchor=\"end\">\(Self.escape(category))</text>\n"
            for (index, entry) in series.enumerated() {
                let y = groupTop + Double(index) * Self.barHeight
                guard row < entry.values.count, let value = entry.values[row], value.isFinite else {
                    out += "<text x=\"\(Self.n(labelWidth + 4))\" y=\"\(Self.n(y + 11))\" fill=\"#888\">missing</text>\n"
                    continue
                }
                let barWidth = axis.position(of: value) * Self.plotWidth
                out += "<rect x=\"\(Self.n(labelWidth))\" y=\"\(Self.n(y + 1))\" width=\"\(Self.n(barWidth))\" height=\"\(Self.n(Self.barHeight - 2))\" fill=\"\(Self.color(index))\">"
                out += "<title>\(Self.escape(entry.name)): \(Format.significant(value, 4))</title></rect>"
                out += "<text x=\"\(Self.n(labelWidth + barWidth + 4))\" y=\"\(Self.n(y + 11))\">\(Format.significant(value, 3))</text>\n"
            }
        }
        return out + "</svg>\n"
    }

    /// The value axis: linear from 0 with round ticks, or logarithmic by decades.
    struct Axis {
        let ticks: [Double]
        let isLogarithmic: Bool

        init(values: [Double]) {
            let positive = values.filter { $0 > 0 && $0.isFinite }
            if let low = positive.min(), let high = positive.max(), high / low > 100 {
                isLogarithmic = true
                let first = Int(log10(low).rounded(.down)), last = Int(log10(high).rounded(.up))
                ticks = (first...max(last, first + 1)).map { pow(10, Double($0)) }
            } else {
                isLogarithmic = false
                ticks = BarChart.ticks(upTo: values.filter(\.isFinite).max() ?? 0)
            }
        }

        /// Where `value` falls along the axis, 0 at its start and 1 at its end.
        func position(of value: Double) -> Double {
            guard let first = ticks.first, let last = ticks.last, last > first else { return 0 }
            guard isLogarithmic else { return max(0, value) / last }
            guard value > 0 else { return 0 }
            return max(0, (log10(value) - log10(first)) / (log10(last) - log10(first)))
        }
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

    static func tickLabel(_ value: Double) -> String {
        if value == 0 { return "0" }
        if abs(value) >= 1e6 { return String(format: "%.0e", value).replacingOccurrences(of: "e+0", with: "e") }
        if abs(value) >= 100 { return String(format: "%.0f", value) }
        if abs(value) >= 1 { return String(format: "%.3g", value) }
        return String(format: "%.2g", value)
    }

    private static func color(_ index: Int) -> String { palette[index % palette.count] }
    private static func n(_ value: Double) -> String { String(format: "%.1f", value) }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

import Foundation

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
        let axis = ChartAxis(values: series.flatMap { $0.values.compactMap { $0 } })

        var out = SVGText.header(width: width, height: height, title: title)
        for (index, entry) in series.enumerated() {
            let y = 30 + 18 * Double(index)
            out += "<rect x=\"\(Self.n(labelWidth))\" y=\"\(Self.n(y))\" width=\"12\" height=\"12\" fill=\"\(Self.color(index))\"/>"
            out += "<text x=\"\(Self.n(labelWidth + 18))\" y=\"\(Self.n(y + 10))\">\(Self.escape(entry.name))</text>\n"
        }
        for tick in axis.ticks {
            let x = labelWidth + axis.position(of: tick) * Self.plotWidth
            out += "<line x1=\"\(Self.n(x))\" y1=\"\(Self.n(top))\" x2=\"\(Self.n(x))\" y2=\"\(Self.n(top + plotHeight))\" stroke=\"#ddd\"/>"
            out += "<text x=\"\(Self.n(x))\" y=\"\(Self.n(top + plotHeight + 14))\" text-anchor=\"middle\">\(ChartAxis.label(tick))</text>\n"
        }
        out +=
            "<line x1=\"\(Self.n(labelWidth))\" y1=\"\(Self.n(top))\" x2=\"\(Self.n(labelWidth))\" y2=\"\(Self.n(top + plotHeight))\" stroke=\"#333\"/>\n"
        out +=
            "<text x=\"\(Self.n(labelWidth + Self.plotWidth / 2))\" y=\"\(Self.n(top + plotHeight + 34))\" text-anchor=\"middle\">\(Self.escape(axisLabel + (axis.isLogarithmic ? " (log scale)" : "")))</text>\n"
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
                out +=
                    "<rect x=\"\(Self.n(labelWidth))\" y=\"\(Self.n(y + 1))\" width=\"\(Self.n(barWidth))\" height=\"\(Self.n(Self.barHeight - 2))\" fill=\"\(Self.color(index))\">"
                out += "<title>\(Self.escape(entry.name)): \(Format.significant(value, 4))</title></rect>"
                out += "<text x=\"\(Self.n(labelWidth + barWidth + 4))\" y=\"\(Self.n(y + 11))\">\(Format.significant(value, 3))</text>\n"
            }
        }
        return out + "</svg>\n"
    }

    private static func color(_ index: Int) -> String { palette[index % palette.count] }
    private static func n(_ value: Double) -> String { SVGText.n(value) }
    private static func escape(_ text: String) -> String { SVGText.escape(text) }
}

import Foundation

/// A scatter plot as a self-contained SVG file: each point labelled, the highlighted ones filled and
/// joined left to right (a Pareto front), and dashed horizontal lines for figures that have a value
/// but no position along x (an estimator whose cost cannot be measured). Either axis turns
/// logarithmic when its values span more than a factor of 100 (see `ChartAxis`).
public struct ScatterChart {
    /// One plotted point.
    public struct Point {
        /// Text beside the point.
        public var label: String
        /// Position along x.
        public var x: Double
        /// Position along y.
        public var y: Double
        /// Drawn filled and joined to the other highlighted points.
        public var isHighlighted: Bool

        /// Creates a point.
        public init(label: String, x: Double, y: Double, isHighlighted: Bool) {
            self.label = label
            self.x = x
            self.y = y
            self.isHighlighted = isHighlighted
        }
    }

    /// A value with no x: a dashed line across the plot at `y`.
    public struct ReferenceLine {
        /// Text at the line's right end.
        public var label: String
        /// Height of the line.
        public var y: Double

        /// Creates a line.
        public init(label: String, y: Double) {
            self.label = label
            self.y = y
        }
    }

    /// Heading above the chart.
    public var title: String
    /// The x axis's label, with its unit.
    public var xLabel: String
    /// The y axis's label, with its unit.
    public var yLabel: String
    /// The points (non-finite ones are left out).
    public var points: [Point]
    /// The reference lines.
    public var lines: [ReferenceLine]

    /// Creates a chart.
    public init(title: String, xLabel: String, yLabel: String, points: [Point], lines: [ReferenceLine] = []) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.points = points.filter { $0.x.isFinite && $0.y.isFinite }
        self.lines = lines.filter { $0.y.isFinite }
    }

    private static let left = 64.0
    private static let top = 40.0
    private static let plotWidth = 460.0
    private static let plotHeight = 300.0
    private static let labelSpace = 190.0

    /// The SVG text.
    public func svg() -> String {
        let width = Self.left + Self.plotWidth + Self.labelSpace
        let height = Self.top + Self.plotHeight + 52
        let area = PlotArea(
            left: Self.left, top: Self.top, width: Self.plotWidth, height: Self.plotHeight,
            xAxis: ChartAxis(values: points.map(\.x)), yAxis: ChartAxis(values: points.map(\.y) + lines.map(\.y)))
        let x = area.x, y = area.y
        var out = SVGText.header(width: width, height: height, title: title) + area.axes(xLabel: xLabel, yLabel: yLabel)
        for line in lines {
            out +=
                "<line x1=\"\(n(Self.left))\" y1=\"\(n(y(line.y)))\" x2=\"\(n(Self.left + Self.plotWidth))\" y2=\"\(n(y(line.y)))\" stroke=\"#e15759\" stroke-dasharray=\"6 4\"/>"
            out +=
                "<text x=\"\(n(Self.left + Self.plotWidth + 6))\" y=\"\(n(y(line.y) + 4))\" fill=\"#e15759\">\(SVGText.escape(line.label)): \(Format.significant(line.y, 3))</text>\n"
        }
        let front = points.filter(\.isHighlighted).sorted { $0.x < $1.x }
        if front.count > 1 {
            out +=
                "<polyline points=\"\(front.map { "\(n(x($0.x))),\(n(y($0.y)))" }.joined(separator: " "))\" fill=\"none\" stroke=\"#4e79a7\" stroke-width=\"1.5\"/>\n"
        }
        for point in points {
            let fill = point.isHighlighted ? "#4e79a7" : "white"
            out += "<circle cx=\"\(n(x(point.x)))\" cy=\"\(n(y(point.y)))\" r=\"4\" fill=\"\(fill)\" stroke=\"#4e79a7\" stroke-width=\"1.5\">"
            out += "<title>\(SVGText.escape(point.label)): \(Format.significant(point.x, 4)), \(Format.significant(point.y, 4))</title></circle>\n"
        }
        for label in Self.placeLabels(points.map { (text: $0.label, x: x($0.x), y: y($0.y)) }) {
            out += "<text x=\"\(n(label.x))\" y=\"\(n(label.y))\">\(SVGText.escape(label.text))</text>\n"
        }
        return out + "</svg>\n"
    }

    /// Where each point's label goes, so that no two overlap: points drawn at the same place share one
    /// label, their labels joined; each label sits just above and right of its point, or, where that
    /// is taken (by a label or another point), the nearest free line above or below it.
    static func placeLabels(_ points: [(text: String, x: Double, y: Double)]) -> [(text: String, x: Double, y: Double)] {
        var spots: [(texts: [String], x: Double, y: Double)] = []
        for point in points {
            if let index = spots.firstIndex(where: { abs($0.x - point.x) < 1 && abs($0.y - point.y) < 1 }) {
                spots[index].texts.append(point.text)
            } else {
                spots.append(([point.text], point.x, point.y))
            }
        }
        let lineHeight = 13.0, characterWidth = 6.2
        var placed: [(text: String, x: Double, y: Double)] = []
        // A label's text spans from its baseline up about a line; it must cover neither another label
        // nor another point's marker.
        func overlaps(_ x: Double, _ y: Double, _ width: Double) -> Bool {
            placed.contains { other in
                abs(other.y - y) < lineHeight && x < other.x + Double(other.text.count) * characterWidth && other.x < x + width
            }
                || spots.contains { spot in spot.x + 4 > x && spot.x - 4 < x + width && spot.y + 4 > y - lineHeight + 3 && spot.y - 4 < y + 3 }
        }
        for spot in spots {
            let text = spot.texts.joined(separator: ", ")
            let x = spot.x + 7, width = Double(text.count) * characterWidth
            var y = spot.y - 5
            for step in 1...20 where overlaps(x, y, width) {
                let above = spot.y - 5 - Double(step) * lineHeight, below = spot.y - 5 + Double(step) * lineHeight
                y = overlaps(x, above, width) ? below : above
            }
            placed.append((text, x, y))
        }
        return placed
    }

    private func n(_ value: Double) -> String { SVGText.n(value) }
}

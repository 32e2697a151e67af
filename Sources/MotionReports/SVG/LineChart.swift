import Foundation

/// Lines over time as a self-contained SVG file: one coloured (or dashed) line per series, round
/// ticks on both axes, the axes' labels with units and a legend. A series breaks its line at a
/// missing value, and where it wraps (a heading going from 359° to 1°) when `wrapsAt` is set.
public struct LineChart {
    /// One line.
    public struct Series {
        /// Legend text.
        public var name: String
        /// The points, in x order; a nil y breaks the line.
        public var points: [(x: Double, y: Double?)]
        /// Drawn dashed (the truth beside the estimates).
        public var isDashed: Bool

        /// Creates a series.
        public init(name: String, points: [(x: Double, y: Double?)], isDashed: Bool = false) {
            self.name = name
            self.points = points
            self.isDashed = isDashed
        }
    }

    /// Heading above the chart.
    public var title: String
    /// The x axis's label, with its unit.
    public var xLabel: String
    /// The y axis's label, with its unit.
    public var yLabel: String
    /// The lines.
    public var series: [Series]
    /// A y range the values wrap around (360 for headings); nil when they do not.
    public var wrapsAt: Double?

    /// Creates a chart.
    public init(title: String, xLabel: String, yLabel: String, series: [Series], wrapsAt: Double? = nil) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
        self.wrapsAt = wrapsAt
    }

    private static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1", "#edc948", "#9c755f"]
    private static let left = 64.0
    private static let plotWidth = 560.0
    private static let plotHeight = 260.0
    /// Points drawn per series at most: more than a plot this wide can show.
    static let maximumPoints = 1_000

    /// The SVG text.
    public func svg() -> String {
        let legendHeight = 16.0 * Double(series.count)
        let top = 34 + legendHeight
        let width = Self.left + Self.plotWidth + 24
        let height = top + Self.plotHeight + 52
        let finite = series.flatMap { $0.points.filter { $0.x.isFinite && ($0.y?.isFinite ?? false) } }
        let area = PlotArea(
            left: Self.left, top: top, width: Self.plotWidth, height: Self.plotHeight,
            xAxis: ChartAxis(spanning: finite.map(\.x)), yAxis: ChartAxis(spanning: finite.compactMap(\.y)))
        var out = SVGText.header(width: width, height: height, title: title)
        for (index, entry) in series.enumerated() {
            let y = 26 + 16 * Double(index)
            out += "<line x1=\"\(SVGText.n(Self.left))\" y1=\"\(SVGText.n(y + 6))\" x2=\"\(SVGText.n(Self.left + 18))\" y2=\"\(SVGText.n(y + 6))\" "
            out +=
                "\(stroke(index, entry))/><text x=\"\(SVGText.n(Self.left + 24))\" y=\"\(SVGText.n(y + 10))\">\(SVGText.escape(entry.name))</text>\n"
        }
        out += area.axes(xLabel: xLabel, yLabel: yLabel)
        for (index, entry) in series.enumerated() {
            out += "<g class=\"series\" data-name=\"\(SVGText.escape(entry.name))\" fill=\"none\" \(stroke(index, entry))>"
            out += "<title>\(SVGText.escape(entry.name))</title>\n"
            for segment in segments(entry.points) where !segment.isEmpty {
                let coordinates = segment.map { "\(SVGText.n(area.x($0.x))),\(SVGText.n(area.y($0.y)))" }
                out += "<polyline points=\"\(coordinates.joined(separator: " "))\"/>\n"
            }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }

    /// A dashed series is dark gray; the others take the palette's colours in order, skipping the
    /// dashed ones, so the same filters get the same colours on a chart with the truth and one without.
    private func stroke(_ index: Int, _ entry: Series) -> String {
        let colorIndex = series[..<index].filter { !$0.isDashed }.count
        let color = entry.isDashed ? "#333" : Self.palette[colorIndex % Self.palette.count]
        return "stroke=\"\(color)\" stroke-width=\"1.2\"" + (entry.isDashed ? " stroke-dasharray=\"5 3\"" : "")
    }

    /// The series' points thinned to at most `maximumPoints` (every k-th), cut into runs with no
    /// missing value and no wrap between neighbours.
    private func segments(_ points: [(x: Double, y: Double?)]) -> [[(x: Double, y: Double)]] {
        let stride = max(1, (points.count + Self.maximumPoints - 1) / Self.maximumPoints)
        var segments: [[(x: Double, y: Double)]] = [[]]
        for index in Swift.stride(from: 0, to: points.count, by: stride) {
            let point = points[index]
            guard point.x.isFinite, let y = point.y, y.isFinite else {
                segments.append([])
                continue
            }
            if let wrapsAt, let previous = segments[segments.count - 1].last, abs(y - previous.y) > wrapsAt / 2 {
                segments.append([])
            }
            segments[segments.count - 1].append((point.x, y))
        }
        return segments
    }
}

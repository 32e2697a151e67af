/// The rectangle of a chart with an x and a y axis (a scatter, a line over time): maps values to
/// coordinates, and draws the grid, the tick labels, the axis lines and the axis labels with units.
struct PlotArea {
    let left: Double
    let top: Double
    let width: Double
    let height: Double
    let xAxis: ChartAxis
    let yAxis: ChartAxis

    var bottom: Double { top + height }
    var right: Double { left + width }

    /// The x coordinate of `value`.
    func x(_ value: Double) -> Double { left + xAxis.position(of: value) * width }
    /// The y coordinate of `value`.
    func y(_ value: Double) -> Double { top + height * (1 - yAxis.position(of: value)) }

    /// Grid lines and labels at every tick, the axes, and their labels ("(log scale)" added to a
    /// logarithmic one's).
    func axes(xLabel: String, yLabel: String) -> String {
        let n = SVGText.n
        var out = ""
        for (tick, label) in zip(xAxis.ticks, xAxis.tickLabels) {
            out += "<line x1=\"\(n(x(tick)))\" y1=\"\(n(top))\" x2=\"\(n(x(tick)))\" y2=\"\(n(bottom))\" stroke=\"#ddd\"/>"
            out += "<text x=\"\(n(x(tick)))\" y=\"\(n(bottom + 14))\" text-anchor=\"middle\">\(label)</text>\n"
        }
        for (tick, label) in zip(yAxis.ticks, yAxis.tickLabels) {
            out += "<line x1=\"\(n(left))\" y1=\"\(n(y(tick)))\" x2=\"\(n(right))\" y2=\"\(n(y(tick)))\" stroke=\"#ddd\"/>"
            out += "<text x=\"\(n(left - 6))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\">\(label)</text>\n"
        }
        out += "<polyline points=\"\(n(left)),\(n(top)) \(n(left)),\(n(bottom)) \(n(right)),\(n(bottom))\" fill=\"none\" stroke=\"#333\"/>\n"
        out +=
            "<text x=\"\(n(left + width / 2))\" y=\"\(n(bottom + 34))\" text-anchor=\"middle\">\(SVGText.escape(xLabel + (xAxis.isLogarithmic ? " (log scale)" : "")))</text>\n"
        out +=
            "<text transform=\"translate(14 \(n(top + height / 2))) rotate(-90)\" text-anchor=\"middle\">\(SVGText.escape(yLabel + (yAxis.isLogarithmic ? " (log scale)" : "")))</text>\n"
        return out
    }
}

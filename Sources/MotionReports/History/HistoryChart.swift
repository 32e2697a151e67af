import MotionResults

/// One series of a history as a self-contained SVG chart: the median at each commit joined by a line
/// (broken where a commit lacks the figure), every repetition as a faint dot behind it, each step a
/// dashed vertical line before its first commit, labelled with its change (red for the worse: a rise,
/// or a fall of an event score; green for the better), and the commits along the axis. Each median is a
/// circle whose `<title>` (the tooltip), `data-commit`, `data-time` and `data-value` give its commit and
/// value, which the page reads on hover.
struct HistoryChart {
    let series: RunHistory.Series
    let commits: [RunHistory.Commit]

    private static let left = 70.0, top = 40.0, plotWidth = 600.0, plotHeight = 220.0, bottom = 70.0
    private static let line = "#4e79a7", worse = "#e15759", better = "#59a14f"

    /// The SVG text.
    func svg() -> String {
        let n = SVGText.n
        let title = "\(HistoryFigures.label(series.subject)): \(series.metric.title)"
        var out = SVGText.header(width: Self.left + Self.plotWidth + 20, height: Self.top + Self.plotHeight + Self.bottom, title: title)
        out = out.replacingOccurrences(of: "<svg ", with: "<svg class=\"history-chart\" data-metric=\"\(series.metric.rawValue)\" ")
        let axis = ChartAxis(spanning: series.values.flatMap { $0 } + series.steps.flatMap { [$0.before, $0.after] })
        let y = { (value: Double) in Self.top + Self.plotHeight * (1 - axis.position(of: value)) }
        let step = Self.plotWidth / Double(max(commits.count, 1))
        let x = { (index: Int) in Self.left + step * (Double(index) + 0.5) }
        let right = Self.left + Self.plotWidth, floor = Self.top + Self.plotHeight

        for (tick, label) in zip(axis.ticks, axis.tickLabels) {
            out += "<line x1=\"\(n(Self.left))\" y1=\"\(n(y(tick)))\" x2=\"\(n(right))\" y2=\"\(n(y(tick)))\" stroke=\"#ddd\"/>"
            out += "<text x=\"\(n(Self.left - 6))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\">\(label)</text>\n"
        }
        // About 20 commit labels at most, so they do not overlap.
        let every = max(1, (commits.count + 19) / 20)
        for index in stride(from: 0, to: commits.count, by: every) {
            out += "<text transform=\"translate(\(n(x(index))) \(n(floor + 10))) rotate(-40)\" text-anchor=\"end\" font-size=\"9\">"
            out += "\(SVGText.escape(commits[index].label))</text>\n"
        }
        out +=
            "<polyline points=\"\(n(Self.left)),\(n(Self.top)) \(n(Self.left)),\(n(floor)) \(n(right)),\(n(floor))\" fill=\"none\" stroke=\"#333\"/>\n"
        out +=
            "<text transform=\"translate(14 \(n(Self.top + Self.plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">\(SVGText.escape(series.metric.title))</text>\n"

        for change in series.steps {
            let color = (change.change > 0) != series.metric.isHigherBetter ? Self.worse : Self.better
            let at = x(change.index) - step / 2
            out +=
                "<g class=\"step\" data-commit=\"\(SVGText.escape(commits[change.index].commit ?? ""))\" data-change=\"\(SVGText.escape(HistoryFigures.change(change)))\">"
            out +=
                "<line x1=\"\(n(at))\" y1=\"\(n(Self.top))\" x2=\"\(n(at))\" y2=\"\(n(floor))\" stroke=\"\(color)\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
            out += "<text x=\"\(n(at + 3))\" y=\"\(n(Self.top + 10))\" fill=\"\(color)\">\(SVGText.escape(HistoryFigures.change(change)))</text>"
            out += "<title>step at \(SVGText.escape(HistoryFigures.commit(commits[change.index]))): \(HistoryFigures.number(change.before)) → "
            out +=
                "\(HistoryFigures.number(change.after)), \(SVGText.escape(HistoryFigures.change(change))), \(HistoryFigures.sureness(change))</title></g>\n"
        }
        out += "<g fill=\"#999\" fill-opacity=\"0.5\">"
        for (index, values) in series.values.enumerated() where values.count > 1 {
            for value in values { out += "<circle cx=\"\(n(x(index)))\" cy=\"\(n(y(value)))\" r=\"1.5\"/>" }
        }
        out += "</g>\n"
        let medians = series.medians
        var segment: [String] = []
        var lines: [[String]] = []
        for (index, median) in medians.enumerated() {
            if let median {
                segment.append("\(n(x(index))),\(n(y(median)))")
            } else if !segment.isEmpty {
                lines.append(segment)
                segment = []
            }
        }
        if !segment.isEmpty { lines.append(segment) }
        for points in lines {
            out += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(Self.line)\" stroke-width=\"1.5\"/>\n"
        }
        for (index, median) in medians.enumerated() {
            guard let median else { continue }
            let commit = commits[index]
            out += "<circle class=\"point\" cx=\"\(n(x(index)))\" cy=\"\(n(y(median)))\" r=\"3\" fill=\"\(Self.line)\" "
            out += "data-commit=\"\(SVGText.escape(commit.commit ?? "no commit"))\" data-time=\"\(HistoryFigures.time(commit.time))\" "
            out += "data-value=\"\(HistoryFigures.number(median))\"><title>\(SVGText.escape(HistoryFigures.commit(commit))): "
            out += "\(HistoryFigures.number(median)) \(SVGText.escape(series.metric.unit))</title></circle>\n"
        }
        return out + "</svg>\n"
    }
}

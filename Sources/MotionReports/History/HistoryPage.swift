import MotionResults

/// A history as one self-contained HTML page, as asv's published site or github-action-benchmark's
/// dashboard show one: a chart per case and metric over the commits (`HistoryChart`, inline), the
/// steps marked and listed, the commit and value of a point on hover, and a filter by workload (also
/// read from the address: `history.html#workload=heading`). Everything is inline (styles, SVG,
/// script): it loads nothing, so it opens from a CI artifact or a file with no network.
public enum HistoryPage {
    /// The page's file name.
    public static let fileName = "history.html"

    /// The HTML text.
    public static func render(_ history: RunHistory) -> String {
        let runs = history.commits.reduce(0) { $0 + $1.runs.count }
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>motionbench history</title>
            <style>
            [hidden] { display: none !important; }
            body { font-family: Helvetica, Arial, sans-serif; margin: 24px; color: #222; }
            table { border-collapse: collapse; margin-bottom: 16px; }
            th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; font-size: 13px; }
            section.series { display: inline-block; vertical-align: top; margin: 0 12px 12px 0; }
            section.series h3 { font-size: 13px; margin: 4px 0; }
            #tip { position: absolute; background: #222; color: #fff; padding: 4px 8px; border-radius: 3px; font-size: 12px; pointer-events: none; }
            circle.point:hover { r: 5; }
            </style>
            </head>
            <body>
            <h1>motionbench history</h1>

            """
        let commits = history.commits.count
        out +=
            "<p id=\"summary\">\(runs) run\(runs == 1 ? "" : "s") at \(commits) commit\(commits == 1 ? "" : "s"), \(history.series.count) series. Environment: "
        out += history.environment.map { "\(escape($0.name)) <code>\(escape($0.value))</code>" }.joined(separator: ", ") + ".</p>\n"
        out += "<p><label>Workload <select id=\"workload\"><option value=\"\">all</option></select></label> <span id=\"shown\"></span></p>\n"
        out += steps(history)
        if !history.excluded.isEmpty {
            out += "<h2>Left out</h2>\n<table id=\"excluded\"><tr><th>Run</th><th>Why</th></tr>\n"
            out += history.excluded.map { "<tr><td><code>\(escape($0.path))</code></td><td>\(escape($0.reason))</td></tr>\n" }.joined() + "</table>\n"
        }
        out += "<h2>Trends</h2>\n<div id=\"charts\">\n"
        for series in history.series {
            out += "<section class=\"series\" data-workload=\"\(escape(series.subject.workload))\" data-case=\"\(escape(series.name))\" "
            out += "data-metric=\"\(series.metric.rawValue)\" data-unit=\"\(escape(series.metric.unit))\">\n"
            out += HistoryChart(series: series, commits: history.commits).svg()
            out += "</section>\n"
        }
        out += "</div>\n<div id=\"tip\" hidden></div>\n<script>\n\(script)</script>\n</body>\n</html>\n"
        return out
    }

    private static func steps(_ history: RunHistory) -> String {
        let found = history.series.flatMap { series in series.steps.map { (series, $0) } }
        var out = "<h2>Steps</h2>\n"
        guard !found.isEmpty else { return out + "<p id=\"no-steps\">No step found in \(history.series.count) series.</p>\n" }
        let flagged = found.filter { $0.0.isFlagged($0.1) }.count
        out += "<p id=\"step-count\">\(found.count) step\(found.count == 1 ? "" : "s"), \(flagged) flagged as a regression.</p>\n"
        out += "<table id=\"steps\"><tr><th>Case</th><th>Metric</th><th>First commit on the new level</th><th>Before</th><th>After</th>"
        out += "<th>Change</th><th>Interval</th><th>How sure</th><th>Regression</th></tr>\n"
        for (series, step) in found {
            let commit = history.commits[step.index]
            out += "<tr data-workload=\"\(escape(series.subject.workload))\" data-commit=\"\(escape(commit.commit ?? ""))\" "
            out += "data-flagged=\"\(series.isFlagged(step))\"><td>\(escape(HistoryFigures.label(series.subject)))</td>"
            out += "<td>\(escape(series.metric.title))</td><td>\(escape(HistoryFigures.commit(commit)))</td>"
            out += "<td>\(HistoryFigures.number(step.before))</td><td>\(HistoryFigures.number(step.after))</td>"
            out += "<td>\(escape(HistoryFigures.change(step)))</td><td>\(escape(HistoryFigures.interval(step)))</td>"
            out += "<td>\(escape(HistoryFigures.sureness(step)))</td><td>\(HistoryFigures.flag(step, in: series))</td></tr>\n"
        }
        return out + "</table>\n"
    }

    /// The filter (options from the charts' workloads, the choice kept in the address) and the tooltip;
    /// `data-ready` on the body says it ran.
    private static let script = """
        (function () {
          var sections = Array.prototype.slice.call(document.querySelectorAll('section.series'));
          var rows = Array.prototype.slice.call(document.querySelectorAll('#steps tr[data-workload]'));
          var select = document.getElementById('workload');
          var names = [];
          sections.forEach(function (s) { if (names.indexOf(s.dataset.workload) < 0) names.push(s.dataset.workload); });
          names.sort().forEach(function (name) {
            var option = document.createElement('option');
            option.value = name;
            option.textContent = name;
            select.appendChild(option);
          });
          function apply() {
            var chosen = select.value, shown = 0;
            sections.forEach(function (s) { s.hidden = chosen !== '' && s.dataset.workload !== chosen; });
            rows.forEach(function (r) { r.hidden = chosen !== '' && r.dataset.workload !== chosen; });
            // Counted from the layout, so what the count says is what is drawn.
            sections.forEach(function (s) { if (s.getClientRects().length > 0) shown++; });
            document.getElementById('shown').textContent = shown + ' of ' + sections.length + ' charts';
          }
          select.addEventListener('change', function () {
            apply();
            location.hash = select.value ? 'workload=' + encodeURIComponent(select.value) : '';
          });
          var asked = /workload=([^&]+)/.exec(location.hash);
          if (asked && names.indexOf(decodeURIComponent(asked[1])) >= 0) select.value = decodeURIComponent(asked[1]);
          apply();
          var tip = document.getElementById('tip');
          document.addEventListener('mouseover', function (event) {
            var point = event.target.closest ? event.target.closest('circle.point') : null;
            if (!point) { tip.hidden = true; return; }
            var unit = point.closest('section.series').dataset.unit;
            tip.textContent = point.dataset.commit.slice(0, 12) + ' · ' + point.dataset.time + ' · ' + point.dataset.value + ' ' + unit;
            tip.style.left = (event.pageX + 12) + 'px';
            tip.style.top = (event.pageY + 12) + 'px';
            tip.hidden = false;
          });
          document.body.dataset.ready = 'true';
        })();

        """

    /// Text safe in an element or an attribute.
    static func escape(_ text: String) -> String { SVGText.escape(text) }
}

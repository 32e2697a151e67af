import MotionResults

/// The report's accuracy-against-cost section: per workload, each scored filter × rate (and each
/// recorded competitor) with its CPU cost and its errors or its detected events' scores, the
/// Pareto-best marked ★.
enum AccuracyReport {
    /// The Markdown section, empty when nothing was scored; `charts` are the accuracy charts written.
    static func render(_ run: RunResult, charts: [ReportChart]) -> String {
        let groups = AccuracyCost.grouped(run)
        guard !groups.isEmpty else { return "" }
        var out = "## Accuracy against cost\n\n"
        out += "Each estimator's outputs against the source's truth over the scored stretch (the first "
        out +=
            "\(Format.hertz(AccuracyResult.defaultSettleSeconds)) s left for filters to settle). Cost is the median CPU ns per sample tick in virtual time, "
        out += "and the cost per second that rows are ranked by: the workload's CPU % of one core measured in real time, wake-ups included, "
        out += "or, for a case the run has no real-time figure of, the CPU % virtual time projects (each row says which). "
        out += "A recorded estimate (a phone's own) has no cost here. "
        out += "★ marks the Pareto-best: no other row is as cheap per second and as accurate and better at one.\n\n"
        for group in groups {
            out += "### \(group.workload)\n\n"
            let rows = group.rows
            if rows.contains(where: { $0.result.measures.attitude != nil }) { out += attitudeTable(rows) }
            if rows.contains(where: { $0.result.measures.steps != nil }) { out += stepsTable(rows) }
            if rows.contains(where: { $0.result.measures.altitude != nil }) { out += altitudeTable(rows) }
            if rows.contains(where: { $0.result.measures.events != nil }) { out += eventsTable(rows) }
            for chart in charts where chart.kind == .accuracy(workload: group.workload) {
                out += "![\(chart.title)](\(chart.fileName))\n\n"
            }
        }
        return out
    }

    private static func attitudeTable(_ rows: [AccuracyCost]) -> String {
        var out =
            "Attitude error in degrees: total, tilt and heading (median / p95 / RMS), after the yaw offset and time shift fitted for each estimator.\n\n"
        out +=
            "| Filter | Rate (Hz) | CPU ns/sample | CPU % (per second) | Total median | Total p95 | Total RMS | Tilt median | Tilt p95 | Heading median | Heading p95 | Yaw offset | Shift (ms) | Best |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:-:|\n"
        for row in rows {
            guard let attitude = row.result.measures.attitude else { continue }
            out += prefix(row)
            out += [
                attitude.total.median, attitude.total.p95, attitude.total.rms, attitude.tilt.median, attitude.tilt.p95,
                attitude.heading.median, attitude.heading.p95,
            ].map { MarkdownReport.cell($0, 2) }.joined(separator: " | ")
            out +=
                " | \(MarkdownReport.cell(attitude.yawOffsetDegrees, 1)) | \(MarkdownReport.cell(attitude.timeShiftSeconds * 1000, 0)) | \(row.isParetoBest ? "★" : "") |\n"
        }
        return out + "\n"
    }

    private static func stepsTable(_ rows: [AccuracyCost]) -> String {
        var out = "| Filter | Rate (Hz) | CPU ns/sample | CPU % (per second) | Steps counted | Steps taken | Error | Error % | Best |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|:-:|\n"
        for row in rows {
            guard let steps = row.result.measures.steps else { continue }
            out +=
                prefix(row)
                + "\(steps.estimated) | \(steps.truth) | \(steps.error) | \(MarkdownReport.cell(steps.errorPercent, 1)) | \(row.isParetoBest ? "★" : "") |\n"
        }
        return out + "\n"
    }

    private static func altitudeTable(_ rows: [AccuracyCost]) -> String {
        var out = "Relative altitude error in metres.\n\n"
        out += "| Filter | Rate (Hz) | CPU ns/sample | CPU % (per second) | Median | p95 | RMS | Max | Best |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|:-:|\n"
        for row in rows {
            guard let altitude = row.result.measures.altitude else { continue }
            out +=
                prefix(row)
                + [altitude.median, altitude.p95, altitude.rms, altitude.maximum].map { MarkdownReport.cell($0, 3) }.joined(separator: " | ")
            out += " | \(row.isParetoBest ? "★" : "") |\n"
        }
        return out + "\n"
    }

    private static func eventsTable(_ rows: [AccuracyCost]) -> String {
        var out = "Detected events against the labelled truth, a row per label: a detection matches one true event if it comes within the "
        out += "window (seconds ahead of its start / past its end; a state matches by overlapping at least half of the shorter); "
        out += "precision is the share of detections that were true, recall the share of true events detected, F1 their harmonic mean, "
        out +=
            "latency the time from the true start to the detection; time right, for a state, the share of time the detections agreed with the truth.\n\n"
        out += "| Filter | Rate (Hz) | CPU ns/sample | CPU % (per second) | Event | True | Detected | Missed | False | Precision | Recall | F1 "
        out += "| Latency median (ms) | Latency p95 (ms) | Window (s) | Time right | Best |\n"
        out += "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:-:|\n"
        for row in rows {
            for event in row.result.measures.events ?? [] {
                let window =
                    event.toleranceBeforeSeconds.map { before in
                        "−\(Format.hertz(before)) / +\(Format.hertz(event.toleranceAfterSeconds ?? 0))"
                    } ?? "overlap"
                out += prefix(row) + "\(event.label) | \(event.truthCount) | \(event.detectedCount) | \(event.misses) | \(event.falseDetections) | "
                out += [event.precision, event.recall, event.f1].map { MarkdownReport.cell($0, 3) }.joined(separator: " | ")
                out +=
                    " | \(MarkdownReport.cell(event.latency.map { $0.median * 1000 }, 0)) | \(MarkdownReport.cell(event.latency.map { $0.p95 * 1000 }, 0))"
                out += " | \(window) | \(MarkdownReport.cell(event.timeRight, 3)) | \(row.isParetoBest ? "★" : "") |\n"
            }
        }
        return out + "\n"
    }

    /// The filter (with parameters; a competitor in italics), rate and cost cells, each followed by ` | `.
    private static func prefix(_ row: AccuracyCost) -> String {
        let result = row.result
        let name =
            result.recordedEstimate == nil
            ? (result.parameters.isEmpty ? result.filter : "\(result.filter) · \(CaseIdentity.parameterText(result.parameters))")
            : "*\(result.filter)* (recorded)"
        let rate =
            result.recordedTiming
            ? "native \(Format.significant(result.rateHz, 4))"
            : result.recordedEstimate == nil ? Format.hertz(result.rateHz) : Format.fixed(result.rateHz, 1)
        let perSecond = row.cpuPct.map { "\(MarkdownReport.share($0)) (\(row.costBasis!.rawValue))" } ?? "—"
        return "| \(name) | \(rate) | \(MarkdownReport.cell(row.cpuNsPerSample, 1)) | \(perSecond) | "
    }
}

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
        out += "\(Format.hertz(AccuracyResult.defaultSettleSeconds)) s left for filters to settle). "
        out += "**CPU ns/sample** is the median CPU time per sample tick in virtual time. **Cost per second** is what rows are ranked by, "
        out += "in a figure that holds still from run to run: instructions per second where every row of the workload counted them, "
        out += "else CPU µs per simulated second in virtual time, else CPU µs per second of real time above the wake floor. "
        out += "A recorded estimate (a phone's own) has no cost here. "
        out += "**Best**: ★ marks the Pareto-best, which no other row matches or beats in cost per second, heap peak and accuracy while "
        out += "beating it in one; costs count as different only beyond what the run resolves (instructions: "
        out += "\(Format.hertz(ComparedMetric.instructionsPerSample.defaultTolerance.relativePct)) %; virtual time: "
        out += "a factor of \(Format.hertz(TimingResolution.singleRunFactor)) with one run, or with \(ComparisonSettings.minimumRepetitionsForTest) "
        out += "repetitions the Mann-Whitney U test and \(Format.hertz(ComparedMetric.cpuNsPerSample.defaultTolerance.relativePct)) %; "
        out += "above the wake floor: the figures' resolutions), the heap peak beyond "
        out += "\(Format.hertz(ComparedMetric.heapPeakBytes.defaultTolerance.absolute)) bytes, the accuracy (exact) by any amount. "
        out += "? marks a row the run cannot place: whether it is best depends on a difference within half as much again as "
        out += "its resolution (more repetitions, or instruction counts, settle it).\n\n"
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
            "| Filter | Rate (Hz) | CPU ns/sample | \(costHeader(rows)) | Total median | Total p95 | Total RMS | Tilt median | Tilt p95 | Heading median | Heading p95 | Yaw offset | Shift (ms) | Best |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:-:|\n"
        for row in rows {
            guard let attitude = row.result.measures.attitude else { continue }
            out += prefix(row)
            out += [
                attitude.total.median, attitude.total.p95, attitude.total.rms, attitude.tilt.median, attitude.tilt.p95,
                attitude.heading.median, attitude.heading.p95,
            ].map { MarkdownReport.cell($0, 2) }.joined(separator: " | ")
            out +=
                " | \(MarkdownReport.cell(attitude.yawOffsetDegrees, 1)) | \(MarkdownReport.cell(attitude.timeShiftSeconds * 1000, 0)) | \(row.standing.mark) |\n"
        }
        return out + "\n"
    }

    private static func stepsTable(_ rows: [AccuracyCost]) -> String {
        var out = "| Filter | Rate (Hz) | CPU ns/sample | \(costHeader(rows)) | Steps counted | Steps taken | Error | Error % | Best |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|:-:|\n"
        for row in rows {
            guard let steps = row.result.measures.steps else { continue }
            out +=
                prefix(row)
                + "\(steps.estimated) | \(steps.truth) | \(steps.error) | \(MarkdownReport.cell(steps.errorPercent, 1)) | \(row.standing.mark) |\n"
        }
        return out + "\n"
    }

    private static func altitudeTable(_ rows: [AccuracyCost]) -> String {
        var out = "Relative altitude error in metres.\n\n"
        out += "| Filter | Rate (Hz) | CPU ns/sample | \(costHeader(rows)) | Median | p95 | RMS | Max | Best |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|:-:|\n"
        for row in rows {
            guard let altitude = row.result.measures.altitude else { continue }
            out +=
                prefix(row)
                + [altitude.median, altitude.p95, altitude.rms, altitude.maximum].map { MarkdownReport.cell($0, 3) }.joined(separator: " | ")
            out += " | \(row.standing.mark) |\n"
        }
        return out + "\n"
    }

    private static func eventsTable(_ rows: [AccuracyCost]) -> String {
        var out = "Detected events against the labelled truth, a row per label: a detection matches one true event if it comes within the "
        out += "window (seconds ahead of its start / past its end; a state matches by overlapping at least half of the shorter); "
        out += "precision is the share of detections that were true, recall the share of true events detected, F1 their harmonic mean, "
        out +=
            "latency the time from the true start to the detection; time right, for a state, the share of time the detections agreed with the truth.\n\n"
        out += "| Filter | Rate (Hz) | CPU ns/sample | \(costHeader(rows)) | Event | True | Detected | Missed | False | Precision | Recall | F1 "
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
                out += " | \(window) | \(MarkdownReport.cell(event.timeRight, 3)) | \(row.standing.mark) |\n"
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
        return "| \(name) | \(rate) | \(MarkdownReport.cell(row.cpuNsPerSample, 1)) | \(costCell(row.cost)) | "
    }

    /// The cost-per-second column's heading, naming the basis the workload's rows are ranked in.
    private static func costHeader(_ rows: [AccuracyCost]) -> String {
        rows.lazy.compactMap(\.cost).first.map { "Cost per second (\($0.basis.title))" } ?? "Cost per second"
    }

    /// A cost per second, with its resolution where it has one.
    static func costCell(_ cost: CostRanking.Cost?) -> String {
        guard let cost else { return "—" }
        let value = cost.basis == .instructions ? Format.significant(cost.value, 4) : MarkdownReport.share(cost.value)
        return cost.resolution.map { "\(value) ± \(MarkdownReport.share($0))" } ?? value
    }
}

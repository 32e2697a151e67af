import MotionResults

/// The table `report.md` opens with: what each feature costs, one row per workload variant and rate
/// (`FeatureCost`), its columns defined once under it. Columns no row has a figure for are left out.
enum FeatureTable {
    /// The section, empty for a run without cases.
    static func render(_ run: RunResult) -> String {
        let all = FeatureCost.rows(run)
        guard !all.isEmpty else { return "" }
        let rows = shown(all)
        let columns = Column.all.filter { column in rows.contains { column.cell($0) != "—" } }
        var out = "## What each feature costs\n\n"
        if rows.count < all.count {
            out += "**\(rows.count) of \(all.count) features shown:** a variant's lowest and highest rate, and every row marked ★ or ?; "
            out += "`features.csv` has them all.\n\n"
        }
        out += "| Workload | Variant | Rate (Hz) | " + columns.map(\.title).joined(separator: " | ") + " |\n"
        out += "|---|---|---:|" + columns.map { $0.isText ? "---|" : "---:|" }.joined() + "\n"
        for row in rows {
            let identity = row.identity
            let variant = identity.parameters.isEmpty ? identity.filter : "\(identity.filter) · \(identity.parameterText)"
            let rate = identity.recordedTiming ? "native \(Format.significant(identity.rateHz, 4))" : Format.hertz(identity.rateHz)
            out +=
                "| \(identity.workload) | \(MarkdownText.cell(variant)) | \(rate) | " + columns.map { $0.cell(row) }.joined(separator: " | ") + " |\n"
        }
        out += "\n"
        out += "What is portable to a phone: instructions, virtual-time CPU (what the computation itself costs, on this machine's cores), "
        out += "allocations and heap, and accuracy. What is this machine's: waking a thread for every sample and frame, the wake floor, "
        out += "which real time pays on top and which the *above wake floor* column takes away.\n\n"
        out += MarkdownReport.definitions(columns.map { ($0.title, $0.meaning) })
        return out
    }

    /// The most rows the table shows whole.
    static let mostRowsShown = 100

    /// `rows`, or past `mostRowsShown` (a sweep of many rates) those a reader decides with: each
    /// variant's lowest and highest rate, and each row ranked best or unsettled; in their order.
    static func shown(_ rows: [FeatureCost]) -> [FeatureCost] {
        guard rows.count > mostRowsShown else { return rows }
        struct Variant: Hashable {
            var workload: String, filter: String, parameters: String, recordedTiming: Bool
        }
        func variant(_ row: FeatureCost) -> Variant {
            Variant(
                workload: row.identity.workload, filter: row.identity.filter, parameters: row.identity.parameterText,
                recordedTiming: row.identity.recordedTiming)
        }
        var ends: [Variant: (lowest: Int, highest: Int)] = [:]
        for (index, row) in rows.enumerated() {
            let key = variant(row)
            guard let known = ends[key] else {
                ends[key] = (index, index)
                continue
            }
            let lowest = row.identity.rateHz < rows[known.lowest].identity.rateHz ? index : known.lowest
            let highest = row.identity.rateHz > rows[known.highest].identity.rateHz ? index : known.highest
            ends[key] = (lowest, highest)
        }
        let kept = Set(ends.values.flatMap { [$0.lowest, $0.highest] })
        return rows.enumerated().filter { index, row in
            kept.contains(index) || [.best, .unsettled].contains(row.accuracy?.standing)
        }.map(\.element)
    }

    /// One column after the case's own three.
    private struct Column {
        var title: String
        var meaning: String
        var isText = false
        var cell: (FeatureCost) -> String

        static let all: [Column] = [
            Column(
                title: "CPU ns/sample", meaning: "the workload's CPU time per sample tick in virtual time (display frames included), median",
                cell: { MarkdownReport.cell($0.cpuNsPerSample, 1) }),
            Column(
                title: "CPU µs/s", meaning: "that cost per second at the rate: µs of one core's time a second, from virtual time",
                cell: { MarkdownReport.share($0.cpuUsPerSecond) }),
            Column(
                title: "Instructions/sample", meaning: "instructions per sample tick, counted under callgrind, exact from run to run",
                cell: { MarkdownReport.cell($0.instructionsPerSample, 1) }),
            Column(
                title: "Above wake floor µs/s",
                meaning:
                    "CPU per second measured in real time over the wake floor's (a do-nothing workload paced the same way), ± the figure's "
                    + "resolution: the feature's own part of what real time costs",
                cell: { row in
                    row.aboveWakeFloor.map { "\(Format.significant($0.cpuUsPerSecond, 3)) ± \(Format.significant($0.resolutionUsPerSecond, 2))" }
                        ?? "—"
                }),
            Column(
                title: "Heap held (KiB)", meaning: "heap the workload holds once created, every block by its usable size",
                cell: { MarkdownReport.cell($0.heapHeldBytes.map { $0 / 1024 }, 2) }),
            Column(
                title: "Heap peak (KiB)", meaning: "the most heap it had live at once, from its creation to its release",
                cell: { MarkdownReport.cell($0.heapPeakBytes.map { $0 / 1024 }, 2) }),
            Column(
                title: "Allocs/sample", meaning: "its threads' calls to the allocator per sample tick",
                cell: { MarkdownReport.share($0.allocationsPerSample) }),
            Column(
                title: "Accuracy",
                meaning:
                    "the figure it is ranked by against the source's truth: the median total attitude error, the step count's error, "
                    + "the median altitude error, or the F1 of the events it detects (Accuracy against cost has the rest)",
                isText: true, cell: { $0.accuracy?.qualityText ?? "—" }),
            Column(
                title: "Best",
                meaning:
                    "★ Pareto-best among the workload's variants and rates, on cost per second, heap peak and accuracy, costs counting as "
                    + "different only beyond the run's resolution; ? when the run cannot place it (Accuracy against cost says how)",
                isText: true,
                cell: { row in
                    guard let accuracy = row.accuracy, accuracy.cost != nil, accuracy.quality != nil else { return "—" }
                    return accuracy.standing.mark
                }),
        ]
    }
}

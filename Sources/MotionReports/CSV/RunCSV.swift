import MotionResults

/// The CSV files of a run: `summary.csv` (a row per case), `features.csv` (a row per feature: a
/// workload variant at a rate, both modes and every repetition together), `threads.csv` (a row per
/// case and thread), `timeseries.csv` (a row per sampler reading and thread) and, when the source has
/// truth, `accuracy.csv` (a row per scored estimator).
public enum RunCSV {
    /// Columns that identify a case, first in every file so the files join on them.
    static let caseColumns = ["workload", "rate_hz", "filter", "params", "mode", "repetition"]

    static func caseCells(_ result: CaseResult) -> [String] {
        let spec = result.spec
        return [spec.workload, Format.hertz(spec.rateHz), spec.filter, spec.parameterText, spec.mode.rawValue, String(spec.repetition)]
    }

    /// One row per case.
    public static func summary(_ run: RunResult) -> String {
        var table = CSVTable(
            header: caseColumns + [
                "display_rate_hz", "samples", "frames", "wall_s", "achieved_hz",
                "lateness_p50_us", "lateness_p99_us", "lateness_max_us", "missed", "dropped", "missed_frames",
                "cpu_ns_per_sample", "wall_ns_per_sample", "cpu_pct", "projected_cpu_pct", "process_cpu_pct",
                "hub_cpu_pct", "sampler_cpu_pct", "sampler_us_per_snapshot",
                "rss_mib", "peak_rss_mib", "peak_is_per_case",
                "minor_faults", "major_faults", "voluntary_ctx_switches", "involuntary_ctx_switches",
                "allocs_per_sample", "alloc_bytes_per_sample", "instructions_per_sample",
            ] + MemoryFigure.all.map(\.column) + ["cpu_ns_per_sample_p50", "cpu_ns_per_sample_p90", "cpu_ns_per_sample_p99", "cost_chunks"])
        for result in run.cases {
            table.append(
                caseCells(result) + [
                    result.spec.displayRateHz.map(Format.hertz) ?? "",
                    String(result.samples), String(result.frames), Format.fixed(result.wallSeconds, 3),
                    Format.fixed(result.achievedHz, 3),
                    Format.fixed(result.lateness?.p50Us, 1), Format.fixed(result.lateness?.p99Us, 1),
                    Format.fixed(result.lateness?.maxUs, 1),
                    result.missed.map(String.init) ?? "", result.dropped.map(String.init) ?? "",
                    result.missedFrames.map(String.init) ?? "",
                    Format.fixed(result.cpuNsPerSample, 1), Format.fixed(result.wallNsPerSample, 1),
                    Format.significant(result.cpuPct, 4), Format.significant(result.projectedCpuPct, 4),
                    Format.significant(result.processCpuPct, 4),
                    Format.significant(result.cpuPct(of: .hub), 4), Format.significant(result.sampler.cpuPct, 4),
                    Format.fixed(result.sampler.usPerSnapshot, 2),
                    Format.fixed(result.rssMiB, 2), Format.fixed(result.peakRssMiB, 2), String(result.peakIsPerCase),
                    result.minorFaults.map(String.init) ?? "", result.majorFaults.map(String.init) ?? "",
                    result.voluntaryContextSwitches.map(String.init) ?? "",
                    result.involuntaryContextSwitches.map(String.init) ?? "",
                    Format.significant(result.allocationsPerSample, 4), Format.significant(result.allocationBytesPerSample, 4),
                    Format.fixed(result.instructionsPerSample, 1),
                ] + MemoryFigure.all.map { $0.value(result).map(String.init) ?? "" } + [
                    Format.fixed(result.chunkCost?.p50NsPerSample, 1), Format.fixed(result.chunkCost?.p90NsPerSample, 1),
                    Format.fixed(result.chunkCost?.p99NsPerSample, 1), result.chunkCost.map { String($0.chunks) } ?? "",
                ])
        }
        return table.text
    }

    /// One row per feature (`FeatureCost`): a workload variant at a rate, both modes and every
    /// repetition together, each figure a median.
    public static func features(_ run: RunResult) -> String {
        var table = CSVTable(header: [
            "workload", "rate_hz", "filter", "params", "cpu_ns_per_sample", "cpu_us_per_s", "instructions_per_sample",
            "above_wake_floor_us_per_s", "above_wake_floor_resolution_us_per_s", "wake_floor_us_per_s", "heap_held_bytes",
            "heap_peak_bytes", "allocs_per_sample", "accuracy_metric", "accuracy", "standing", "above_wake_floor_ns_per_sample",
            "above_wake_floor_resolution_ns_per_sample", "wake_floor_ns_per_sample",
        ])
        for row in FeatureCost.rows(run) {
            let identity = row.identity
            let above = row.aboveWakeFloor
            let accuracy = row.accuracy
            table.append([
                identity.workload, Format.hertz(identity.rateHz), identity.filter, identity.parameterText,
                Format.fixed(row.cpuNsPerSample, 1), Format.significant(row.cpuUsPerSecond, 4), Format.fixed(row.instructionsPerSample, 1),
                Format.significant(above?.cpuUsPerSecond, 4), Format.significant(above?.resolutionUsPerSecond, 3),
                Format.significant(above?.floorUsPerSecond, 4), Format.fixed(row.heapHeldBytes, 0), Format.fixed(row.heapPeakBytes, 0),
                Format.significant(row.allocationsPerSample, 4), accuracy?.qualityMetric?.rawValue ?? "",
                Format.significant(accuracy?.quality, 6), accuracy?.standingText ?? "", Format.significant(above?.cpuNsPerSample, 4),
                Format.significant(above?.resolutionNsPerSample, 3), Format.significant(above?.floorNsPerSample, 4),
            ])
        }
        return table.text
    }

    /// One row per case and thread.
    public static func threads(_ run: RunResult) -> String {
        var table = CSVTable(header: caseColumns + ["tid", "thread", "role", "cpu_ns", "user_ns", "system_ns", "cpu_pct"])
        for result in run.cases {
            for thread in result.threads {
                table.append(
                    caseCells(result) + [
                        String(thread.tid), thread.name, thread.role.rawValue, String(thread.cpuNs),
                        thread.userNs.map(String.init) ?? "", thread.systemNs.map(String.init) ?? "",
                        Format.significant(thread.cpuPct, 4),
                    ])
            }
        }
        return table.text
    }

    /// One row per sampler reading and thread; `rss_mib` repeats on each thread's row of a reading.
    public static func timeseries(_ run: RunResult) -> String {
        var table = CSVTable(header: caseColumns + ["elapsed_s", "rss_mib", "tid", "thread", "role", "cpu_ns", "cpu_pct"])
        for result in run.cases {
            let known = Dictionary(result.threads.map { ($0.tid, $0) }, uniquingKeysWith: { first, _ in first })
            for point in result.timeseries {
                for thread in point.threads {
                    table.append(
                        caseCells(result) + [
                            Format.fixed(point.elapsedSeconds, 4), Format.fixed(point.rssMiB, 2), String(thread.tid),
                            known[thread.tid]?.name ?? "", known[thread.tid]?.role.rawValue ?? ThreadRole.other.rawValue,
                            String(thread.cpuNs), Format.significant(thread.cpuPct, 4),
                        ])
                }
            }
        }
        return table.text
    }

    /// One row per scored estimator: its case (no mode or repetition: accuracy does not depend on
    /// them), the recorded estimate it is when it is a phone's own, its cost, whether it is
    /// Pareto-best in its workload by its cost per second, every error measured (empty where not
    /// measured), that cost per second with what it is (`measured` or `projected`), and last its
    /// detected events' scores, every label pooled (`event_labels` joins them with `+`).
    public static func accuracy(_ run: RunResult) -> String {
        var table = CSVTable(header: [
            "workload", "rate_hz", "filter", "params", "recorded_estimate", "scored_from_s", "scored_to_s",
            "cpu_ns_per_sample", "projected_cpu_pct", "pareto_best",
            "total_median_deg", "total_p95_deg", "total_rms_deg", "tilt_median_deg", "tilt_p95_deg", "tilt_rms_deg",
            "heading_median_deg", "heading_p95_deg", "heading_rms_deg", "yaw_offset_deg", "time_shift_ms", "attitude_samples",
            "steps_estimated", "steps_true", "steps_error", "steps_error_pct",
            "altitude_median_m", "altitude_p95_m", "altitude_rms_m", "altitude_max_m", "cpu_pct", "cpu_pct_basis",
            "event_labels", "events_true", "events_detected", "events_missed", "events_false", "event_precision", "event_recall",
            "event_f1", "event_latency_median_s", "event_latency_p95_s", "event_time_right",
            "cost_per_s", "cost_basis", "cost_resolution", "standing",
        ])
        for group in AccuracyCost.grouped(run) {
            for row in group.rows {
                let result = row.result
                let measures = result.measures
                let attitude = measures.attitude
                let errors = [attitude?.total, attitude?.tilt, attitude?.heading].flatMap { summary in
                    [summary?.median, summary?.p95, summary?.rms].map { Format.fixed($0, 4) }
                }
                table.append(
                    [
                        result.workload, Format.hertz(result.rateHz), result.filter, CaseIdentity.parameterText(result.parameters),
                        result.recordedEstimate ?? "", Format.fixed(measures.scoredFrom, 3), Format.fixed(measures.scoredTo, 3),
                        Format.fixed(row.cpuNsPerSample, 1), Format.significant(row.projectedCpuPct, 4), String(row.isParetoBest),
                    ] + errors + [
                        Format.fixed(attitude?.yawOffsetDegrees, 3), Format.fixed(attitude.map { $0.timeShiftSeconds * 1000 }, 1),
                        attitude.map { String($0.total.count) } ?? "",
                        measures.steps.map { String($0.estimated) } ?? "", measures.steps.map { String($0.truth) } ?? "",
                        measures.steps.map { String($0.error) } ?? "", Format.fixed(measures.steps?.errorPercent, 2),
                        Format.fixed(measures.altitude?.median, 4), Format.fixed(measures.altitude?.p95, 4),
                        Format.fixed(measures.altitude?.rms, 4), Format.fixed(measures.altitude?.maximum, 4),
                        Format.significant(row.measuredCpuPct ?? row.projectedCpuPct, 4),
                        row.measuredCpuPct != nil ? "measured" : row.projectedCpuPct != nil ? "projected" : "",
                    ] + eventCells(measures.events?.pooled) + costCells(row))
            }
        }
        return table.text
    }

    /// The ranking columns of `accuracy.csv`: the cost per second rows are ranked by, its basis and
    /// resolution, and the row's standing.
    private static func costCells(_ row: AccuracyCost) -> [String] {
        [Format.significant(row.cost?.value, 6), row.cost?.basis.rawValue ?? "", Format.significant(row.cost?.resolution, 3), row.standingText]
    }

    /// The event columns of `accuracy.csv`: every label pooled (the label's own figures when there is
    /// one), empty where nothing was scored.
    private static func eventCells(_ events: EventAccuracy?) -> [String] {
        guard let events else { return Array(repeating: "", count: 11) }
        return [
            events.label, String(events.truthCount), String(events.detectedCount), String(events.misses), String(events.falseDetections),
            Format.fixed(events.precision, 4), Format.fixed(events.recall, 4), Format.fixed(events.f1, 4),
            Format.fixed(events.latency?.median, 4), Format.fixed(events.latency?.p95, 4), Format.fixed(events.timeRight, 4),
        ]
    }
}

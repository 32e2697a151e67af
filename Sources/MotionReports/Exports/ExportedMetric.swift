import MotionResults

/// A figure of a case that the exports for other tools carry (github-action-benchmark, InfluxDB,
/// OpenMetrics, Bencher), named as `summary.csv`'s column, each smaller-is-better. Adding a line to
/// `perCase` adds the figure to every export.
struct ExportedMetric {
    /// `summary.csv`'s column name.
    var name: String
    /// Its unit.
    var unit: String
    /// What it is, for a store's help text.
    var meaning: String
    /// Its value in one repetition; nil where the mode or platform does not give it.
    var value: (CaseResult) -> Double?

    /// The figures exported per case, in this order.
    static let perCase: [ExportedMetric] =
        [
            ExportedMetric(name: "cpu_ns_per_sample", unit: "ns", meaning: "CPU of the workload's threads per sample tick", value: \.cpuNsPerSample),
            ExportedMetric(
                name: "instructions_per_sample", unit: "instructions", meaning: "instructions per sample tick, counted under callgrind",
                value: \.instructionsPerSample),
            ExportedMetric(
                name: "allocs_per_sample", unit: "allocations", meaning: "allocations of the workload's threads per sample tick",
                value: \.allocationsPerSample),
            ExportedMetric(
                name: "alloc_bytes_per_sample", unit: "bytes", meaning: "bytes those allocations asked for, per sample tick",
                value: \.allocationBytesPerSample),
            ExportedMetric(name: "peak_rss_mib", unit: "MiB", meaning: "the process's peak resident memory during the case", value: \.peakRssMiB),
        ]
        + MemoryFigure.all.map { figure in
            ExportedMetric(name: figure.column, unit: "bytes", meaning: figure.meaning, value: { figure.value($0).map(Double.init) })
        }

    /// This figure over the repetitions of `exported` (median, spread, count); nil when none has it.
    func summary(_ exported: ExportedCase) -> SampleSummary? {
        SampleSummary(exported.repetitions.map(value))
    }
}

import MotionResults

/// One of a case's own memory figures, in the order every report shows them: `summary.csv`'s
/// columns and the exports' names, the report's table and the memory chart.
struct MemoryFigure {
    /// `summary.csv`'s column, and the name the exports give the figure.
    var column: String
    /// A short name for a table's header or a chart's legend.
    var title: String
    /// What it is, for a store's help text.
    var meaning: String
    /// Its value in bytes; nil where the build or platform cannot give it.
    var value: (CaseResult) -> Int64?

    /// Every figure: the heap's four, then the resident peak's delta.
    static let all: [MemoryFigure] = [
        MemoryFigure(column: "heap_held_bytes", title: "Heap held", meaning: "heap bytes the workload held once created", value: \.heapHeldBytes),
        MemoryFigure(column: "heap_peak_bytes", title: "Heap peak", meaning: "the most heap the workload had live at once", value: \.heapPeakBytes),
        MemoryFigure(
            column: "heap_transient_bytes", title: "Transient", meaning: "heap bytes the workload allocated and freed within the case",
            value: \.heapTransientBytes),
        MemoryFigure(
            column: "heap_leaked_bytes", title: "Leaked", meaning: "heap bytes still live after the workload was released", value: \.heapLeakedBytes),
        MemoryFigure(
            column: "peak_rss_delta_bytes", title: "Peak RSS Δ",
            meaning: "the case's peak resident memory over the resident size before its workload was made",
            value: \.peakRssDeltaBytes),
    ]
}

/// A chart file of a run's report: what it shows (`kind`), where it goes in the run folder, and its SVG.
public struct ReportChart {
    /// What a chart shows, which decides where `report.md` places it.
    public enum Kind: Sendable, Equatable {
        /// CPU ns per sample in virtual time, every case.
        case cost
        /// The workload's CPU µs a second: measured in real time, its wake floor's, and projected from
        /// virtual time, side by side.
        case cpu
        /// Each case's heap held, peak, transient and leaked, and its peak RSS delta, side by side.
        case heap
        /// One case's cost against a swept parameter.
        case sweep
        /// A workload's error against its cost.
        case accuracy(workload: String)
        /// A case group's estimate beside the truth, over time.
        case estimateOverTime
        /// A case group's error over time.
        case errorOverTime
        /// A real-time case's CPU % per thread over time.
        case threadCPU
        /// A real-time case's resident memory over time.
        case memory

        /// Whether it is a plot over time (`RunFolder.plotsFolderName`), drawn again by the plot command.
        public var isPlotOverTime: Bool {
            switch self {
            case .estimateOverTime, .errorOverTime, .threadCPU, .memory: true
            case .cost, .cpu, .heap, .sweep, .accuracy: false
            }
        }
    }

    /// What it shows.
    public var kind: Kind
    /// Its path relative to the run folder (`RunFolder`).
    public var fileName: String
    /// What the chart shows, in words.
    public var title: String
    /// The SVG text.
    public var svg: String
}

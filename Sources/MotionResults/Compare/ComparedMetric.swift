/// A figure `compare` sets side by side. Every one but the event scores is smaller-is-better, so a
/// rise is a regression; for the event scores (F1, recall) a fall is (`isHigherBetter`). The raw value
/// is the name a tolerance is set by on the command line and the comparison CSV uses.
public enum ComparedMetric: String, CaseIterable, Sendable {
    /// CPU nanoseconds of the workload thread and its workers per sample tick, in either mode.
    case cpuNsPerSample = "cpu_ns_per_sample"
    /// The workload's CPU % of one core: measured in real time, projected from its cost in virtual time.
    case cpuPct = "cpu_pct"
    /// Peak resident memory, MiB.
    case peakRssMiB = "peak_rss_mib"
    /// Real time: the 99th percentile of how late the pacer woke for a sample tick, µs.
    case latenessP99Us = "lateness_p99_us"
    /// Median total attitude error against the truth, degrees.
    case attitudeErrorDeg = "attitude_error_deg"
    /// The step count's error as a percentage of the true count, sign dropped.
    case stepErrorPct = "step_error_pct"
    /// Median relative altitude error, metres.
    case altitudeErrorM = "altitude_error_m"
    /// Detected events' F1 against the labelled truth (0–1, every label pooled): higher is better.
    case eventF1 = "event_f1"
    /// The share of true events detected (0–1, every label pooled): higher is better.
    case eventRecall = "event_recall"
    /// Instructions of the workload's per-sample work, counted under callgrind (virtual time).
    case instructionsPerSample = "instructions_per_sample"
    /// Allocations the workload's threads made per sample tick (virtual time, where counts repeat exactly).
    case allocationsPerSample = "allocs_per_sample"
    /// The bytes those allocations asked for, per sample tick (virtual time).
    case allocationBytesPerSample = "alloc_bytes_per_sample"
    /// Heap bytes the workload held once created (virtual time, where they repeat exactly).
    case heapHeldBytes = "heap_held_bytes"
    /// The most heap the workload had live at once, from creation to release (virtual time).
    case heapPeakBytes = "heap_peak_bytes"
    /// Heap bytes still live after the workload was released (virtual time).
    case heapLeakedBytes = "heap_leaked_bytes"

    /// The metrics read from a case's repetitions.
    public static let costMetrics: [ComparedMetric] = [
        .instructionsPerSample, .allocationsPerSample, .allocationBytesPerSample, .heapHeldBytes, .heapPeakBytes, .heapLeakedBytes,
        .cpuNsPerSample, .cpuPct, .peakRssMiB, .latenessP99Us,
    ]

    /// Timings: figures of the machine's load as much as of the code. They gate only where the runs
    /// can tell a change from noise (`RunComparison`), or when asked (`ComparisonSettings.gatesTime`).
    public var isTiming: Bool {
        switch self {
        case .cpuNsPerSample, .cpuPct, .latenessP99Us: true
        default: false
        }
    }
    /// The metrics read from an accuracy entry.
    public static let accuracyMetrics: [ComparedMetric] = [.attitudeErrorDeg, .stepErrorPct, .altitudeErrorM, .eventF1, .eventRecall]

    /// Whether a fall, not a rise, is the regression: the event scores.
    public var isHigherBetter: Bool {
        self == .eventF1 || self == .eventRecall
    }

    /// A short human name for tables, with the unit.
    public var title: String {
        switch self {
        case .cpuNsPerSample: return "CPU ns/sample"
        case .cpuPct: return "CPU %"
        case .peakRssMiB: return "Peak RSS (MiB)"
        case .latenessP99Us: return "Lateness p99 (µs)"
        case .attitudeErrorDeg: return "Attitude error, median (°)"
        case .stepErrorPct: return "Step count error (%)"
        case .altitudeErrorM: return "Altitude error, median (m)"
        case .eventF1: return "Event F1"
        case .eventRecall: return "Event recall"
        case .instructionsPerSample: return "Instructions/sample"
        case .allocationsPerSample: return "Allocations/sample"
        case .allocationBytesPerSample: return "Allocated bytes/sample"
        case .heapHeldBytes: return "Heap held (bytes)"
        case .heapPeakBytes: return "Heap peak (bytes)"
        case .heapLeakedBytes: return "Heap leaked (bytes)"
        }
    }

    /// The unit of the figure and of its absolute tolerance (`%` of a core for CPU %, percentage
    /// points of the true count for the step error).
    public var unit: String {
        switch self {
        case .cpuNsPerSample: return "ns"
        case .cpuPct, .stepErrorPct: return "%"
        case .peakRssMiB: return "MiB"
        case .latenessP99Us: return "µs"
        case .attitudeErrorDeg: return "°"
        case .altitudeErrorM: return "m"
        case .eventF1, .eventRecall: return "0-1"
        case .instructionsPerSample: return "instructions"
        case .allocationsPerSample: return "allocations"
        case .allocationBytesPerSample, .heapHeldBytes, .heapPeakBytes, .heapLeakedBytes: return "bytes"
        }
    }

    /// The tolerance used unless the command line changes it: the smallest change worth failing a
    /// build over, as the Mann-Whitney U test, not the tolerance, is what tells a change from noise.
    /// - CPU ns/sample and CPU %, 10 % and no fixed absolute part: a tenth is a change worth a look in
    ///   any kernel, and the absolute part is what the two runs' repetitions resolve (the half-width of
    ///   the shift's interval, `ComparisonRow.resolution`), so a 6 ns feature's regression is seen where
    ///   its repetitions are steady and a noisy case's is not called on noise. A timing gates only with
    ///   the test's repetitions on both sides (or instruction counts instead); with fewer it resolves
    ///   only a change beyond `TimingResolution.singleRunFactor`.
    /// - Peak RSS, 10 % and 2 MiB: the process's footprint drifts by a fraction of a MiB between runs
    ///   with allocator timing and the runtime's threads; 2 MiB is a leak or a new buffer.
    /// - Lateness p99, 50 % and 200 µs: it measures the scheduler more than the workload, and two runs
    ///   of the same code on a shared machine differ by 70–170 µs (+60–240 %); 200 µs is a fortieth of
    ///   a 120 Hz frame.
    /// - Accuracy, 10 % and 0.2° / 1 point / 0.05 m: the synthetic source is seeded, so accuracy
    ///   repeats exactly; the absolute parts are below what a user of a level, a pedometer or an
    ///   altimeter could notice, so only a real loss of accuracy fails.
    /// - Event F1 and recall, 0 % and 0.02: a replay is deterministic, so the scores repeat exactly,
    ///   and 0.02 is one event in fifty missed or falsely detected: a detector's real loss, never a
    ///   rounding.
    /// - Instructions per sample, 0.5 % and 5 instructions: counts repeat to the instruction, so
    ///   anything above is a change in the code; the floor keeps a few-instruction difference in a
    ///   50-instruction kernel (a reordered compare) from failing, and 0.5 % is a tenth of the
    ///   smallest speed-up worth a commit.
    /// - Allocations and their bytes per sample, 0 and 0: counts repeat exactly over the same ticks,
    ///   so any rise is a new allocation (compared only over equal ticks, or from none).
    /// - Heap held, peak and leaked, 0 and 256 bytes (the peak 1 KiB): a virtual-time case creates its workload after a
    ///   warm-up instance has filled the runtime's caches, and the harness allocates nothing while the
    ///   workload is created, runs and is released, so the same code holds the same blocks. Their
    ///   usable sizes repeat but for glibc's rounding: a block gets 16 bytes more than its request
    ///   needs when the free chunk picked for it leaves too little to split off, which depends on the
    ///   heap's history (two runs of one holder read 1,048,624 and 1,048,640 bytes held). 256 bytes,
    ///   sixteen such blocks, absorbs that and fails any real new buffer or leak (peak and leaks
    ///   compared only over equal ticks, or from none, as they may grow with a case's length). The
    ///   peak, 1 KiB: it is the process's highest live heap during the case, so a short-lived block of
    ///   another thread can fall on it (two runs of one holder on a loaded machine peaked 472 bytes
    ///   apart).
    public var defaultTolerance: MetricTolerance {
        switch self {
        case .cpuNsPerSample, .cpuPct: return MetricTolerance(relativePct: 10, absolute: 0)
        case .peakRssMiB: return MetricTolerance(relativePct: 10, absolute: 2)
        case .latenessP99Us: return MetricTolerance(relativePct: 50, absolute: 200)
        case .attitudeErrorDeg: return MetricTolerance(relativePct: 10, absolute: 0.2)
        case .stepErrorPct: return MetricTolerance(relativePct: 10, absolute: 1)
        case .altitudeErrorM: return MetricTolerance(relativePct: 10, absolute: 0.05)
        case .eventF1, .eventRecall: return MetricTolerance(relativePct: 0, absolute: 0.02)
        case .instructionsPerSample: return MetricTolerance(relativePct: 0.5, absolute: 5)
        case .allocationsPerSample, .allocationBytesPerSample: return MetricTolerance(relativePct: 0, absolute: 0)
        case .heapHeldBytes, .heapLeakedBytes: return MetricTolerance(relativePct: 0, absolute: 256)
        case .heapPeakBytes: return MetricTolerance(relativePct: 0, absolute: 1024)
        }
    }

    /// This metric's figure in one repetition of a case; nil when the mode or platform does not give
    /// it, or the metric is an accuracy one.
    public func value(in result: CaseResult) -> Double? {
        switch self {
        case .cpuNsPerSample: return result.cpuNsPerSample
        case .cpuPct: return result.spec.mode == .realtime ? result.cpuPct : result.projectedCpuPct
        case .peakRssMiB: return result.peakRssMiB
        case .latenessP99Us: return result.lateness?.p99Us
        case .instructionsPerSample: return result.instructionsPerSample
        case .allocationsPerSample: return result.spec.mode == .virtual ? result.allocationsPerSample : nil
        case .allocationBytesPerSample: return result.spec.mode == .virtual ? result.allocationBytesPerSample : nil
        case .heapHeldBytes: return result.spec.mode == .virtual ? result.heapHeldBytes.map(Double.init) : nil
        case .heapPeakBytes: return result.spec.mode == .virtual ? result.heapPeakBytes.map(Double.init) : nil
        case .heapLeakedBytes: return result.spec.mode == .virtual ? result.heapLeakedBytes.map(Double.init) : nil
        case .attitudeErrorDeg, .stepErrorPct, .altitudeErrorM, .eventF1, .eventRecall: return nil
        }
    }

    /// This metric's figure in an accuracy entry; nil when the estimator was not scored on it, or the
    /// metric is a cost one.
    public func value(in measures: AccuracyMeasures) -> Double? {
        switch self {
        case .attitudeErrorDeg: return measures.attitude?.total.median
        case .stepErrorPct: return measures.steps?.errorPercent.map(abs)
        case .altitudeErrorM: return measures.altitude?.median
        case .eventF1: return measures.events?.pooled?.f1
        case .eventRecall: return measures.events?.pooled?.recall
        case .cpuNsPerSample, .cpuPct, .peakRssMiB, .latenessP99Us, .instructionsPerSample, .allocationsPerSample,
            .allocationBytesPerSample, .heapHeldBytes, .heapPeakBytes, .heapLeakedBytes:
            return nil
        }
    }
}

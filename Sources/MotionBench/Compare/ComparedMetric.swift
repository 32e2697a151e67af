/// A figure `compare` sets side by side. Every one is smaller-is-better, so a rise is a regression.
/// The raw value is the name a tolerance is set by on the command line and the comparison CSV uses.
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

    /// The metrics read from a case's repetitions.
    public static let costMetrics: [ComparedMetric] = [.cpuNsPerSample, .cpuPct, .peakRssMiB, .latenessP99Us]
    /// The metrics read from an accuracy entry.
    public static let accuracyMetrics: [ComparedMetric] = [.attitudeErrorDeg, .stepErrorPct, .altitudeErrorM]

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
        }
    }

    /// The tolerance used unless the command line changes it: the smallest change worth failing a
    /// build over, as the Mann-Whitney U test, not the tolerance, is what tells a change from noise.
    /// - CPU ns/sample, 10 % and 20 ns: a tenth is a change worth a look in any kernel, and 20 ns (a
    ///   cache miss or two) keeps the cheapest workloads (50 ns a sample) from failing on a few
    ///   nanoseconds. On the project's shared 2-core VM repetitions of a virtual-time case vary with a
    ///   CV of 2–9 % for the motion cube and mostly 10–25 % for the sub-microsecond workloads (5
    ///   repetitions, quick or not), so a gate there needs ≥ 5 repetitions, or instruction counts.
    /// - CPU %, 10 % and 0.01 points of a core: 0.01 % of a core is 100 µs a second, nothing beside
    ///   what a phone's sensor delivery itself costs.
    /// - Peak RSS, 10 % and 2 MiB: the process's footprint drifts by a fraction of a MiB between runs
    ///   with allocator timing and the runtime's threads; 2 MiB is a leak or a new buffer.
    /// - Lateness p99, 50 % and 200 µs: it measures the scheduler more than the workload, and two runs
    ///   of the same code on a shared machine differ by 70–170 µs (+60–240 %); 200 µs is a fortieth of
    ///   a 120 Hz frame.
    /// - Accuracy, 10 % and 0.2° / 1 point / 0.05 m: the synthetic source is seeded, so accuracy
    ///   repeats exactly; the absolute parts are below what a user of a level, a pedometer or an
    ///   altimeter could notice, so only a real loss of accuracy fails.
    public var defaultTolerance: MetricTolerance {
        switch self {
        case .cpuNsPerSample: return MetricTolerance(relativePct: 10, absolute: 20)
        case .cpuPct: return MetricTolerance(relativePct: 10, absolute: 0.01)
        case .peakRssMiB: return MetricTolerance(relativePct: 10, absolute: 2)
        case .latenessP99Us: return MetricTolerance(relativePct: 50, absolute: 200)
        case .attitudeErrorDeg: return MetricTolerance(relativePct: 10, absolute: 0.2)
        case .stepErrorPct: return MetricTolerance(relativePct: 10, absolute: 1)
        case .altitudeErrorM: return MetricTolerance(relativePct: 10, absolute: 0.05)
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
        case .attitudeErrorDeg, .stepErrorPct, .altitudeErrorM: return nil
        }
    }

    /// This metric's figure in an accuracy entry; nil when the estimator was not scored on it, or the
    /// metric is a cost one.
    public func value(in measures: AccuracyMeasures) -> Double? {
        switch self {
        case .attitudeErrorDeg: return measures.attitude?.total.median
        case .stepErrorPct: return measures.steps?.errorPercent.map(abs)
        case .altitudeErrorM: return measures.altitude?.median
        case .cpuNsPerSample, .cpuPct, .peakRssMiB, .latenessP99Us: return nil
        }
    }
}

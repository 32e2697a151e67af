import Foundation
import MotionResults

/// A run in Google Benchmark's JSON schema (what the JSON output format of Google Benchmark 1.7.1
/// writes), so Google Benchmark's `compare.py` and the tools that read its output compare motionbench
/// runs: `compare.py benchmarks A/gbench.json B/gbench.json`.
///
/// Every repetition of a case is an entry of `run_type` "iteration" named after the case
/// (`heading/50Hz/mahony/virtual`); an iteration is a sample tick, `real_time` and `cpu_time` are
/// nanoseconds per tick: the workload thread's wall time (virtual time) or the case's wall time (real
/// time: about the sample period), and the CPU of the workload's threads. The other figures are
/// counters named as `summary.csv`'s and `accuracy.csv`'s columns; a figure the case lacks is left out.
/// A case with two or more repetitions is followed by the aggregates Google Benchmark writes: mean,
/// median, stddev and cv (a fraction), named `NAME_mean`…, which compare.py sets side by side and
/// whose repetitions feed its U test. A repetition that delivered no sample has no time per sample
/// and is left out.
public enum GoogleBenchmarkJSON {
    /// The file's name in a run folder.
    public static let fileName = RunFolder.gbenchFile

    /// The JSON text, keys sorted so files diff cleanly.
    public static func render(_ run: RunResult) throws -> Data {
        struct Document: Encodable {
            var context: GoogleBenchmarkContext
            var benchmarks: [GoogleBenchmarkEntry]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Document(context: GoogleBenchmarkContext(run), benchmarks: entries(run)))
    }

    /// Every case's repetitions, each case's aggregates after them, in the order the cases first ran.
    static func entries(_ run: RunResult) -> [GoogleBenchmarkEntry] {
        ExportedCase.all(in: run).flatMap { exported in
            let iterations = exported.repetitions.compactMap { iteration($0, of: exported) }
            return iterations + (iterations.count >= 2 ? aggregates(of: iterations) : [])
        }
    }

    private static func iteration(_ result: CaseResult, of exported: ExportedCase) -> GoogleBenchmarkEntry? {
        guard result.samples > 0, let cpuNsPerSample = result.cpuNsPerSample else { return nil }
        return GoogleBenchmarkEntry(
            name: exported.name, familyIndex: exported.workloadIndex, perFamilyInstanceIndex: exported.indexInWorkload,
            runName: exported.name, aggregate: nil, repetitions: exported.repetitions.count,
            repetitionIndex: result.spec.repetition - 1, iterations: result.samples,
            realTime: result.wallNsPerSample ?? result.wallSeconds * 1e9 / Double(result.samples), cpuTime: cpuNsPerSample,
            counters: counters(result, accuracy: exported.accuracy)
        )
    }

    /// The case's figures beside its times, by `summary.csv`'s and `accuracy.csv`'s column names.
    private static func counters(_ result: CaseResult, accuracy: AccuracyMeasures?) -> [String: Double] {
        let figures: [(String, Double?)] = [
            ("frames", result.spec.displayRateHz == nil ? nil : Double(result.frames)),
            ("achieved_hz", result.achievedHz),
            ("lateness_p50_us", result.lateness?.p50Us), ("lateness_p99_us", result.lateness?.p99Us),
            ("lateness_max_us", result.lateness?.maxUs),
            ("missed", result.missed.map(Double.init)), ("dropped", result.dropped.map(Double.init)),
            ("missed_frames", result.missedFrames.map(Double.init)),
            ("cpu_pct", result.cpuPct), ("projected_cpu_pct", result.projectedCpuPct), ("process_cpu_pct", result.processCpuPct),
            ("hub_cpu_pct", result.cpuPct(of: .hub)), ("sampler_cpu_pct", result.sampler.cpuPct),
            ("rss_mib", result.rssMiB), ("peak_rss_mib", result.peakRssMiB),
            ("instructions_per_sample", result.instructionsPerSample), ("allocs_per_sample", result.allocationsPerSample),
            ("alloc_bytes_per_sample", result.allocationBytesPerSample),
        ]
        let memory: [(String, Double?)] = MemoryFigure.all.map { ($0.column, $0.value(result).map(Double.init)) }
        let errors: [(String, Double?)] = (accuracy.map(AccuracyFigures.all) ?? []).map { ($0.name, $0.value) }
        var counters: [String: Double] = [:]
        for case let (name, value?) in figures + memory + errors where value.isFinite { counters[name] = value }
        return counters
    }

    /// Mean, median, standard deviation and coefficient of variation of the repetitions' times and
    /// counters, as Google Benchmark computes them (the deviation over n − 1; a counter over the
    /// repetitions that have it). A statistic that cannot be had (the variation of figures whose mean is 0)
    /// is left out.
    private static func aggregates(of iterations: [GoogleBenchmarkEntry]) -> [GoogleBenchmarkEntry] {
        let first = iterations[0]
        let counterNames = Set(iterations.flatMap(\.counters.keys))
        return GoogleBenchmarkEntry.Aggregate.allCases.compactMap { aggregate in
            func statistic(_ values: [Double?]) -> Double? {
                guard let summary = SampleSummary(values) else { return nil }
                switch aggregate {
                case .mean: return summary.mean
                case .median: return summary.median
                case .stddev: return summary.standardDeviation
                case .cv: return summary.coefficientOfVariationPct.map { $0 / 100 }
                }
            }
            guard let realTime = statistic(iterations.map(\.realTime)), let cpuTime = statistic(iterations.map(\.cpuTime)) else {
                return nil
            }
            var counters: [String: Double] = [:]
            for name in counterNames { counters[name] = statistic(iterations.map { $0.counters[name] }) }
            return GoogleBenchmarkEntry(
                name: "\(first.runName)_\(aggregate.rawValue)", familyIndex: first.familyIndex,
                perFamilyInstanceIndex: first.perFamilyInstanceIndex, runName: first.runName, aggregate: aggregate,
                repetitions: first.repetitions, repetitionIndex: nil, iterations: iterations.count,
                realTime: realTime, cpuTime: cpuTime, counters: counters
            )
        }
    }
}

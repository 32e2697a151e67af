import MotionBench
import MotionReports

/// The table printed at the end of a run: one line per case with its headline figures.
enum SummaryTable {
    static func render(_ run: RunResult) -> String {
        var table = TextTable(header: [
            "workload", "Hz", "filter", "params", "mode", "rep", "samples", "CPU ns/sample", "CPU %", "projected %", "late p99 µs", "missed", "peak RSS MiB",
        ])
        for result in run.cases {
            let spec = result.spec
            table.append([
                spec.workload, Format.hertz(spec.rateHz), spec.filter, dash(spec.parameterText), spec.mode.rawValue, String(spec.repetition),
                String(result.samples),
                dash(Format.fixed(result.cpuNsPerSample, 1)), dash(Format.significant(result.cpuPct, 3)),
                dash(Format.significant(result.projectedCpuPct, 3)), dash(Format.fixed(result.lateness?.p99Us, 0)),
                result.missed.map(String.init) ?? "-", dash(Format.fixed(result.peakRssMiB, 1)),
            ])
        }
        return table.render()
    }

    private static func dash(_ text: String) -> String { text.isEmpty ? "-" : text }
}

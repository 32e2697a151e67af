import MotionBench
import MotionReports
import MotionResults

/// The table printed at the end of a run: one line per case with its headline figures, and the
/// harness's floor under it.
enum SummaryTable {
    static func render(_ run: RunResult) -> String {
        var table = TextTable(header: [
            "workload", "Hz", "filter", "params", "mode", "rep", "samples", "CPU ns/sample", "CPU %", "projected %", "late p99 µs", "missed",
            "peak RSS MiB",
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
        guard let floor = run.harnessFloor else { return table.render() }
        let instructions = floor.instructionsPerSample.map { ", \(Format.fixed($0, 1)) instructions" } ?? ""
        return table.render() + "harness floor (a do-nothing workload, not in the catalogue, virtual time): "
            + "\(dash(Format.fixed(floor.cpuNsPerSample, 1))) CPU ns\(instructions) a sample\n"
    }

    private static func dash(_ text: String) -> String { text.isEmpty ? "-" : text }
}

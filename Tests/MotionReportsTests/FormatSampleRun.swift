@testable import MotionResults

extension SampleRun {
    /// The sample run with its virtual case repeated (180 then 220 CPU ns per sample, peak RSS 11 then
    /// 13 MiB) and scored against truth (98 steps of 100, altitude errors 0.5 and 1.5 m), beside a
    /// recorded competitor's score, which has no cost and is in no exported format.
    static func repeatedAndScored() -> RunResult {
        var run = make()
        var second = run.cases[0]
        second.spec.repetition = 2
        second.cpuNsPerSample = 220
        second.wallNsPerSample = 240
        second.projectedCpuPct = 0.00022
        second.peakRssMiB = 13
        run.cases.insert(second, at: 1)
        run.settings.repetitions = 2
        let steps = AccuracyMeasures(
            scoredFrom: 5, scoredTo: 60, steps: StepAccuracy(estimated: 98, truth: 100), altitude: ErrorSummary([0.5, -1.5]))
        run.accuracy = [
            AccuracyResult(workload: "accelerometer", rateHz: 10, filter: "low-pass", measures: steps),
            AccuracyResult(
                workload: "accelerometer", rateHz: 10.2, filter: "oxford-app-steps", recordedEstimate: "oxford-app-steps",
                measures: AccuracyMeasures(scoredFrom: 5, scoredTo: 60, steps: StepAccuracy(estimated: 90, truth: 100))),
        ]
        return run
    }
}

import MotionResults

extension BenchmarkRunner {
    /// Writes the outputs of `spec`'s case to `sink` in an unmeasured replay of its input through a
    /// fresh workload (see `OutputEmitter`): the stretch the accuracy pass scores when the workload
    /// estimates something or detects events and the source has truth, else the case's real-time
    /// duration.
    /// `scored` is what the run's accuracy pass found for the case: its fit (a recording's yaw offset
    /// and time shift) is applied to the truth and error columns.
    public func emitOutputs(of spec: CaseSpec, scored: AccuracyResult?, into sink: inout some EmittedRowSink) throws {
        let setup = try prepare(spec)
        let workload = try setup.makeWorkload()
        let descriptor = setup.entry.descriptor
        let scoredSeconds = descriptor.estimates.isEmpty && descriptor.events.isEmpty ? nil : setup.input.reference?.duration
        try OutputEmitter.emit(
            spec, workload: workload, of: setup.entry, sensors: setup.sensors, input: setup.input, seconds: scoredSeconds ?? spec.durationSeconds,
            attitudeAlignment: scored?.measures.attitude, into: &sink)
    }
}

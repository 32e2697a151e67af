extension BenchmarkRunner {
    /// Writes `emitted`'s outputs to `sink` in an unmeasured replay of its input through a fresh
    /// workload (see `OutputEmitter`): the stretch the accuracy pass scores when the workload
    /// estimates something the source has the truth of, else the case's real-time duration.
    /// `accuracy` is the run's: its fit for the case (a recording's yaw offset and time shift) is
    /// applied to the truth and error columns.
    public func emitOutputs(of emitted: EmittedCase, accuracy: [AccuracyResult], into sink: inout some EmittedRowSink) throws {
        let spec = emitted.spec
        let setup = try prepare(spec)
        let scored = accuracy.first {
            $0.recordedEstimate == nil && $0.workload == spec.workload && $0.rateHz == spec.rateHz && $0.filter == spec.filter
                && $0.parameters == spec.parameters && $0.recordedTiming == spec.recordedTiming
        }
        let workload = try setup.makeWorkload()
        let scoredSeconds = type(of: workload).descriptor.estimates.isEmpty ? nil : setup.input.reference?.duration
        try OutputEmitter.emit(
            spec, workload: workload, sensors: setup.sensors, input: setup.input, seconds: scoredSeconds ?? spec.durationSeconds,
            attitudeAlignment: scored?.measures.attitude, into: &sink)
    }
}

extension Trace {
    /// The same recording with every stream's times moved by `-offset` seconds (samples, the
    /// calibrated field, the truth, the recorded estimates and the labelled events), so that `offset` on its clock reads 0.
    public func shifted(by offset: Double) -> Trace {
        func shift(_ samples: [SensorSample]) -> [SensorSample] {
            samples.map { SensorSample(sensor: $0.sensor, time: $0.time - offset, value: $0.value) }
        }
        func shift(_ samples: [GroundTruth]) -> [GroundTruth] {
            samples.map { sample in
                var sample = sample
                sample.time -= offset
                return sample
            }
        }
        var trace = self
        trace.samples = samples.mapValues(shift)
        trace.calibratedMagnetometer = shift(calibratedMagnetometer)
        trace.truth = shift(truth)
        trace.estimates = estimates.map { RecordedEstimate(id: $0.id, label: $0.label, samples: shift($0.samples)) }
        trace.events = events.map { LabelledEvent($0.label, at: $0.time - offset, until: $0.end.map { $0 - offset }) }
        return trace
    }
}

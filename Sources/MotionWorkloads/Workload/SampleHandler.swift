import MotionSensors

/// What a `ClosureWorkload` does in one case: a state, the closure that updates it with each sample,
/// and, optionally, closures that read it for the run's outputs.
///
/// The state is the feature as the app holds it (a detector, a filter, a count). `handle` gets it
/// `inout`, so the update is the app's own code, in place, with nothing allocated per sample. Each
/// output is a closure of the state, set by a modifier: `summary` (values recorded with the run),
/// `estimate` (what accuracy scores), `events` (the events detected, which accuracy scores too) and
/// `outputs` (the emitted columns' values).
public struct SampleHandler<State> {
    var state: State
    let handle: (inout State, SensorSample) -> Void
    var summaryOfState: ((State) -> [String: Double])?
    var estimateOfState: ((State) -> GroundTruth?)?
    var eventsOfState: ((State) -> [LabelledEvent])?
    var outputsOfState: ((State, inout OutputRows) -> Void)?

    /// A handler that starts from `state` and updates it with each sample (those of the workload's
    /// sensors, at one instant in the order `sensors` lists them) in `handle`.
    public init(_ state: State, handle: @escaping (inout State, SensorSample) -> Void) {
        self.state = state
        self.handle = handle
    }

    /// This handler with `values` giving the counts and final values recorded with each case (names
    /// lower_snake_case), e.g. `["gestures": Double(detector.count)]`.
    public func summary(_ values: @escaping (State) -> [String: Double]) -> SampleHandler {
        var handler = self
        handler.summaryOfState = values
        return handler
    }

    /// This handler with `value` giving what it estimates now that a source's truth can score (the
    /// workload's `estimates`), timed by the sample it came from; nil before the first estimate.
    public func estimate(_ value: @escaping (State) -> GroundTruth?) -> SampleHandler {
        var handler = self
        handler.estimateOfState = value
        return handler
    }

    /// This handler with `detected` giving the events detected so far (the workload's `events`), read
    /// once the case's replay is over. Keep them in the state in an `EventLog` made `for:` the case's
    /// configuration, which keeps nothing on a measured run:
    ///
    /// ```swift
    /// SampleHandler((detector: FaceDownDetector(), log: EventLog(for: configuration))) { state, sample in
    ///     if state.detector.update(sample.value) { state.log.record("face-down", at: sample.time) }
    /// }
    /// .events { state in state.log.events }
    /// ```
    public func events(_ detected: @escaping (State) -> [LabelledEvent]) -> SampleHandler {
        var handler = self
        handler.eventsOfState = detected
        return handler
    }

    /// This handler with `write` adding a value per `ClosureWorkload.outputColumns` entry to the
    /// emitted row of each sample instant (`run --emit`); the row is ended for it.
    public func outputs(_ write: @escaping (State, inout OutputRows) -> Void) -> SampleHandler {
        var handler = self
        handler.outputsOfState = write
        return handler
    }
}

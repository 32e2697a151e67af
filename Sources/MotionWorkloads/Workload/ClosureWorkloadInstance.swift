import MotionSensors

/// What a `ClosureWorkload` makes for a case: its handler's state, fed sample by sample.
///
/// Its `handle` is the handler's closure itself, called with the state's address and the sample's, and
/// a virtual-time replay (`receive(_:)`) calls that closure from its loop with the address of the
/// lap's copy of each sample, so a sample costs one call to the closure and the write of its time,
/// neither a call through the workload nor a copy of the sample.
public final class ClosureWorkloadInstance: WorkloadInstance {
    /// The state, outside the object: a stored property handed `inout` to a closure the compiler
    /// cannot see into would be checked for exclusive access at run time on every sample.
    @usableFromInline let state: UnsafeMutableRawPointer
    /// The handler's closure, taking the state and the sample by their addresses.
    @usableFromInline let update: (UnsafeMutableRawPointer, UnsafePointer<SensorSample>) -> Void
    private let release: () -> Void
    private let summary: () -> [String: Double]
    private let estimate: () -> GroundTruth?
    private let events: () -> [LabelledEvent]
    private let outputs: (inout OutputRows) -> Void

    /// An instance running `handler`.
    init<State>(_ handler: SampleHandler<State>) {
        let typed = UnsafeMutablePointer<State>.allocate(capacity: 1)
        typed.initialize(to: handler.state)
        state = UnsafeMutableRawPointer(typed)
        // A closure taking an `inout` value is called with the value's address, as one taking a raw
        // pointer is; and one taking a `SensorSample` (five words, more than Swift passes a value in
        // registers) with the sample's address, as one taking a pointer to it is: the same call, so
        // the closure is kept as it is, with no wrapper to call through (`ClosureWorkloadTests`
        // checks the samples it sees). Cast inside structs, whose fields keep their representation:
        // cast alone, each side of a generic cast would get a reabstraction thunk to call through.
        update = unsafeBitCast(TypedUpdate(call: handler.handle), to: RawUpdate.self).call
        release = {
            typed.deinitialize(count: 1)
            typed.deallocate()
        }
        // Each reader captures its own closure, never the handler: the handler holds the starting
        // state, and a copy of it kept alive would share the state's buffers, so the first write in
        // `handle` would copy them (a 256 KiB array twice on the heap) instead of updating in place.
        let summaryOfState = handler.summaryOfState, estimateOfState = handler.estimateOfState
        let eventsOfState = handler.eventsOfState, outputsOfState = handler.outputsOfState
        summary = { summaryOfState?(typed.pointee) ?? [:] }
        estimate = { estimateOfState?(typed.pointee) }
        events = { eventsOfState?(typed.pointee) ?? [] }
        outputs = { rows in outputsOfState?(typed.pointee, &rows) }
    }

    deinit {
        release()
    }

    /// Hands `sample` to the handler's closure with the state.
    @inlinable
    public func handle(_ sample: SensorSample) {
        withUnsafePointer(to: sample) { sample in update(state, sample) }
    }

    /// Walks `replay` into the handler's closure, called from the replay's loop for each sample.
    public func receive(_ replay: inout LapReplay) {
        // Locals: the loop then calls the closure with what it keeps in registers.
        let update = self.update, state = self.state
        replay.deliver(to: self) { sample in update(state, sample) }
    }

    /// Makes the lap's samples that `receive(_:)` hands the closure by address.
    public static func prepare(_ replay: inout LapReplay) {
        replay.prepareSamples()
    }

    /// Never called: a closure workload has no display rate.
    public func renderFrame(at time: Double) {}

    /// The handler's `summary` of the state; empty without one.
    public var outputSummary: [String: Double] { summary() }

    /// The handler's `estimate` from the state; nil without one.
    public var currentEstimate: GroundTruth? { estimate() }

    /// The handler's `events` from the state; none without them.
    public var detectedEvents: [LabelledEvent] { events() }

    /// The handler's `outputs` of the state, in one row.
    public func writeOutputs(into rows: inout OutputRows) {
        outputs(&rows)
        rows.endRow()
    }
}

/// The handler's closure as `SampleHandler` stores it.
private struct TypedUpdate<State> {
    let call: (inout State, SensorSample) -> Void
}

/// The same closure read as taking the state's address and the sample's.
private struct RawUpdate {
    let call: (UnsafeMutableRawPointer, UnsafePointer<SensorSample>) -> Void
}

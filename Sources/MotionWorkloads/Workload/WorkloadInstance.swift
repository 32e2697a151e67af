import MotionSensors

/// A workload made for one case, as the runner feeds and reads it: an instance of a class conforming
/// to `Workload`, or what a `ClosureWorkload` makes.
///
/// A workload never knows how it is measured: the runner makes one per case, hands it samples,
/// display frames and touches in delivery order (`DeliveryOrder`, through `MotionEvent.deliver(to:)`)
/// on one thread, and reads `outputSummary` at the end. Steady-state `handle` and `renderFrame` calls
/// must not allocate.
public protocol WorkloadInstance: MotionEventReceiver {
    // From `MotionEventReceiver`: `handle(_ sample:)` takes one sample of the descriptor's `sensors` or
    // `optionalSensors`; `renderFrame(at:)` is only called when the descriptor's `displayRate` is set;
    // `handle(_ touch:)` takes a gesture when it starts, and a gesture with a duration (drag, pinch,
    // rotation) is followed by the workload itself over the frames that come.

    /// Called once after the last event of a case, on the same thread: a workload that hands work to
    /// threads of its own waits here until they have caught up, so their work counts in the case.
    /// Such threads are named with `workerThreadPrefix` so reports count them as the workload's.
    func finish()

    /// Counts and final values that show the work was done (frames drawn, shakes seen, last labels…),
    /// recorded with each run; names are lower_snake_case.
    var outputSummary: [String: Double] { get }

    /// What the workload estimates now that a source's truth can score, in `GroundTruth`'s fields (an
    /// attitude and headings, a relative altitude, a step count), timed by the sample it came from;
    /// nil before the first estimate, and always for a workload whose outputs have nothing true to meet.
    /// Read by the accuracy pass between events, never on a measured run.
    var currentEstimate: GroundTruth? { get }

    /// The events detected so far (a shake, a step, face down from … to …), in the order detected, each
    /// timed by the sample it came from, its label one of the descriptor's `events`. Read by the
    /// accuracy replay after `finish`, never on a measured run: keep them in an `EventLog` made `for:`
    /// the configuration, which keeps nothing (and allocates nothing) unless the replay asks.
    var detectedEvents: [LabelledEvent] { get }

    /// One line on what the headless screen shows now (labels, positions, colours…), numbers with fixed
    /// decimals so it compares as text across platforms: for golden tests and verbose output, never
    /// called on the hot path.
    func describeState() -> String

    /// Appends what the headless screen shows now to `rows`, a value per output column of its workload
    /// in order, and ends the row; a workload showing many items (the motion cube's shapes) writes a
    /// row per item. Called by the unmeasured replay that emits a run's outputs after each sample
    /// instant (after each frame for a workload with a display rate), never on a measured run.
    func writeOutputs(into rows: inout OutputRows)
}

extension WorkloadInstance {
    /// The output summary as sorted `key=value` pairs with six decimals, for workloads with no richer
    /// state to show.
    public func describeState() -> String {
        outputSummary.sorted { $0.key < $1.key }
            .map { "\($0.key)=\(FixedDecimal.format($0.value, decimals: 6))" }
            .joined(separator: " ")
    }

    /// No touch input by default.
    public func handle(_ touch: TouchEvent) {}

    /// Nothing to wait for by default.
    public func finish() {}

    /// Nothing to score by default.
    public var currentEstimate: GroundTruth? { nil }

    /// No events by default.
    public var detectedEvents: [LabelledEvent] { [] }

    /// One row with no outputs of its own by default.
    public func writeOutputs(into rows: inout OutputRows) {
        rows.endRow()
    }
}

/// The name prefix of threads a workload starts for itself (at most 15 bytes in all on Linux, e.g.
/// `mb-worker-steps`): reports give them the role `worker` and add their CPU to the workload's.
public let workerThreadPrefix = "mb-worker"

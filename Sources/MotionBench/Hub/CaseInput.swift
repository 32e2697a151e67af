import MotionSensors

/// What feeds one case: the sensor source, read at the case's rate, and the scripted touches.
public struct CaseInput {
    /// The readings.
    public var source: any SensorSource
    /// Gestures, by time since the start.
    public var touches: [TouchEvent]
    /// A recording's own samples of the subscribed sensors, merged in time order from time 0, when
    /// the case replays at the recording's timing (`--rate native`) instead of sampling `source`.
    public var recorded: [SensorSample]?
    /// What the source knows to score outputs against; nil when it has no truth.
    public var reference: AccuracyReference?
    /// What the source knows of its sensors' errors, handed to the workload; nil when nothing.
    public var calibration: SensorCalibration?

    /// Creates an input.
    public init(
        source: any SensorSource, touches: [TouchEvent] = [], recorded: [SensorSample]? = nil, reference: AccuracyReference? = nil,
        calibration: SensorCalibration? = nil
    ) {
        self.source = source
        self.touches = touches
        self.recorded = recorded
        self.reference = reference
        self.calibration = calibration
    }
}

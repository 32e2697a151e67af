import MotionSensors

/// What the pedometer screen shows, as the worker last published it: `CMPedometerData`'s numbers
/// plus the activity and the goal.
public struct PedometerResults: Hashable, Sendable {
    /// Sensor samples the worker has processed.
    public var samples = 0
    /// Steps since the start date.
    public var steps = 0
    /// Steps × stride, in metres.
    public var distance = 0.0
    /// Floors climbed on foot.
    public var floorsAscended = 0
    /// Floors descended on foot.
    public var floorsDescended = 0
    /// Steps per minute over the last few seconds; 0 when not walking.
    public var cadence = 0.0
    /// What the person is doing.
    public var activity = Activity.unknown
    /// How sure the classifier is, 0–1.
    public var confidence = 0.0
    /// Steps over the goal, 0–1 (1 once it is reached).
    public var goalProgress = 0.0

    /// Results before any sample.
    public init() {}
}

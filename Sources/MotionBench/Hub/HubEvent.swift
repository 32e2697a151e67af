import MotionSensors

/// What the hub hands a workload thread: a sensor sample, a display frame, or the end of the case.
public enum HubEvent: Sendable, Equatable {
    /// A sensor reading to pass to `Workload.handle`.
    case sample(SensorSample)
    /// A display frame due at this many seconds, for `Workload.renderFrame`.
    case frame(Double)
    /// A scripted gesture, for `Workload.handle(_:)`, delivered with the first sample or frame at or
    /// after its time (touches reach an app on its run loop, between frames, never between them).
    case touch(TouchEvent)
    /// No more events: the workload thread finishes.
    case end
}

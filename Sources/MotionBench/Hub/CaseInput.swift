import MotionSensors

/// What feeds one case: the sensor source, read at the case's rate, and the scripted touches.
public struct CaseInput {
    /// The readings.
    public var source: any SensorSource
    /// Gestures, by time since the start.
    public var touches: [TouchEvent]

    /// Creates an input.
    public init(source: any SensorSource, touches: [TouchEvent] = []) {
        self.source = source
        self.touches = touches
    }
}

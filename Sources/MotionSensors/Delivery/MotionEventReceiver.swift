/// Whatever takes a case's events in delivery order: a workload, or something watching one.
public protocol MotionEventReceiver: AnyObject {
    /// Consumes one sensor sample, as a Core Motion handler would.
    func handle(_ sample: SensorSample)

    /// Evaluates one display frame at `time` seconds since the case's start.
    func renderFrame(at time: Double)

    /// Takes a scripted gesture when it starts (`touch.time`).
    func handle(_ touch: TouchEvent)
}

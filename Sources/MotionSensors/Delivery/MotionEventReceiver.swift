/// Whatever takes a case's events in delivery order: a workload, or something watching one.
public protocol MotionEventReceiver: AnyObject {
    /// Consumes one sensor sample, as a Core Motion handler would.
    func handle(_ sample: SensorSample)

    /// Evaluates one display frame at `time` seconds since the case's start.
    func renderFrame(at time: Double)

    /// Takes a scripted gesture when it starts (`touch.time`).
    func handle(_ touch: TouchEvent)

    /// Takes every event `replay` has still to deliver. Left to the default, which walks the replay
    /// calling this receiver's own methods, compiled for its type where the type is declared, so a
    /// virtual-time replay pays no dynamic call per event; a receiver that hands its samples to a
    /// closure walks it with `LapReplay.deliver(to:samplesTo:)`, calling the closure from the loop.
    func receive(_ replay: inout LapReplay)
}

extension MotionEventReceiver {
    /// Walks `replay` into this receiver (`LapReplay.deliver(to:)`), specialized for its type.
    @inlinable
    public func receive(_ replay: inout LapReplay) {
        replay.deliver(to: self)
    }
}

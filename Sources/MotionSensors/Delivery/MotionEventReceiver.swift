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
    /// closure walks it with `LapReplay.deliver(to:samplesTo:)`, calling the closure from the loop
    /// with each sample's address.
    func receive(_ replay: inout LapReplay)

    /// Readies `replay` for receivers of this type before the clock starts, so that `receive(_:)`
    /// allocates nothing while it is measured. Left to the default, which needs nothing; a receiver
    /// that walks it with `LapReplay.deliver(to:samplesTo:)` makes the lap's samples
    /// (`LapReplay.prepareSamples()`).
    static func prepare(_ replay: inout LapReplay)
}

extension MotionEventReceiver {
    /// Walks `replay` into this receiver (`LapReplay.deliver(to:)`), specialized for its type.
    @inlinable
    public func receive(_ replay: inout LapReplay) {
        replay.deliver(to: self)
    }

    /// Needs nothing: `LapReplay.deliver(to:)` allocates nothing.
    public static func prepare(_ replay: inout LapReplay) {}
}

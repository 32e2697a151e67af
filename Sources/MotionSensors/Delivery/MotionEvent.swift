/// What a workload is handed while a case runs: a sensor sample, a display frame, or a scripted touch.
public enum MotionEvent: Sendable, Equatable {
    /// A sensor reading, for `MotionEventReceiver.handle(_:)`.
    case sample(SensorSample)
    /// A display frame due at this many seconds since the case's start, for `renderFrame(at:)`.
    case frame(Double)
    /// A scripted gesture, delivered just before the first sample or frame at or after its time
    /// (touches reach an app on its run loop, between frames).
    case touch(TouchEvent)

    /// Hands the event to `receiver`. The one place the three kinds of event meet a workload: real
    /// time, virtual time, the accuracy pass, the emitted outputs, the tests and the micro-benchmarks all call it.
    /// Always inlined: a caller holding a workload of unknown type then calls its `handle` as
    /// directly as through the existential, and one holding a known type calls it statically.
    @inlinable @inline(__always)
    public func deliver(to receiver: some MotionEventReceiver) {
        switch self {
        case let .sample(sample): receiver.handle(sample)
        case let .frame(time): receiver.renderFrame(at: time)
        case let .touch(touch): receiver.handle(touch)
        }
    }
}

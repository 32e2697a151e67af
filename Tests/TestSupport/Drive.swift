import MotionSensors

/// Feeds `receiver` as the runner does for `duration` seconds: ticks `0 ..< ⌈duration × rate⌉` at
/// `rate`, each one reading of every sensor in `sensors` from `source`, frames at `displayRate` before
/// the tick after the last, and `touches`, all in delivery order (`MotionEventStream`) and through
/// `MotionEvent.deliver(to:)`; `observe` sees each event after the receiver took it.
public func drive<Source: SensorSource>(
    _ receiver: some MotionEventReceiver, source: inout Source, sensors: [SensorKind], rate: Double,
    displayRate: Double? = nil, duration: Double, touches: [TouchEvent] = [], observe: (MotionEvent) -> Void = { _ in }
) {
    let ticks = Int((duration * rate).rounded(.up))
    var stream = MotionEventStream(
        feed: FixedRateFeed(source: source, sensors: sensors, rate: rate, tickCount: ticks), displayRate: displayRate, touches: touches)
    while let event = stream.next() {
        event.deliver(to: receiver)
        observe(event)
    }
    source = stream.feed.source
}

/// A source whose readings a closure makes from the sensor and the time, for tests that need exact inputs.
public struct FunctionSource: SensorSource {
    public let sensors: Set<SensorKind>
    private let reading: (SensorKind, Double) -> SensorSample

    /// A source of `sensors` reading `reading(sensor, time)`.
    public init(_ sensors: Set<SensorKind>, reading: @escaping (SensorKind, Double) -> SensorSample) {
        self.sensors = sensors
        self.reading = reading
    }

    public mutating func reading(of sensor: SensorKind, at time: Double) -> SensorSample {
        reading(sensor, time)
    }
}

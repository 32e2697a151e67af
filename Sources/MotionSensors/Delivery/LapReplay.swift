/// A replay of an `EventLap`, lap after lap, time moving on, until a number of units (ticks or
/// recorded samples) is fed, with the scripted touches merged in when they fall due: how a
/// virtual-time case feeds its workload.
///
/// The lap's events are walked by a tight loop that only shifts each event's time by its lap's start
/// and hands it on (`MotionEvent.deliver(to:)`); touches, laps and the end are dealt with between
/// stretches of that loop, never per event. The loop is generic over the receiver's type and reached
/// through `MotionEventReceiver.receive(_:)`, so it is compiled for each workload's type where that
/// is declared: each event is a direct call, one call an event, as a sensor's handler makes it.
/// Nothing is allocated.
public struct LapReplay {
    /// The lap replayed.
    public let lap: EventLap
    /// Ticks or recorded samples fed in all.
    public let units: Int
    @usableFromInline var touches: TouchQueue
    /// Where the replay stands: the lap, and the index of the next event in it.
    @usableFromInline var lapIndex = 0
    @usableFromInline var position = 0
    /// The last lap and where its events end: the start of the unit after the replay's last.
    @usableFromInline let lastLap: Int
    @usableFromInline let lastEnd: Int

    /// Feeds `units` ticks or recorded samples of `lap` (with the frames before the one after the
    /// last), and `touches`, each just before the first sample or frame at or after its time; touches
    /// due after the last event are not handed out.
    public init(lap: EventLap, units: Int, touches: [TouchEvent] = []) {
        self.lap = lap
        self.units = max(0, units)
        self.touches = TouchQueue(touches)
        // The last lap is the one holding unit `units - 1`; it ends where the unit after it begins.
        lastLap = self.units > 0 ? (self.units - 1) / lap.units : 0
        lastEnd = lap.unitStarts[self.units - lastLap * lap.units]
    }

    /// How many laps the replay feeds, a fraction for a lap fed in part.
    public var laps: Double { Double(units) / Double(lap.units) }

    /// The display frames the replay delivers.
    public var frames: Int {
        lastLap * lap.frames(beforeUnit: lap.units) + lap.frames(beforeUnit: units - lastLap * lap.units)
    }

    /// The instant that ends the replay's stretch, seconds since its start: that of the unit after its last.
    public var endInstant: Double {
        lap.start(ofLap: lastLap) + lap.instant(ofUnit: units - lastLap * lap.units)
    }

    /// Delivers every event not yet delivered to `receiver`, in delivery order.
    @inlinable
    public mutating func deliver<Receiver: MotionEventReceiver>(to receiver: Receiver) {
        deliver(to: receiver) { event, offset in Self.handOver(sampleAt: event, shiftedBy: offset, to: receiver) }
    }

    /// Delivers every event not yet delivered, in delivery order: each sample to `handle`, called from
    /// the loop itself with nothing between, frames and touches to `receiver`. For a receiver whose
    /// samples go to a closure the compiler cannot see into, so no work of the receiver's is merged
    /// with the loop's.
    @inlinable
    public mutating func deliver<Receiver: MotionEventReceiver>(to receiver: Receiver, samplesTo handle: (SensorSample) -> Void) {
        deliver(to: receiver) { event, offset in
            handle(SensorSample(sensor: event.pointee.sensor.unsafelyUnwrapped, time: event.pointee.time + offset, value: event.pointee.value))
        }
    }

    /// Delivers every event not yet delivered, in delivery order: each sample by `handSample` (given the
    /// event and the offset of its lap), frames and touches to `receiver`.
    @inlinable @inline(__always)
    mutating func deliver<Receiver: MotionEventReceiver>(
        to receiver: Receiver, handingOver handSample: (UnsafePointer<EventLap.Event>, Double) -> Void
    ) {
        // Locals: the stretches below would otherwise read and write `self` around every call.
        let events = lap.events
        var lapIndex = self.lapIndex, position = self.position
        while true {
            let end = lapIndex == lastLap ? lastEnd : events.count
            let offset = lap.start(ofLap: lapIndex)
            while position < end {
                var stop = end
                if let touch = touches.nextTime, DeliveryOrder.touch(at: touch, isDueBy: events[end - 1].time + offset) {
                    stop = Self.firstEvent(in: events, from: position, to: end, atOrAfter: touch, shiftedBy: offset)
                }
                Self.walk(events, position..<stop, shiftedBy: offset, to: receiver, handingOver: handSample)
                position = stop
                if stop < end {
                    let due = events[stop].time + offset
                    while let touch = touches.next(dueBy: due) { MotionEvent.touch(touch).deliver(to: receiver) }
                }
            }
            guard lapIndex < lastLap else { break }
            lapIndex += 1
            position = 0
        }
        self.lapIndex = lapIndex
        self.position = position
    }

    /// Hands `range` of `events` on, each `offset` seconds later than in the lap, samples by `handSample`
    /// and frames to `receiver`: the loop every sample and frame of a replay goes through.
    @inlinable @inline(__always)
    static func walk<Receiver: MotionEventReceiver>(
        _ events: [EventLap.Event], _ range: Range<Int>, shiftedBy offset: Double, to receiver: Receiver,
        handingOver handSample: (UnsafePointer<EventLap.Event>, Double) -> Void
    ) {
        events.withUnsafeBufferPointer { buffer in
            guard let first = buffer.baseAddress else { return }
            for index in range {
                let event = first + index
                if event.pointee.sensor != nil {
                    handSample(event, offset)
                } else {
                    Self.handOver(frameAt: event, shiftedBy: offset, to: receiver)
                }
            }
        }
    }

    /// Hands the sample at `event` to `receiver`: a call of its own, compiled for the receiver's type
    /// but never inlined into the loop, so a workload's work on each sample is compiled as a sensor's
    /// handler would call it, one sample at a time, never merged with the next sample's.
    @inlinable @inline(never)
    static func handOver<Receiver: MotionEventReceiver>(
        sampleAt event: UnsafePointer<EventLap.Event>, shiftedBy offset: Double, to receiver: Receiver
    ) {
        let event = event.pointee
        MotionEvent.sample(SensorSample(sensor: event.sensor.unsafelyUnwrapped, time: event.time + offset, value: event.value))
            .deliver(to: receiver)
    }

    /// Hands the frame at `event` to `receiver`, as `handOver(sampleAt:shiftedBy:to:)` does a sample.
    @inlinable @inline(never)
    static func handOver<Receiver: MotionEventReceiver>(
        frameAt event: UnsafePointer<EventLap.Event>, shiftedBy offset: Double, to receiver: Receiver
    ) {
        MotionEvent.frame(event.pointee.time + offset).deliver(to: receiver)
    }

    /// The first index in `start ..< end` whose event, `offset` seconds later, is at or after `time`;
    /// `end` when none is (the events are in time order).
    @inlinable
    static func firstEvent(in events: [EventLap.Event], from start: Int, to end: Int, atOrAfter time: Double, shiftedBy offset: Double) -> Int {
        var low = start, high = end
        while low < high {
            let middle = (low + high) / 2
            if DeliveryOrder.touch(at: time, isDueBy: events[middle].time + offset) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

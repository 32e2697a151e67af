/// A replay of an `EventLap`, lap after lap, time moving on, until a number of units (ticks or
/// recorded samples) is fed, with the scripted touches merged in when they fall due: how a
/// virtual-time case feeds its workload.
///
/// The lap's events are walked by a tight loop that only shifts each event's time by its lap's start
/// and hands it on (`MotionEvent.deliver(to:)`); touches, laps and the end are dealt with between
/// stretches of that loop, never per event. The loop is generic over the receiver's type and reached
/// through `MotionEventReceiver.receive(_:)`, so it is compiled for each workload's type where that
/// is declared: each event is a direct call, one call an event, as a sensor's handler makes it.
/// Nothing is allocated. A replay may also call a mark after every so many units (`mark(every:with:)`),
/// at the end of a stretch it cuts there, so a case can time its chunks without touching the loop.
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
    /// Where a delivery stops (`pause(afterUnit:)`): a lap, and the index its events stop at; the
    /// replay's end unless paused before it.
    @usableFromInline var stopLap: Int
    @usableFromInline var stopEnd: Int
    /// Whether the lap has display frames among its samples.
    @usableFromInline let lapHasFrames: Bool
    /// The lap's samples in memory, for `deliver(to:samplesTo:)`; nil until `prepareSamples()`.
    @usableFromInline var samples: LapSamples?
    /// The mark's interval in units, and what it calls (`mark(every:with:)`); 0 and nothing without
    /// one. Not optional: unwrapping a closure through `Optional`'s generic code allocates a thunk.
    @usableFromInline var markInterval = 0
    @usableFromInline var markAction: () -> Void = {}
    /// Units fed by the next mark; `Int.max` without one.
    @usableFromInline var nextMark = Int.max

    /// Feeds `units` ticks or recorded samples of `lap` (with the frames before the one after the
    /// last), and `touches`, each just before the first sample or frame at or after its time; touches
    /// due after the last event are not handed out.
    public init(lap: EventLap, units: Int, touches: [TouchEvent] = []) {
        self.lap = lap
        self.units = max(0, units)
        self.touches = TouchQueue(touches)
        // The last lap is the one holding unit `units - 1`; it ends where the unit after it begins.
        (lastLap, lastEnd) = Self.end(ofUnits: self.units, in: lap)
        (stopLap, stopEnd) = (lastLap, lastEnd)
        lapHasFrames = lap.frames(beforeUnit: lap.units) > 0
    }

    /// The lap holding unit `units - 1` and the index in it where the unit after begins.
    private static func end(ofUnits units: Int, in lap: EventLap) -> (lap: Int, end: Int) {
        let last = units > 0 ? (units - 1) / lap.units : 0
        return (last, lap.unitStarts[units - last * lap.units])
    }

    /// Makes the next delivery stop after the first `units` units of the replay (at most all of
    /// them), so a caller can feed it in stretches, looking at the clock between them: the events
    /// delivered, and their order, are the same however it is cut.
    public mutating func pause(afterUnits units: Int) {
        (stopLap, stopEnd) = Self.end(ofUnits: min(max(0, units), self.units), in: lap)
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

    /// Calls `action` each time `interval` more units (ticks or recorded samples) have been fed: after
    /// the `interval`th, the `2 × interval`th, and so on up to `units`. The walk is cut into stretches
    /// there, as it is for a touch, so the loop that hands events on is untouched; `action` runs on the
    /// delivering thread, between two units. Set before anything is delivered.
    public mutating func mark(every interval: Int, with action: @escaping () -> Void) {
        precondition(interval > 0 && lapIndex == 0 && position == 0, "a mark is set before delivery, every so many units")
        markInterval = interval
        markAction = action
        nextMark = interval
    }

    /// Delivers every event not yet delivered to `receiver`, in delivery order.
    @inlinable
    public mutating func deliver<Receiver: MotionEventReceiver>(to receiver: Receiver) {
        deliver(to: receiver) { events, range, offset in Self.walk(events, range, shiftedBy: offset, to: receiver) }
    }

    /// Makes, if not yet made, the copies of the lap's samples that `deliver(to:samplesTo:)` hands
    /// out by address: one allocation, as large as the lap's events, to make before the clock starts.
    public mutating func prepareSamples() {
        if samples == nil { samples = LapSamples(lap) }
    }

    /// Delivers every event not yet delivered, in delivery order: each sample to `handle` by its
    /// address, called from the loop itself with nothing between, frames and touches to `receiver`.
    /// For a receiver whose samples go to a closure the compiler cannot see into: the sample is one
    /// of the lap's copies (`prepareSamples()`, made here if it was not), its time shifted to its lap
    /// just before the call, so no sample is copied for the call. The address is valid during the call.
    @inlinable
    public mutating func deliver<Receiver: MotionEventReceiver>(
        to receiver: Receiver, samplesTo handle: (UnsafePointer<SensorSample>) -> Void
    ) {
        prepareSamples()
        let samples = self.samples.unsafelyUnwrapped.base, hasFrames = lapHasFrames
        deliver(to: receiver) { events, range, offset in
            events.withUnsafeBufferPointer { buffer in
                guard let first = buffer.baseAddress else { return }
                if hasFrames {
                    for index in range {
                        if first[index].sensor != nil {
                            samples[index].time = first[index].time + offset
                            handle(samples + index)
                        } else {
                            Self.handOver(frameAt: first + index, shiftedBy: offset, to: receiver)
                        }
                    }
                } else {
                    // Every event is a sample: no test per event.
                    for index in range {
                        samples[index].time = first[index].time + offset
                        handle(samples + index)
                    }
                }
            }
        }
    }

    /// Delivers every event not yet delivered, in delivery order: each stretch of the lap's events
    /// between touches, marks and laps by `walkStretch` (given the events, the stretch and the offset
    /// of its lap), touches to `receiver`, marks to `markAction`.
    @inlinable @inline(__always)
    mutating func deliver<Receiver: MotionEventReceiver>(
        to receiver: Receiver, walkingStretchesWith walkStretch: ([EventLap.Event], Range<Int>, Double) -> Void
    ) {
        // Locals: the stretches below would otherwise read and write `self` around every call.
        let events = lap.events, unitStarts = lap.unitStarts, lapUnits = lap.units
        var lapIndex = self.lapIndex, position = self.position, nextMark = self.nextMark
        while true {
            let end = lapIndex == stopLap ? stopEnd : events.count
            let offset = lap.start(ofLap: lapIndex)
            // Where in this lap the next mark falls: where its unit's events begin (the lap's end for
            // its last unit); nowhere when it falls in a later lap, or there is none.
            var markUnit = nextMark - lapIndex * lapUnits
            var markAt = markUnit <= lapUnits ? unitStarts[markUnit] : Int.max
            while true {
                while position == markAt, nextMark <= units {
                    markAction()
                    nextMark += markInterval
                    markUnit += markInterval
                    markAt = markUnit <= lapUnits ? unitStarts[markUnit] : Int.max
                }
                guard position < end else { break }
                var stop = min(end, markAt)
                if let touch = touches.nextTime, DeliveryOrder.touch(at: touch, isDueBy: events[stop - 1].time + offset) {
                    stop = Self.firstEvent(in: events, from: position, to: stop, atOrAfter: touch, shiftedBy: offset)
                }
                walkStretch(events, position..<stop, offset)
                position = stop
                if stop < end {
                    let due = events[stop].time + offset
                    while let touch = touches.next(dueBy: due) { MotionEvent.touch(touch).deliver(to: receiver) }
                }
            }
            guard lapIndex < stopLap else { break }
            lapIndex += 1
            position = 0
        }
        self.lapIndex = lapIndex
        self.position = position
        self.nextMark = nextMark
    }

    /// Hands `range` of `events` on to `receiver`, each `offset` seconds later than in the lap: the
    /// loop every sample and frame of a replay goes through.
    @inlinable @inline(__always)
    static func walk<Receiver: MotionEventReceiver>(
        _ events: [EventLap.Event], _ range: Range<Int>, shiftedBy offset: Double, to receiver: Receiver
    ) {
        events.withUnsafeBufferPointer { buffer in
            guard let first = buffer.baseAddress else { return }
            for index in range {
                let event = first + index
                if event.pointee.sensor != nil {
                    Self.handOver(sampleAt: event, shiftedBy: offset, to: receiver)
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

import MotionMath

/// One lap of a case's samples and display frames, put in delivery order once, in advance, by
/// `MotionEventStream`, and kept flat so that a replay walks it with a tight loop, lap after lap, time
/// moving on (`LapReplay`): what a virtual-time case and the micro-benchmarks feed a workload, so that
/// neither making samples nor ordering them is measured, and the memory held does not grow with a
/// case's length.
///
/// A lap is a whole number of units: sample ticks at a rate (every sensor's sample at the tick's
/// instant), or a recording's own samples at their own times. Its frames are those of the lap's
/// stretch, strictly before its end, so every lap repeats the same events, `DeliveryOrder`'s lap
/// later.
public struct EventLap: Sendable {
    /// How a lap's samples are timed.
    public enum Timing: Sendable, Equatable {
        /// `count` ticks at `rate` per second, tick `k` at `DeliveryOrder.instant(of: k, rate:)`, each
        /// with the same number of samples (none for a workload that reads no sensor: its ticks still
        /// clock the lap).
        case ticks(count: Int, rate: Double)
        /// A recording's own samples at their own times, each a unit; a lap lasts `seconds`, past the
        /// last sample.
        case recorded(seconds: Double)
    }

    /// One event of a lap: a sample of `sensor`, or a display frame where `sensor` is nil (so an event
    /// is as small as a sample, and nothing in it is reference-counted).
    @usableFromInline
    struct Event: Sendable {
        @usableFromInline var sensor: SensorKind?
        /// Seconds since the lap's start.
        @usableFromInline var time: Double
        @usableFromInline var value: Vector3

        @usableFromInline
        init(sensor: SensorKind?, time: Double, value: Vector3) {
            self.sensor = sensor
            self.time = time
            self.value = value
        }
    }

    /// The lap's events in delivery order.
    @usableFromInline let events: [Event]
    /// Where each unit's events begin in `events`, and `events.count` last: unit `k`'s stretch is
    /// `unitStarts[k] ..< unitStarts[k + 1]`, its samples and the frames before the next unit.
    @usableFromInline let unitStarts: [Int]
    /// How the lap is timed.
    public let timing: Timing
    /// Samples a unit carries: a tick's sensors, 1 for a recording's sample.
    public let samplesPerUnit: Int

    /// The lap of `samples` timed by `timing` (for ticks, `count` ticks' samples in delivery order, as
    /// `FixedRateFeed` reads them), with frames at `displayRate` (nil: the workload does not animate).
    public init(samples: [SensorSample], timing: Timing, displayRate: Double?) {
        let units: Int
        switch timing {
        case let .ticks(count, _):
            precondition(count > 0 && samples.count % count == 0, "a lap of ticks holds the same samples every tick")
            units = count
            samplesPerUnit = samples.count / count
        case let .recorded(seconds):
            precondition(!samples.isEmpty && samples[samples.count - 1].time < seconds, "a recorded lap has samples, all before its end")
            units = samples.count
            samplesPerUnit = 1
        }
        self.timing = timing
        let end = Self.unitInstant(units, timing: timing, samples: samples)
        var events: [Event] = []
        var starts: [Int] = []
        starts.reserveCapacity(units + 1)
        var sampleCount = 0
        for event in MotionEventStream(feed: RecordedFeed(samples: samples[...], end: end), displayRate: displayRate) {
            switch event {
            case let .sample(sample):
                if sampleCount % samplesPerUnit == 0 { starts.append(events.count) }
                sampleCount += 1
                events.append(Event(sensor: sample.sensor, time: sample.time, value: sample.value))
            case let .frame(time):
                // Ticks without samples begin where their instant does: a frame at it comes after.
                while samplesPerUnit == 0, starts.count < units, time >= Self.unitInstant(starts.count, timing: timing, samples: samples) {
                    starts.append(events.count)
                }
                events.append(Event(sensor: nil, time: time, value: .zero))
            case .touch:
                break
            }
        }
        while starts.count < units { starts.append(events.count) }
        starts.append(events.count)
        self.events = events
        unitStarts = starts
    }

    /// Ticks or recorded samples in a lap.
    public var units: Int { unitStarts.count - 1 }

    /// Events (samples and frames) in a lap.
    public var eventCount: Int { events.count }

    /// Seconds a lap lasts.
    public var seconds: Double { instant(ofUnit: units) }

    /// The instant of unit `unit` (`0 ... units`) within a lap, seconds from its start: a tick's
    /// instant, a recorded sample's own time, and for `units` the lap's end.
    public func instant(ofUnit unit: Int) -> Double {
        switch timing {
        case let .ticks(_, rate): DeliveryOrder.instant(of: unit, rate: rate)
        case let .recorded(seconds): unit < units ? events[unitStarts[unit]].time : seconds
        }
    }

    /// The display frames among the events of units `0 ..< unit` of a lap.
    public func frames(beforeUnit unit: Int) -> Int {
        unitStarts[unit] - unit * samplesPerUnit
    }

    /// When lap `lap` starts, seconds since the replay's start (`DeliveryOrder.lapStart`).
    @inlinable
    public func start(ofLap lap: Int) -> Double {
        switch timing {
        case let .ticks(count, rate): DeliveryOrder.lapStart(lap, ticksPerLap: count, rate: rate)
        case let .recorded(seconds): DeliveryOrder.lapStart(lap, seconds: seconds)
        }
    }

    private static func unitInstant(_ unit: Int, timing: Timing, samples: [SensorSample]) -> Double {
        switch timing {
        case let .ticks(_, rate): DeliveryOrder.instant(of: unit, rate: rate)
        case let .recorded(seconds): unit < samples.count ? samples[unit].time : seconds
        }
    }
}

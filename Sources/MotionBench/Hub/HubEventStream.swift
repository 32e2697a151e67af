import MotionSensors

/// Sample ticks, display frames and touches in time order, made one at a time as they are asked
/// for, so a replay as long as a whole recording never holds it all (`EventTimeline` collects one
/// into an array). A frame due at the same instant as a sample tick comes after it, as in the
/// real-time hub; a touch comes just before the first sample or frame at or after its time.
public struct HubEventStream: IteratorProtocol, Sequence {
    private enum Timing {
        /// Ticks `0 ..< tickCount` at `rateHz`, one sample per sensor per tick, read from the source.
        case fixed(rateHz: Double, sensors: [SensorKind], tickCount: Int, frameCount: Int)
        /// A recording's own samples at their own times, and frames due before `endSeconds`.
        case recorded(ArraySlice<SensorSample>, endSeconds: Double)
    }

    /// The source the fixed-rate timing reads, advanced past what was read; nil for recorded timing.
    public private(set) var source: (any SensorSource)?
    private let timing: Timing
    private let displayRateHz: Double?
    private var touches: TouchQueue
    private var tick = 0
    private var frame = 0
    private var recordedIndex = 0
    /// Events made but not handed out yet: a tick's samples with the touches due before them.
    private var pending: [HubEvent] = []
    private var nextPending = 0

    /// Events for sample ticks `0 ..< tickCount` at `rateHz` (one sample per sensor per tick), the
    /// frames at `displayRateHz` due before tick `tickCount`, and the `touches` due by then.
    public init(
        rateHz: Double, displayRateHz: Double?, sensors: [SensorKind], tickCount: Int, source: any SensorSource,
        touches: [TouchEvent] = []
    ) {
        // Frame j comes before tick k when j / displayRate < k / rate; compared cross-multiplied so
        // that instants which coincide (frame 4 at 60 Hz, tick 1 at 15 Hz) are equal, not off by an ulp.
        let frameCount = displayRateHz.map { Int((Double(tickCount) * $0 / rateHz).rounded(.up)) } ?? 0
        timing = .fixed(rateHz: rateHz, sensors: sensors, tickCount: tickCount, frameCount: frameCount)
        self.displayRateHz = displayRateHz
        self.source = source
        self.touches = TouchQueue(touches)
    }

    /// Events for recorded samples at their own times (from 0), the frames at `displayRateHz` due
    /// before `endSeconds`, and the `touches` due by then.
    public init(recorded: ArraySlice<SensorSample>, endSeconds: Double, displayRateHz: Double?, touches: [TouchEvent] = []) {
        timing = .recorded(recorded, endSeconds: endSeconds)
        self.displayRateHz = displayRateHz
        self.touches = TouchQueue(touches)
        recordedIndex = recorded.startIndex
    }

    /// The events of `seconds` of a case's input, as the unmeasured passes (accuracy, emitting) replay
    /// it: the recording's own samples for a case at its timing, else ticks at the case's rate read
    /// from a copy of the input's source; frames when the workload animates; the scripted touches.
    public init(replaying spec: CaseSpec, animates: Bool, sensors: [SensorKind], input: CaseInput, seconds: Double) {
        let displayRate = animates ? spec.displayRateHz : nil
        if spec.recordedTiming, let recorded = input.recorded {
            let end = recorded.firstIndex { $0.time >= seconds } ?? recorded.endIndex
            self.init(recorded: recorded[..<end], endSeconds: seconds, displayRateHz: displayRate, touches: input.touches)
        } else {
            self.init(
                rateHz: spec.rateHz, displayRateHz: displayRate, sensors: sensors,
                tickCount: Int((seconds * spec.rateHz).rounded(.down)), source: input.source, touches: input.touches)
        }
    }

    /// The next event in time order; nil after the last.
    public mutating func next() -> HubEvent? {
        while nextPending == pending.count {
            pending.removeAll(keepingCapacity: true)
            nextPending = 0
            guard makeNext() else { return nil }
        }
        defer { nextPending += 1 }
        return pending[nextPending]
    }

    /// Queues the next frame or sample instant, with the touches due by then; false at the end.
    private mutating func makeNext() -> Bool {
        switch timing {
        case let .fixed(rateHz, sensors, tickCount, frameCount):
            if let displayRateHz, frame < frameCount, Double(frame) * rateHz < Double(tick) * displayRateHz {
                queueFrame(displayRateHz)
                return true
            }
            guard tick < tickCount else { return false }
            let time = Double(tick) / rateHz
            queueTouches(dueBy: time)
            for sensor in sensors {
                pending.append(.sample(source!.reading(of: sensor, at: time)))
            }
            tick += 1
            return true
        case let .recorded(samples, endSeconds):
            let due = recordedIndex < samples.endIndex ? Swift.min(samples[recordedIndex].time, endSeconds) : endSeconds
            if let displayRateHz, Double(frame) / displayRateHz < due {
                queueFrame(displayRateHz)
                return true
            }
            guard recordedIndex < samples.endIndex else { return false }
            let sample = samples[recordedIndex]
            queueTouches(dueBy: sample.time)
            pending.append(.sample(sample))
            recordedIndex += 1
            return true
        }
    }

    private mutating func queueFrame(_ displayRateHz: Double) {
        let time = Double(frame) / displayRateHz
        queueTouches(dueBy: time)
        pending.append(.frame(time))
        frame += 1
    }

    private mutating func queueTouches(dueBy time: Double) {
        var due: [HubEvent] = []
        touches.deliver(dueBy: time) { due.append(.touch($0)) }
        pending += due
    }
}

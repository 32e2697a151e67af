import MotionResults
import MotionSensors

/// What feeds one case: the sensor source, read at the case's rate, and the scripted touches.
public struct CaseInput {
    /// The readings.
    public var source: any SensorSource
    /// Gestures, by time since the start.
    public var touches: [TouchEvent]
    /// A recording's own samples of the subscribed sensors, merged in time order from time 0, when
    /// the case replays at the recording's own timing instead of sampling `source`.
    public var recorded: [SensorSample]?
    /// What the source knows to score outputs against; nil when it has no truth.
    public var reference: AccuracyReference?
    /// What the source knows of its sensors' errors, handed to the workload; nil when nothing.
    public var calibration: SensorCalibration?
    /// Seconds of recording every subscribed sensor covers from time 0, past which `source` holds the
    /// last reading; nil for the virtual device, which never runs out.
    public var recordingSeconds: Double?

    /// Creates an input.
    public init(
        source: any SensorSource, touches: [TouchEvent] = [], recorded: [SensorSample]? = nil, reference: AccuracyReference? = nil,
        calibration: SensorCalibration? = nil, recordingSeconds: Double? = nil
    ) {
        self.source = source
        self.touches = touches
        self.recorded = recorded
        self.reference = reference
        self.calibration = calibration
        self.recordingSeconds = recordingSeconds
    }
}

extension CaseInput {
    /// The events of `seconds` of this input, as the unmeasured passes (accuracy, emitting) replay
    /// it: the recording's own samples for a case at its timing, else ticks at the case's rate read
    /// from a copy of the source; frames when the workload animates; the scripted touches.
    func events(for spec: CaseSpec, animates: Bool, sensors: [SensorKind], seconds: Double) -> MotionEventStream<PassFeed> {
        let feed: PassFeed
        if spec.recordedTiming, let recorded {
            feed = .recorded(RecordedFeed(samples: recorded[...], end: seconds))
        } else {
            let ticks = Int((seconds * spec.rateHz).rounded(.down))
            feed = .fixed(FixedRateFeed(source: AnySensorSource(source), sensors: sensors, rate: spec.rateHz, tickCount: ticks))
        }
        return MotionEventStream(feed: feed, displayRate: animates ? spec.displayRateHz : nil, touches: touches)
    }
}

/// The samples of an unmeasured pass: ticks read from the source, or a recording's own.
enum PassFeed: SampleFeed {
    case fixed(FixedRateFeed<AnySensorSource>)
    case recorded(RecordedFeed)

    var nextInstant: Double? {
        switch self {
        case let .fixed(feed): feed.nextInstant
        case let .recorded(feed): feed.nextInstant
        }
    }

    var endInstant: Double {
        switch self {
        case let .fixed(feed): feed.endInstant
        case let .recorded(feed): feed.endInstant
        }
    }

    mutating func next() -> SensorSample {
        switch self {
        case var .fixed(feed):
            defer { self = .fixed(feed) }
            return feed.next()
        case var .recorded(feed):
            defer { self = .recorded(feed) }
            return feed.next()
        }
    }
}

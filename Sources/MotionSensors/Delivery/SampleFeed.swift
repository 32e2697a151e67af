/// Where a `MotionEventStream` takes its samples from, in delivery order: a source read at a fixed
/// rate (`FixedRateFeed`) or a recording's own samples (`RecordedFeed`). Implementations keep both instants in stored properties: the stream reads
/// them for every event.
public protocol SampleFeed {
    /// The instant of the next sample, seconds since the case's start; nil once every sample is out.
    var nextInstant: Double? { get }

    /// The instant that ends the stretch the feed covers: its frames are those strictly before it.
    var endInstant: Double { get }

    /// The next sample, carrying `nextInstant` as its time; called only while `nextInstant` is not nil.
    mutating func next() -> SensorSample
}

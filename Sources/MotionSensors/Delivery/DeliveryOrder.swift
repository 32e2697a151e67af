/// The one rule that orders a case's events, whatever feeds them (the real-time hub, a virtual-time
/// replay, the accuracy pass, the emitted outputs, the tests and the micro-benchmarks):
///
/// - Event `k` of a stream at `rate` per second (a sample tick, a display frame) is at the instant
///   `k / rate` seconds, computed as one division from the start (`instant(of:rate:)`), never as a
///   sum of periods; instants that coincide as fractions (frame 4 at 60 Hz, tick 1 at 15 Hz) are then
///   equal to the bit, as both are the correctly rounded value of the same number. A recorded
///   sample is at its own time.
/// - Earlier instants first. At one instant: touches, then every sample of that instant (in the order
///   the workload lists its sensors), then the frame, so a frame shows what the samples of its instant
///   did, as a Core Motion handler runs before the next screen refresh.
/// - The frames of a stretch are those strictly before the instant that ends it (the tick after its
///   last, or the end of a recording's stretch).
/// - A replay that laps a block of events (`EventLap`) repeats the block's events in the block's order,
///   each at its instant in the block plus its lap's start (`lapStart`): equal instants stay equal to
///   the bit, as the same start is added to both.
public enum DeliveryOrder {
    /// The instant of event `index` of a stream at `rate` events per second, in seconds.
    @inlinable
    public static func instant(of index: Int, rate: Double) -> Double {
        Double(index) / rate
    }

    /// When lap `lap` of a replay lapping `ticksPerLap` ticks at `rate` starts: the instant of its first tick.
    @inlinable
    public static func lapStart(_ lap: Int, ticksPerLap: Int, rate: Double) -> Double {
        instant(of: lap * ticksPerLap, rate: rate)
    }

    /// When lap `lap` of a replay lapping a recording's stretch of `seconds` starts.
    @inlinable
    public static func lapStart(_ lap: Int, seconds: Double) -> Double {
        Double(lap) * seconds
    }

    /// Whether a frame at `frame` seconds is delivered before the samples of the instant `sample`:
    /// only when it is strictly earlier.
    @inlinable
    public static func frame(at frame: Double, precedesSamplesAt sample: Double) -> Bool {
        frame < sample
    }

    /// Whether a touch at `touch` seconds is delivered before an event at `time`: when it is due by then.
    @inlinable
    public static func touch(at touch: Double, isDueBy time: Double) -> Bool {
        touch <= time
    }
}

/// A case's events in delivery order (`DeliveryOrder`), made one at a time as they are asked for: the
/// feed's samples, display frames at `displayRate` before the feed's end, and the scripted touches,
/// each just before the first sample or frame at or after its time. Nothing is collected, so a
/// stretch as long as a whole recording, or with thousands of frames per sample, holds no more than
/// one event.
public struct MotionEventStream<Feed: SampleFeed>: IteratorProtocol, Sequence {
    /// The samples' feed, advanced past what was handed out.
    public var feed: Feed { _feed }
    @usableFromInline var _feed: Feed
    @usableFromInline let displayRate: Double
    @usableFromInline var touches: TouchQueue
    @usableFromInline var frameIndex = 0
    /// The next frame's instant; infinite when the workload does not animate.
    @usableFromInline var frameInstant: Double

    /// Frames handed out so far.
    public var frames: Int { frameIndex }

    /// The events of `feed`, with frames at `displayRate` (nil: the workload does not animate) and
    /// `touches`.
    public init(feed: Feed, displayRate: Double?, touches: [TouchEvent] = []) {
        _feed = feed
        self.displayRate = displayRate ?? 0
        frameInstant = displayRate == nil ? .infinity : 0
        self.touches = TouchQueue(touches)
    }

    /// The next event; nil after the last. Touches due after the last sample and frame are not
    /// handed out: nothing would show them.
    @inlinable
    public mutating func next() -> MotionEvent? {
        // Everything is read into locals first: calling methods of `self` here would copy it, and
        // with it the feed's block, for every event.
        let sample = _feed.nextInstant
        let frame = frameInstant
        let frameFirst = DeliveryOrder.frame(at: frame, precedesSamplesAt: sample ?? _feed.endInstant)
        guard frameFirst || sample != nil else { return nil }
        if let touch = touches.next(dueBy: frameFirst ? frame : sample!) { return .touch(touch) }
        guard frameFirst else { return .sample(_feed.next()) }
        frameIndex += 1
        frameInstant = DeliveryOrder.instant(of: frameIndex, rate: displayRate)
        return .frame(frame)
    }
}

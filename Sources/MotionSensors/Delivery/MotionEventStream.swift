/// A case's events in delivery order (`DeliveryOrder`), made one at a time as they are asked for: the
/// feed's samples, display frames at `displayRate` before the feed's end, and the scripted touches,
/// each just before the first sample or frame at or after its time. Nothing is collected, so a
/// stretch as long as a whole recording, or with thousands of frames per sample, holds no more than
/// one event.
public struct MotionEventStream<Feed: SampleFeed>: IteratorProtocol, Sequence {
    /// The samples' feed, advanced past what was handed out.
    public var feed: Feed { _feed }
    @usableFromInline var _feed: Feed
    @usableFromInline let displayRate: Double?
    @usableFromInline var touches: TouchQueue
    @usableFromInline var frameIndex = 0
    @usableFromInline var frameInstant = 0.0
    /// Frames handed out so far.
    public var frames: Int { frameIndex }

    /// The events of `feed`, with frames at `displayRate` (nil: the workload does not animate) and
    /// `touches`.
    public init(feed: Feed, displayRate: Double?, touches: [TouchEvent] = []) {
        _feed = feed
        self.displayRate = displayRate
        self.touches = TouchQueue(touches)
    }

    /// The next event; nil after the last. Touches due after the last sample and frame are not
    /// handed out: nothing would show them.
    @inlinable
    public mutating func next() -> MotionEvent? {
        let sample = _feed.nextInstant
        let frame = nextFrame(before: sample ?? _feed.endInstant)
        guard let time = frame ?? sample else { return nil }
        if let touch = touches.next(dueBy: time) { return .touch(touch) }
        if let frame {
            advanceFrame()
            return .frame(frame)
        }
        return .sample(_feed.next())
    }

    /// The instant of the next frame if it comes before the samples at `instant` (or before the end).
    @inlinable
    func nextFrame(before instant: Double) -> Double? {
        guard displayRate != nil, DeliveryOrder.frame(at: frameInstant, precedesSamplesAt: instant) else { return nil }
        return frameInstant
    }

    @inlinable
    mutating func advanceFrame() {
        frameIndex += 1
        frameInstant = DeliveryOrder.instant(of: frameIndex, rate: displayRate!)
    }
}

/// A case's scripted touches waiting for their time, in time order, each handed out once.
public struct TouchQueue: Sendable {
    @usableFromInline let touches: [TouchEvent]
    @usableFromInline var nextIndex = 0

    /// Queues `touches`, sorted by time (a stable sort: touches at one instant keep their order).
    public init(_ touches: [TouchEvent]) {
        self.touches = touches.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The time of the next touch; nil when every touch has been handed out.
    @inlinable
    public var nextTime: Double? {
        nextIndex < touches.count ? touches[nextIndex].time : nil
    }

    /// The next touch if it is due by `time` (`DeliveryOrder`), taking it off the queue; nil otherwise.
    @inlinable
    public mutating func next(dueBy time: Double) -> TouchEvent? {
        // The time is compared before the touch is copied: most events have no touch due.
        guard nextIndex < touches.count, DeliveryOrder.touch(at: touches[nextIndex].time, isDueBy: time) else { return nil }
        nextIndex += 1
        return touches[nextIndex - 1]
    }
}

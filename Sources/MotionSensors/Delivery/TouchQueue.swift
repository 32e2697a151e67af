/// A case's scripted touches waiting for their time, in time order, each handed out once.
public struct TouchQueue: Sendable {
    @usableFromInline let touches: [TouchEvent]
    @usableFromInline var nextIndex = 0

    /// Queues `touches`, sorted by time (a stable sort: touches at one instant keep their order).
    public init(_ touches: [TouchEvent]) {
        self.touches = touches.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The next touch if it is due by `time` (`DeliveryOrder`), taking it off the queue; nil otherwise.
    @inlinable
    public mutating func next(dueBy time: Double) -> TouchEvent? {
        guard let touch = peek, DeliveryOrder.touch(at: touch.time, isDueBy: time) else { return nil }
        advance()
        return touch
    }

    @inlinable var peek: TouchEvent? { nextIndex < touches.count ? touches[nextIndex] : nil }
    @inlinable mutating func advance() { nextIndex += 1 }
}

import CSystemShim
import MotionSensors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bounded first-in first-out queue from the hub thread to one workload thread: events, and nil
/// for the end of the case.
///
/// Storage is a ring reserved up front, so steady-state pushes and pops allocate nothing; a full ring
/// refuses the event (the workload is not keeping up) instead of blocking the pacer, and the hub
/// counts it as dropped, as Core Motion drops samples a busy handler queue cannot take. The queue
/// also counts the sample ticks the workload has handled, and when: a tick is handled once the
/// workload comes back for the event after its last sample. Closing it ends the case where it stands:
/// what is still queued is dropped, and the workload's next pop is the end.
final class EventQueue {
    private var ring: [MotionEvent?]
    /// Whether the event in the same slot is the last sample of its tick.
    private var endsTick: [Bool]
    private var head = 0
    private var count = 0
    private var closed = false
    private var endTaken = false
    /// Whether the event the workload took last ended a tick, counted handled at its next pop.
    private var handlingTickEnd = false
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let nonEmpty = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// Sample ticks the workload has handled.
    private(set) var handledTicks = 0
    /// Monotonic nanoseconds when the workload had handled its last tick.
    private(set) var lastHandledNs: UInt64 = 0

    init(capacity: Int) {
        precondition(capacity > 0)
        ring = Array(repeating: nil, count: capacity)
        endsTick = Array(repeating: false, count: capacity)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(nonEmpty, nil)
    }

    deinit {
        pthread_cond_destroy(nonEmpty)
        pthread_mutex_destroy(mutex)
        nonEmpty.deallocate()
        mutex.deallocate()
    }

    /// Appends `event`, the last sample of its tick when `endsTick`; false when the queue is full (or
    /// closed).
    func push(_ event: MotionEvent?, endsTick: Bool = false) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard count < ring.count, !closed else { return false }
        let slot = (head + count) % ring.count
        ring[slot] = event
        self.endsTick[slot] = endsTick
        count += 1
        pthread_cond_signal(nonEmpty)
        return true
    }

    /// Appends `event`, waiting for room, for a touch that must never be lost; gives up when
    /// `givingUp` says so (the case is being stopped).
    func pushWaiting(_ event: MotionEvent?, givingUp: () -> Bool) {
        while !push(event) && !givingUp() { sched_yield() }
    }

    /// Removes the oldest event, waiting until there is one; nil is the end of the case.
    func pop() -> MotionEvent? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if handlingTickEnd {
            handlingTickEnd = false
            lastHandledNs = mb_monotonic_ns()
            handledTicks += 1
        }
        while count == 0 && !closed { pthread_cond_wait(nonEmpty, mutex) }
        guard count > 0 else {
            endTaken = true
            return nil
        }
        let event = ring[head]
        handlingTickEnd = endsTick[head]
        if event == nil { endTaken = true }
        head = (head + 1) % ring.count
        count -= 1
        return event
    }

    /// Whether the workload has taken the end of the case.
    var isDrained: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return endTaken
    }

    /// Ends the case now: the events still queued are dropped, and the workload's next pop returns
    /// the end. Returns the sample ticks and the frames dropped.
    func close() -> (ticks: Int, frames: Int) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        var dropped = (ticks: 0, frames: 0)
        for index in 0..<count {
            let slot = (head + index) % ring.count
            if endsTick[slot] { dropped.ticks += 1 }
            if case .frame? = ring[slot] { dropped.frames += 1 }
            ring[slot] = nil
        }
        count = 0
        closed = true
        pthread_cond_signal(nonEmpty)
        return dropped
    }
}

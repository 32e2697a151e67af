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
/// counts it as dropped, as Core Motion drops samples a busy handler queue cannot take.
final class EventQueue {
    private var ring: [MotionEvent?]
    private var head = 0
    private var count = 0
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let nonEmpty = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init(capacity: Int) {
        precondition(capacity > 0)
        ring = Array(repeating: nil, count: capacity)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(nonEmpty, nil)
    }

    deinit {
        pthread_cond_destroy(nonEmpty)
        pthread_mutex_destroy(mutex)
        nonEmpty.deallocate()
        mutex.deallocate()
    }

    /// Appends `event`; false when the queue is full.
    func push(_ event: MotionEvent?) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard count < ring.count else { return false }
        ring[(head + count) % ring.count] = event
        count += 1
        pthread_cond_signal(nonEmpty)
        return true
    }

    /// Appends `event`, waiting for room: for a touch or the end (nil), which must never be lost.
    func pushWaiting(_ event: MotionEvent?) {
        while !push(event) { sched_yield() }
    }

    /// Removes the oldest event, waiting until there is one; nil is the end of the case.
    func pop() -> MotionEvent? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while count == 0 { pthread_cond_wait(nonEmpty, mutex) }
        let event = ring[head]
        head = (head + 1) % ring.count
        count -= 1
        return event
    }
}

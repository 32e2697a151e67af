import MotionSensors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The hand-offs between the pedometer's "main" thread and its worker, as the app's dispatch queues
/// did them: samples go one way through a bounded single-producer, single-consumer ring, results come
/// back through a slot the worker overwrites (like `DispatchQueue.main.async` of the latest values).
///
/// One mutex guards both; the ring is reserved up front, so steady-state hand-offs allocate nothing.
/// A full ring makes the producer wait rather than drop, so every sample is processed and results
/// do not depend on the threads' timing. Condition variables are signalled only when the other side
/// sleeps, so a busy pipeline makes no wake-up calls.
final class PedometerChannel {
    private var ring: [SensorSample]
    private var head = 0
    private var count = 0
    private var pushed = 0
    private var processed = 0
    private var closed = false
    private var workerSleeping = false
    private var producerSleeping = false
    private var results = PedometerResults()
    private var chart: StepChart
    private var events: [LabelledEvent] = []
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let hasSamples = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let progressed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// Creates a channel holding up to `capacity` samples in flight and a chart like `chart`.
    init(capacity: Int, chart: StepChart) {
        precondition(capacity > 0)
        ring = Array(repeating: SensorSample(sensor: .accelerometer, time: 0, value: .zero), count: capacity)
        self.chart = chart
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(hasSamples, nil)
        pthread_cond_init(progressed, nil)
    }

    deinit {
        pthread_cond_destroy(progressed)
        pthread_cond_destroy(hasSamples)
        pthread_mutex_destroy(mutex)
        progressed.deallocate()
        hasSamples.deallocate()
        mutex.deallocate()
    }

    /// Main side: queues `sample`, waiting while the ring is full, then copies the latest published
    /// results and chart into `shown` and `shownChart`. Never inlined: counting instructions leaves its
    /// cost out (`WorkloadDescriptor.handOffFunctions`), as it depends on how the two threads interleave.
    @inline(never) func push(_ sample: SensorSample, shown: inout PedometerResults, shownChart: inout StepChart) {
        pthread_mutex_lock(mutex)
        while count == ring.count {
            producerSleeping = true
            pthread_cond_wait(progressed, mutex)
        }
        ring[(head + count) % ring.count] = sample
        count += 1
        pushed += 1
        if workerSleeping { pthread_cond_signal(hasSamples) }
        shown = results
        shownChart.copy(from: chart)
        pthread_mutex_unlock(mutex)
    }

    /// Main side: waits until the worker has processed every sample pushed, then copies the results
    /// as `push` does.
    func waitUntilProcessed(shown: inout PedometerResults, shownChart: inout StepChart) {
        pthread_mutex_lock(mutex)
        while processed < pushed {
            producerSleeping = true
            pthread_cond_wait(progressed, mutex)
        }
        shown = results
        shownChart.copy(from: chart)
        pthread_mutex_unlock(mutex)
    }

    /// Main side: the events the worker last published.
    func publishedEvents() -> [LabelledEvent] {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return events
    }

    /// Main side: tells the worker to stop once the ring is empty.
    func close() {
        pthread_mutex_lock(mutex)
        closed = true
        pthread_cond_signal(hasSamples)
        pthread_mutex_unlock(mutex)
    }

    /// Worker side: moves every queued sample into `batch` (emptied first, capacity reserved by the
    /// caller), waiting for one if there are none; false once the channel is closed and drained.
    func take(into batch: inout [SensorSample]) -> Bool {
        batch.removeAll(keepingCapacity: true)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while count == 0 {
            if closed { return false }
            workerSleeping = true
            pthread_cond_wait(hasSamples, mutex)
            workerSleeping = false
        }
        for offset in 0..<count { batch.append(ring[(head + offset) % ring.count]) }
        head = (head + count) % ring.count
        count = 0
        return true
    }

    /// Worker side: publishes the results and the events detected so far (none unless the engine
    /// keeps them) after processing `samples` more samples, and wakes the main side if it waits for
    /// room or for the worker to catch up.
    func publish(_ latest: PedometerResults, chart latestChart: StepChart, events latestEvents: [LabelledEvent], samples: Int) {
        pthread_mutex_lock(mutex)
        results = latest
        chart.copy(from: latestChart)
        events = latestEvents
        processed += samples
        if producerSleeping {
            producerSleeping = false
            pthread_cond_signal(progressed)
        }
        pthread_mutex_unlock(mutex)
    }
}

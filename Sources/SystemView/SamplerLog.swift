/// What a `Sampler`'s thread writes; the owner reads it only after joining the thread.
///
/// Every snapshot's threads go one after another into one array reserved up front, so that recording
/// allocates nothing while the reservation lasts; they become `ProcessSnapshot`s only in `snapshots()`.
final class SamplerLog {
    /// Threads per snapshot the storage is reserved for: the harness's few, a workload's workers, and
    /// the runtime's. A probe reading periods itself (`PeriodicReading`) reads at most this many.
    static let threadsPerSnapshot = 32
    /// Rows a `PeriodicReading` probe fills before handing them over.
    static let periodicRows = 64

    /// One snapshot but its threads, which are `threadCount` readings of `readings` after the previous
    /// snapshot's.
    private struct Mark {
        var monotonicNs: UInt64
        var memory: MemoryUsage
        var threadCount: Int
    }

    private var marks: [Mark] = []
    private var readings: [ThreadCPU] = []
    var failures: [String] = []
    var attempts = 0
    var missedDeadlines = 0
    var samplerTid: Int64 = 0
    var samplerCpuNs: UInt64 = 0

    /// Scratch for a `PeriodicReading` probe, reserved here so that its periods allocate nothing: the
    /// threads it reads, their names, and rows of readings in the layout of `mb_periodic_reads`.
    let periodicTids = UnsafeMutablePointer<Int64>.allocate(capacity: threadsPerSnapshot)
    var periodicNames: [String] = []
    let periodicRows = UnsafeMutablePointer<UInt64>.allocate(capacity: SamplerLog.periodicRows * (2 + threadsPerSnapshot))

    init(capacity: Int) {
        marks.reserveCapacity(capacity)
        readings.reserveCapacity(capacity * Self.threadsPerSnapshot)
        periodicNames.reserveCapacity(Self.threadsPerSnapshot)
    }

    deinit {
        periodicTids.deallocate()
        periodicRows.deallocate()
    }

    /// Takes a snapshot through the probe's ordinary call; a failure is counted and kept as text.
    func take(from probe: ProcessProbe, _ detail: SnapshotDetail = .periodic) {
        attempts += 1
        let first = readings.count
        do {
            let reading = try probe.snapshot(detail, appendingThreadsTo: &readings)
            marks.append(Mark(monotonicNs: reading.monotonicNs, memory: reading.memory, threadCount: readings.count - first))
        } catch {
            readings.removeLast(readings.count - first)
            failures.append(String(describing: error))
        }
    }

    /// Records a periodic snapshot a probe read itself: its `threadCount` threads are `thread(0)`, ….
    func record(monotonicNs: UInt64, memory: MemoryUsage, threadCount: Int, thread: (Int) -> ThreadCPU) {
        attempts += 1
        for index in 0..<threadCount { readings.append(thread(index)) }
        marks.append(Mark(monotonicNs: monotonicNs, memory: memory, threadCount: threadCount))
    }

    /// The snapshots taken, in order.
    func snapshots() -> [ProcessSnapshot] {
        var next = 0
        return marks.map { mark in
            defer { next += mark.threadCount }
            return ProcessSnapshot(monotonicNs: mark.monotonicNs, threads: Array(readings[next..<(next + mark.threadCount)]), memory: mark.memory)
        }
    }
}

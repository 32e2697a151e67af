/// Reads the CPU time of every thread of this process and the process's memory, from the kernel.
///
/// One protocol, one producer per platform (`LinuxProcessProbe`, `DarwinProcessProbe`, chosen by
/// `makeProcessProbe()`); the probe never knows what a thread is doing, only its id, name and figures.
/// Producers may be shared between threads: snapshots are taken one at a time.
public protocol ProcessProbe: AnyObject {
    /// Every thread alive now with its CPU time, plus the process's memory, stamped on the monotonic clock;
    /// `detail` says which memory figures are read.
    func snapshot(_ detail: SnapshotDetail) throws -> ProcessSnapshot

    /// The same reading with its threads appended to `threads` rather than to an array of its own, so
    /// that a caller keeping many (the sampler) can store them all in storage it reserved: a producer
    /// that can (Linux) then allocates nothing while `threads` has room and no thread has started or
    /// ended since its last snapshot. Returns the stamp and the memory.
    func snapshot(_ detail: SnapshotDetail, appendingThreadsTo threads: inout [ThreadCPU]) throws -> (monotonicNs: UInt64, memory: MemoryUsage)

    /// Resets the kernel's peak resident size so the next peak is this case's own; false where the
    /// platform cannot (the peak then covers the whole process lifetime, and reports say so).
    func resetPeakResident() -> Bool
}

extension ProcessProbe {
    /// A snapshot with every figure.
    public func snapshot() throws -> ProcessSnapshot { try snapshot(.full) }

    /// A snapshot whose threads are copied into `threads`, for a producer with no cheaper way.
    public func snapshot(_ detail: SnapshotDetail, appendingThreadsTo threads: inout [ThreadCPU]) throws -> (monotonicNs: UInt64, memory: MemoryUsage)
    {
        let snapshot = try snapshot(detail)
        threads.append(contentsOf: snapshot.threads)
        return (snapshot.monotonicNs, snapshot.memory)
    }
}

/// How much of the process a snapshot reads.
public enum SnapshotDetail: Hashable, Sendable {
    /// Every figure the platform has.
    case full
    /// What one sampling period needs: every thread's CPU time and the resident size. Where reading them
    /// costs a period extra system calls, the threads' user/system split, the peak resident size and the
    /// process-wide counters (faults, context switches) may be nil, and a thread's name may be the one
    /// it had when first seen: they are cumulative or rarely change, so a case reads them in full
    /// snapshots at its two ends.
    case periodic
}

/// One thread's CPU time at one moment.
public struct ThreadCPU: Hashable, Sendable, Codable {
    /// The kernel's thread id.
    public var tid: Int64
    /// The thread's name as the kernel knows it (at most 15 bytes on Linux); empty when unnamed.
    public var name: String
    /// Total CPU time in nanoseconds, at nanosecond resolution.
    public var cpuNs: UInt64
    /// User-mode part in nanoseconds; nil where the platform gives no split, or the snapshot did not
    /// read it (`SnapshotDetail.periodic`).
    public var userNs: UInt64?
    /// Kernel-mode part in nanoseconds; nil where `userNs` is.
    public var systemNs: UInt64?

    /// Creates a thread reading.
    public init(tid: Int64, name: String, cpuNs: UInt64, userNs: UInt64?, systemNs: UInt64?) {
        self.tid = tid
        self.name = name
        self.cpuNs = cpuNs
        self.userNs = userNs
        self.systemNs = systemNs
    }
}

/// The process's memory and scheduling counters at one moment; nil marks a figure the platform lacks.
public struct MemoryUsage: Hashable, Sendable, Codable {
    /// Resident set size in bytes.
    public var residentBytes: UInt64
    /// Peak resident set size in bytes since start or since the last `resetPeakResident`.
    public var peakResidentBytes: UInt64?
    /// Page faults served without I/O, since the process started.
    public var minorFaults: UInt64?
    /// Page faults that needed I/O, since the process started.
    public var majorFaults: UInt64?
    /// Context switches where a thread gave up the CPU, since the process started, summed over all its
    /// threads, ended ones included.
    public var voluntaryContextSwitches: UInt64?
    /// Context switches where a thread was preempted, since the process started, summed over all its
    /// threads, ended ones included.
    public var involuntaryContextSwitches: UInt64?

    /// Creates a memory reading.
    public init(
        residentBytes: UInt64, peakResidentBytes: UInt64?, minorFaults: UInt64?, majorFaults: UInt64?,
        voluntaryContextSwitches: UInt64?, involuntaryContextSwitches: UInt64?
    ) {
        self.residentBytes = residentBytes
        self.peakResidentBytes = peakResidentBytes
        self.minorFaults = minorFaults
        self.majorFaults = majorFaults
        self.voluntaryContextSwitches = voluntaryContextSwitches
        self.involuntaryContextSwitches = involuntaryContextSwitches
    }
}

/// Everything a probe read at one moment.
public struct ProcessSnapshot: Hashable, Sendable, Codable {
    /// Monotonic clock reading, in nanoseconds, when the snapshot was taken.
    public var monotonicNs: UInt64
    /// Every thread alive at that moment.
    public var threads: [ThreadCPU]
    /// The process's memory and counters.
    public var memory: MemoryUsage

    /// Creates a snapshot.
    public init(monotonicNs: UInt64, threads: [ThreadCPU], memory: MemoryUsage) {
        self.monotonicNs = monotonicNs
        self.threads = threads
        self.memory = memory
    }
}

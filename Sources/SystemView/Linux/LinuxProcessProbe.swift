#if os(Linux)
import CSystemShim
import Foundation
import Glibc

/// Reads every thread's CPU time and the process's memory from the Linux kernel.
///
/// A snapshot holds every thread alive when it was taken; a thread that ends while it is being taken is
/// left out.
///
/// - CPU: `cpuNs` is the thread's CPU-time clock (`mb_thread_cpu_ns`), exact to the nanosecond.
/// - User/system split: the kernel gives it per thread only in `task/TID/stat` (`utime`, `stime`), in
///   clock ticks of 10 ms, so `userNs` and `systemNs` are those ticks in nanoseconds: the kernel's own
///   split at its own resolution, never decreasing. Their sum trails `cpuNs` by up to two ticks; use them
///   over whole runs, not over one 100 ms interval. Apportioning `cpuNs` by the tick ratio was rejected:
///   it looks precise but is not, and the ratio's jitter can make a cumulative figure go backwards.
/// - Names: the same `stat` carries the thread's name, so a thread that names itself after it started (or
///   renames itself later) shows its current name.
/// - Memory: a full snapshot reads `VmRSS` and `VmHWM` from `/proc/self/status`, and faults and context
///   switches from `getrusage(RUSAGE_SELF)`: the whole process, ended threads included, in one system
///   call, where `/proc/self/status` would give the main thread's switches only. A periodic snapshot reads
///   the resident size alone, from `/proc/self/statm`.
///
/// What makes a periodic snapshot cheap, since a sampler takes ten a second beside the work it measures
/// and each system call costs microseconds on a virtual machine:
/// - A thread that did not run between its last two readings gets its CPU clock read first, and its
///   `stat` only if the clock has moved: a thread that has not run cannot have been renamed nor gained
///   a tick, so its name and split stand (a tick landing in the microseconds between a `stat` and the
///   clock read after it waits for the thread's next run or the next full snapshot). A thread that ran
///   is read at once (`stat`, then its clock).
/// - `/proc/self/task` is listed again only when its link count (two plus the number of threads) has
///   changed, or when a thread's clock says it has ended, which also catches one thread ending as
///   another starts.
/// - Files are kept open and re-read from offset 0 (see `ProcFileReader`).
///
/// A full snapshot reads every thread's `stat`.
///
/// The probe is safe to share between threads; snapshots are taken one at a time.
public final class LinuxProcessProbe: ProcessProbe {
    /// What the probe keeps of a thread between snapshots.
    private struct KnownThread {
        /// Its `stat`, kept open.
        var statDescriptor: Int32
        /// Its name and split at the last read of `stat`.
        var name = ""
        var userNs: UInt64 = 0
        var systemNs: UInt64 = 0
        /// Its CPU clock just after that read; nil until the first read.
        var clockAtRead: UInt64?
        /// Whether its clock moved between the last two readings.
        var ranSinceLastReading = false
    }

    private let lock = NSLock()
    private let taskDirectory: OpaquePointer
    private let statusDescriptor: Int32
    private let statmDescriptor: Int32
    private let reader = ProcFileReader()
    private let nanosecondsPerTick: UInt64
    private let pageBytes: UInt64
    private var known: [Int64: KnownThread] = [:]
    private var listedThreads: [Int64] = []
    /// The task folder's link count when it was last listed; nil forces a listing.
    private var linksAtListing: UInt64?

    /// Opens `/proc/self/task`, `/proc/self/status` and `/proc/self/statm`; throws when /proc is not there.
    public init() throws {
        guard let directory = opendir("/proc/self/task") else {
            throw ProcessProbeError.systemCall("opendir", path: "/proc/self/task", errno: errno)
        }
        var descriptors: [Int32] = []
        for path in ["/proc/self/status", "/proc/self/statm"] {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                descriptors.forEach { _ = close($0) }
                closedir(directory)
                throw ProcessProbeError.systemCall("open", path: path, errno: code)
            }
            descriptors.append(descriptor)
        }
        taskDirectory = directory
        statusDescriptor = descriptors[0]
        statmDescriptor = descriptors[1]
        nanosecondsPerTick = 1_000_000_000 / UInt64(sysconf(Int32(_SC_CLK_TCK)))
        pageBytes = UInt64(sysconf(Int32(_SC_PAGESIZE)))
    }

    deinit {
        for thread in known.values { close(thread.statDescriptor) }
        close(statusDescriptor)
        close(statmDescriptor)
        closedir(taskDirectory)
    }

    /// Every thread alive now, with its name and CPU time, and the process's memory.
    public func snapshot(_ detail: SnapshotDetail) throws -> ProcessSnapshot {
        lock.lock()
        let expected = listedThreads.count
        lock.unlock()
        var threads: [ThreadCPU] = []
        threads.reserveCapacity(expected)
        let reading = try snapshot(detail, appendingThreadsTo: &threads)
        return ProcessSnapshot(monotonicNs: reading.monotonicNs, threads: threads, memory: reading.memory)
    }

    /// The same, appending the threads to `threads`; allocates nothing while `threads` has room and the
    /// threads are those of the last snapshot.
    public func snapshot(_ detail: SnapshotDetail, appendingThreadsTo threads: inout [ThreadCPU]) throws -> (monotonicNs: UInt64, memory: MemoryUsage) {
        lock.lock()
        defer { lock.unlock() }
        let listed = try listThreadsIfChanged()
        let stamp = mb_monotonic_ns()
        let first = threads.count
        let someEnded = try read(listedThreads, detail, into: &threads)
        if someEnded && !listed {
            // One ended since the listing: another may have started in its place, unseen by the count.
            let alreadyRead = Set(threads[first...].map(\.tid))
            try listThreads()
            _ = try read(listedThreads.filter { !alreadyRead.contains($0) }, detail, into: &threads)
        }
        return (stamp, try readMemory(detail))
    }

    /// Writes 5 to `/proc/self/clear_refs`, which sets the peak (`VmHWM`) to the resident size now.
    public func resetPeakResident() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
    }

    /// Lists the threads again when the task folder's link count has moved; true when it did.
    private func listThreadsIfChanged() throws -> Bool {
        var info = stat()
        guard fstat(dirfd(taskDirectory), &info) == 0 else {
            throw ProcessProbeError.systemCall("fstat", path: "/proc/self/task", errno: errno)
        }
        // Counted before listing, so a thread that starts in between makes the next snapshot list again.
        let links = UInt64(info.st_nlink)
        if links == linksAtListing { return false }
        try listThreads()
        linksAtListing = links
        return true
    }

    private func listThreads() throws {
        listedThreads.removeAll(keepingCapacity: true)
        rewinddir(taskDirectory)
        errno = 0
        while let entry = readdir(taskDirectory) {
            // Entries are the thread ids in decimal, plus "." and "..", which do not parse.
            let tid = withUnsafeBytes(of: &entry.pointee.d_name) { name in
                ProcText.unsignedDecimal(name, 0..<(name.firstIndex(of: 0) ?? name.count))
            }
            if let tid { listedThreads.append(Int64(tid)) }
        }
        if errno != 0 {
            throw ProcessProbeError.systemCall("readdir", path: "/proc/self/task", errno: errno)
        }
        guard known.count > listedThreads.count else { return }
        let alive = Set(listedThreads)
        for (tid, thread) in known where !alive.contains(tid) { forget(tid, thread) }
    }

    /// Appends the reading of each thread in `tids`; true when one of them had ended.
    private func read(_ tids: [Int64], _ detail: SnapshotDetail, into threads: inout [ThreadCPU]) throws -> Bool {
        var someEnded = false
        // By index: an unoptimised build iterates an array through a generic iterator that allocates.
        for index in tids.indices {
            if let thread = try readThread(tids[index], detail) { threads.append(thread) } else { someEnded = true }
        }
        return someEnded
    }

    /// The thread's reading, or nil when it has ended.
    private func readThread(_ tid: Int64, _ detail: SnapshotDetail) throws -> ThreadCPU? {
        var thread = known[tid]
        // A thread that sat still at its last reading is likely still: one clock read may spare `stat`.
        if detail == .periodic, let still = thread, let clockAtRead = still.clockAtRead, !still.ranSinceLastReading {
            var cpuNs: UInt64 = 0
            guard mb_thread_cpu_ns(tid, &cpuNs) == 0 else {
                forget(tid, still)
                return nil
            }
            if cpuNs == clockAtRead {
                return ThreadCPU(tid: tid, name: still.name, cpuNs: cpuNs, userNs: still.userNs, systemNs: still.systemNs)
            }
        }
        // A kept descriptor of an ended thread fails with ESRCH even if its id was reused since,
        // so one fresh open follows a failed read.
        for attempt in 0..<2 {
            if attempt > 0, let stale = thread {
                forget(tid, stale)
                thread = nil
            }
            if thread == nil {
                guard let descriptor = try openStat(tid) else { return nil }
                // Known at once, so that a failure below closes the descriptor with the rest.
                thread = KnownThread(statDescriptor: descriptor)
                known[tid] = thread
            }
            guard var reading = thread else { return nil }
            let text: UnsafeRawBufferPointer
            do {
                text = try reader.contents(of: reading.statDescriptor, path: "/proc/self/task/\(tid)/stat")
            } catch ProcessProbeError.systemCall(_, _, ESRCH) {
                continue
            }
            let stat = try ProcStat(parsing: text)
            // The clock is read after stat so that user + system (from stat) never exceeds the total.
            var cpuNs: UInt64 = 0
            guard mb_thread_cpu_ns(tid, &cpuNs) == 0 else {
                forget(tid, reading)
                return nil
            }
            reading.name = stat.command
            reading.userNs = stat.userTicks * nanosecondsPerTick
            reading.systemNs = stat.systemTicks * nanosecondsPerTick
            reading.ranSinceLastReading = reading.clockAtRead.map { cpuNs != $0 } ?? false
            reading.clockAtRead = cpuNs
            known[tid] = reading
            return ThreadCPU(tid: tid, name: reading.name, cpuNs: cpuNs, userNs: reading.userNs, systemNs: reading.systemNs)
        }
        if let thread { forget(tid, thread) }
        return nil
    }

    /// The thread's `stat`, opened; nil when the thread is gone.
    private func openStat(_ tid: Int64) throws -> Int32? {
        let descriptor = openat(dirfd(taskDirectory), "\(tid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ESRCH { return nil }
            throw ProcessProbeError.systemCall("open", path: "/proc/self/task/\(tid)/stat", errno: errno)
        }
        return descriptor
    }

    /// Closes the thread's `stat` and drops what the probe knew of it.
    private func forget(_ tid: Int64, _ thread: KnownThread) {
        close(thread.statDescriptor)
        known[tid] = nil
    }

    private func readMemory(_ detail: SnapshotDetail) throws -> MemoryUsage {
        guard detail == .full else {
            let statm = try ProcStatm(parsing: reader.contents(of: statmDescriptor, path: "/proc/self/statm"))
            return MemoryUsage(
                residentBytes: statm.residentPages * pageBytes, peakResidentBytes: nil, minorFaults: nil,
                majorFaults: nil, voluntaryContextSwitches: nil, involuntaryContextSwitches: nil
            )
        }
        let status = try ProcStatus(parsing: reader.contents(of: statusDescriptor, path: "/proc/self/status"))
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else {
            throw ProcessProbeError.systemCall("getrusage", path: "RUSAGE_SELF", errno: errno)
        }
        return MemoryUsage(
            residentBytes: status.residentBytes,
            peakResidentBytes: status.peakResidentBytes,
            minorFaults: UInt64(usage.ru_minflt),
            majorFaults: UInt64(usage.ru_majflt),
            voluntaryContextSwitches: UInt64(usage.ru_nvcsw),
            involuntaryContextSwitches: UInt64(usage.ru_nivcsw)
        )
    }

}
#endif

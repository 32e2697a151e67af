#if os(Linux)
import CSystemShim
import Foundation
import Glibc

/// Reads every thread's CPU time and the process's memory from the Linux kernel.
///
/// Each snapshot lists `/proc/self/task` afresh, so threads that started since the last one appear and
/// threads that ended are gone; a thread that ends between the listing and its reading is left out.
///
/// - CPU: `cpuNs` is the thread's CPU-time clock (`mb_thread_cpu_ns`), exact to the nanosecond.
/// - User/system split: the kernel gives it per thread only in `task/TID/stat` (`utime`, `stime`), in
///   clock ticks of 10 ms, so `userNs` and `systemNs` are those ticks in nanoseconds: the kernel's own
///   split at its own resolution, never decreasing. Their sum trails `cpuNs` by up to two ticks; use them
///   over whole runs, not over one 100 ms interval. Apportioning `cpuNs` by the tick ratio was rejected:
///   it looks precise but is not, and the ratio's jitter can make a cumulative figure go backwards.
/// - Names: the same `stat` read carries the thread's name, so names are read on every snapshot and a
///   thread that names itself after it started (or renames itself later) shows its current name.
/// - Memory: `VmRSS` and `VmHWM` from `/proc/self/status`. Faults and context switches from
///   `getrusage(RUSAGE_SELF)`: the whole process, ended threads included, in one system call, where
///   `/proc/self/status` would give the main thread's switches only.
///
/// Files are kept open between snapshots and re-read from offset 0 (see `ProcFileReader`). The probe
/// is safe to share between threads; snapshots are taken one at a time.
public final class LinuxProcessProbe: ProcessProbe {
    private struct ThreadStatFile {
        var descriptor: Int32
        /// The snapshot in which the thread was last listed; older ones belong to ended threads.
        var lastListed: UInt64
    }

    private let lock = NSLock()
    private let taskDirectory: OpaquePointer
    private let statusDescriptor: Int32
    private let reader = ProcFileReader()
    private let nanosecondsPerTick: UInt64
    private var threadStatFiles: [Int64: ThreadStatFile] = [:]
    private var listedThreads: [Int64] = []
    private var snapshotNumber: UInt64 = 0
    private var filesListedThisSnapshot = 0

    /// Opens `/proc/self/task` and `/proc/self/status`; throws when /proc is not there.
    public init() throws {
        guard let directory = opendir("/proc/self/task") else {
            throw ProcessProbeError.systemCall("opendir", path: "/proc/self/task", errno: errno)
        }
        let status = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard status >= 0 else {
            let code = errno
            closedir(directory)
            throw ProcessProbeError.systemCall("open", path: "/proc/self/status", errno: code)
        }
        taskDirectory = directory
        statusDescriptor = status
        nanosecondsPerTick = 1_000_000_000 / UInt64(sysconf(Int32(_SC_CLK_TCK)))
    }

    deinit {
        for file in threadStatFiles.values { close(file.descriptor) }
        close(statusDescriptor)
        closedir(taskDirectory)
    }

    /// Every thread alive now, with its name and CPU time, and the process's memory.
    public func snapshot() throws -> ProcessSnapshot {
        lock.lock()
        defer { lock.unlock() }
        snapshotNumber += 1
        filesListedThisSnapshot = 0
        try listThreads()
        let stamp = mb_monotonic_ns()
        var threads: [ThreadCPU] = []
        threads.reserveCapacity(listedThreads.count)
        for tid in listedThreads {
            if let thread = try readThread(tid) { threads.append(thread) }
        }
        closeEndedThreadFiles()
        return ProcessSnapshot(monotonicNs: stamp, threads: threads, memory: try readMemory())
    }

    /// Writes 5 to `/proc/self/clear_refs`, which sets the peak (`VmHWM`) to the resident size now.
    public func resetPeakResident() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
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
    }

    /// The thread's reading, or nil when it ended before it could be read.
    private func readThread(_ tid: Int64) throws -> ThreadCPU? {
        // A kept descriptor of an ended thread fails with ESRCH even if its id was reused since,
        // so one fresh open follows a failed read.
        for attempt in 0..<2 {
            guard let descriptor = try statDescriptor(tid, reopen: attempt > 0) else { return nil }
            let text: UnsafeRawBufferPointer
            do {
                text = try reader.contents(of: descriptor, path: "/proc/self/task/\(tid)/stat")
            } catch ProcessProbeError.systemCall(_, _, ESRCH) {
                continue
            }
            let stat = try ProcStat(parsing: text)
            // The clock is read after stat so that user + system (from stat) never exceeds the total.
            var cpuNs: UInt64 = 0
            guard mb_thread_cpu_ns(tid, &cpuNs) == 0 else { return nil }
            return ThreadCPU(
                tid: tid, name: stat.command, cpuNs: cpuNs,
                userNs: stat.userTicks * nanosecondsPerTick, systemNs: stat.systemTicks * nanosecondsPerTick
            )
        }
        return nil
    }

    /// The kept descriptor of the thread's `stat`, opened on first sight; nil when the thread is gone.
    private func statDescriptor(_ tid: Int64, reopen: Bool) throws -> Int32? {
        if let file = threadStatFiles[tid] {
            if !reopen {
                threadStatFiles[tid]!.lastListed = snapshotNumber
                filesListedThisSnapshot += 1
                return file.descriptor
            }
            close(file.descriptor)
            threadStatFiles[tid] = nil
            filesListedThisSnapshot -= 1
        }
        let descriptor = openat(dirfd(taskDirectory), "\(tid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ESRCH { return nil }
            throw ProcessProbeError.systemCall("open", path: "/proc/self/task/\(tid)/stat", errno: errno)
        }
        threadStatFiles[tid] = ThreadStatFile(descriptor: descriptor, lastListed: snapshotNumber)
        filesListedThisSnapshot += 1
        return descriptor
    }

    private func closeEndedThreadFiles() {
        guard threadStatFiles.count > filesListedThisSnapshot else { return }
        for (tid, file) in threadStatFiles where file.lastListed != snapshotNumber {
            close(file.descriptor)
            threadStatFiles[tid] = nil
        }
    }

    private func readMemory() throws -> MemoryUsage {
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

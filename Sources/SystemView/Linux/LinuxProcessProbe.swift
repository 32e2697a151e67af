#if os(Linux)
    import CSystemShim
    import Glibc

    /// Reads every thread's CPU time and the process's memory from the Linux kernel.
    ///
    /// A snapshot holds every thread alive when it was taken; a thread that ends while it is being taken is
    /// left out.
    ///
    /// - CPU: `cpuNs` is the thread's CPU-time clock (`mb_thread_cpu_ns`), exact to the nanosecond, read
    ///   with one system call and no file.
    /// - User/system split: the kernel gives it per thread only in `task/TID/stat` (`utime`, `stime`), in
    ///   clock ticks of 10 ms, so `userNs` and `systemNs` are those ticks in nanoseconds: the kernel's own
    ///   split at its own resolution, never decreasing. Their sum trails `cpuNs` by up to two ticks; use them
    ///   over whole runs, not over one 100 ms interval. Apportioning `cpuNs` by the tick ratio was rejected:
    ///   it looks precise but is not, and the ratio's jitter can make a cumulative figure go backwards.
    ///   Only full snapshots read it; a periodic snapshot's split is nil.
    /// - Names: the same `stat` carries the thread's name. A full snapshot reads every thread's; a periodic
    ///   one reads a thread's at its first two sightings only (the second catches a thread seen before it
    ///   named itself), so a later rename shows at the next full snapshot.
    /// - Memory: a full snapshot reads `VmRSS` and `VmHWM` from `/proc/self/status`, and faults and context
    ///   switches from `getrusage(RUSAGE_SELF)`: the whole process, ended threads included, in one system
    ///   call, where `/proc/self/status` would give the main thread's switches only. A periodic snapshot reads
    ///   the resident size alone, from `/proc/self/statm`.
    ///
    /// What makes a periodic snapshot cheap, since a sampler takes ten a second beside the work it measures
    /// and each system call costs microseconds on a virtual machine: per thread one clock read and no file;
    /// `/proc/self/task` is listed again only when its link count (two plus the number of threads) has
    /// changed, or when a thread's clock says it has ended, which also catches one thread ending as another
    /// starts; files are kept open and re-read from offset 0 (see `ProcFileReader`). A sampler's periods
    /// make those same calls from one C loop that also waits for each deadline (`PeriodicReading`), since
    /// a period wakes to cold caches and every line of code it runs costs misses.
    ///
    /// The probe is safe to share between threads; snapshots are taken one at a time.
    public final class LinuxProcessProbe: ProcessProbe {
        /// What the probe keeps of a thread between snapshots.
        private struct KnownThread {
            var tid: Int64
            /// Its `stat`, kept open once read.
            var statDescriptor: Int32?
            /// Its name at the last read of `stat`.
            var name = ""
            /// Reads of its `stat` so far: a periodic snapshot reads it while there have been fewer than two.
            var statReads = 0
        }

        /// A pthread mutex rather than Foundation's lock: a periodic snapshot wakes to cold caches, and
        /// every library it touches costs misses.
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let taskDirectory: OpaquePointer
        private let statusDescriptor: Int32
        private let statmDescriptor: Int32
        private let reader = ProcFileReader()
        private let nanosecondsPerTick: UInt64
        private let pageBytes: UInt64
        /// The threads of the last listing, in its order, with what is known of each.
        private var threads: [KnownThread] = []
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
                    for opened in descriptors { close(opened) }
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
            pthread_mutex_init(mutex, nil)
        }

        deinit {
            for thread in threads { thread.statDescriptor.map { _ = close($0) } }
            close(statusDescriptor)
            close(statmDescriptor)
            closedir(taskDirectory)
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        /// Every thread alive now, with its name and CPU time, and the process's memory.
        public func snapshot(_ detail: SnapshotDetail) throws -> ProcessSnapshot {
            pthread_mutex_lock(mutex)
            let expected = threads.count
            pthread_mutex_unlock(mutex)
            var readings: [ThreadCPU] = []
            readings.reserveCapacity(expected)
            let reading = try snapshot(detail, appendingThreadsTo: &readings)
            return ProcessSnapshot(monotonicNs: reading.monotonicNs, threads: readings, memory: reading.memory)
        }

        /// The same, appending the threads to `readings`; allocates nothing while `readings` has room and
        /// the threads are those of the last snapshot.
        public func snapshot(_ detail: SnapshotDetail, appendingThreadsTo readings: inout [ThreadCPU]) throws -> (
            monotonicNs: UInt64, memory: MemoryUsage
        ) {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            let listed = try listThreadsIfChanged()
            let stamp = mb_monotonic_ns()
            let first = readings.count
            var someEnded = false
            for index in threads.indices {
                if let reading = try read(&threads[index], detail) { readings.append(reading) } else { someEnded = true }
            }
            if someEnded && !listed {
                // One ended since the listing: another may have started in its place, unseen by the count.
                try listThreads()
                let end = readings.count
                for index in threads.indices where !readings[first..<end].contains(where: { $0.tid == threads[index].tid }) {
                    if let reading = try read(&threads[index], detail) { readings.append(reading) }
                }
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

        /// Lists `/proc/self/task` into `threads`, keeping what is known of the threads still there and
        /// closing the `stat` of those gone.
        private func listThreads() throws {
            var known = Dictionary(threads.map { ($0.tid, $0) }, uniquingKeysWith: { first, _ in first })
            threads.removeAll(keepingCapacity: true)
            rewinddir(taskDirectory)
            errno = 0
            while let entry = readdir(taskDirectory) {
                // Entries are the thread ids in decimal, plus "." and "..", which do not parse.
                let tid = withUnsafeBytes(of: &entry.pointee.d_name) { name in
                    ProcText.unsignedDecimal(name, 0..<(name.firstIndex(of: 0) ?? name.count))
                }
                guard let tid = tid.map(Int64.init) else { continue }
                threads.append(known.removeValue(forKey: tid) ?? KnownThread(tid: tid))
            }
            let code = errno
            for gone in known.values { gone.statDescriptor.map { _ = close($0) } }
            if code != 0 {
                throw ProcessProbeError.systemCall("readdir", path: "/proc/self/task", errno: code)
            }
        }

        /// The thread's reading, or nil when it has ended (its `stat` then closed).
        private func read(_ thread: inout KnownThread, _ detail: SnapshotDetail) throws -> ThreadCPU? {
            // A thread whose name is settled needs only its clock in a periodic snapshot.
            if detail == .periodic, thread.statReads >= 2 {
                var cpuNs: UInt64 = 0
                guard mb_thread_cpu_ns(thread.tid, &cpuNs) == 0 else {
                    forget(&thread)
                    return nil
                }
                return ThreadCPU(tid: thread.tid, name: thread.name, cpuNs: cpuNs, userNs: nil, systemNs: nil)
            }
            // A kept descriptor of an ended thread fails with ESRCH even if its id was reused since,
            // so one fresh open follows a failed read.
            for _ in 0..<2 {
                if thread.statDescriptor == nil {
                    guard let descriptor = try openStat(thread.tid) else { return nil }
                    thread.statDescriptor = descriptor
                }
                let text: UnsafeRawBufferPointer
                do {
                    text = try reader.contents(of: thread.statDescriptor!, path: "/proc/self/task/\(thread.tid)/stat")
                } catch ProcessProbeError.systemCall(_, _, ESRCH) {
                    forget(&thread)
                    continue
                }
                let stat = try ProcStat(parsing: text)
                // The clock is read after stat so that user + system (from stat) never exceeds the total.
                var cpuNs: UInt64 = 0
                guard mb_thread_cpu_ns(thread.tid, &cpuNs) == 0 else {
                    forget(&thread)
                    return nil
                }
                thread.name = stat.command
                thread.statReads += 1
                guard detail == .full else { return ThreadCPU(tid: thread.tid, name: thread.name, cpuNs: cpuNs, userNs: nil, systemNs: nil) }
                return ThreadCPU(
                    tid: thread.tid, name: thread.name, cpuNs: cpuNs,
                    userNs: stat.userTicks * nanosecondsPerTick, systemNs: stat.systemTicks * nanosecondsPerTick)
            }
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

        /// Closes the thread's `stat` and forgets what was known of it: an id seen again is a new thread.
        private func forget(_ thread: inout KnownThread) {
            thread.statDescriptor.map { _ = close($0) }
            thread = KnownThread(tid: thread.tid)
        }

        private func readMemory(_ detail: SnapshotDetail) throws -> MemoryUsage {
            guard detail == .full else {
                let statm = try ProcStatm(parsing: reader.contents(of: statmDescriptor, path: "/proc/self/statm"))
                return periodicMemory(residentPages: statm.residentPages)
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

        /// A periodic snapshot's memory: the resident size alone.
        private func periodicMemory(residentPages: UInt64) -> MemoryUsage {
            MemoryUsage(
                residentBytes: residentPages * pageBytes, peakResidentBytes: nil, minorFaults: nil, majorFaults: nil,
                voluntaryContextSwitches: nil, involuntaryContextSwitches: nil
            )
        }
    }

    extension LinuxProcessProbe: PeriodicReading {
        /// Reads the periods of a settled set of threads (all named, the task folder's link count known)
        /// in `mb_read_periodically`, which hands back to the ordinary call whenever that set may have
        /// changed; the probe's lock is held only to copy the set, so other callers' snapshots never wait
        /// on a sampler's periods.
        func takePeriodicSnapshots(_ pace: inout mb_pace, until stop: OpaquePointer, into log: SamplerLog) -> Bool {
            pthread_mutex_lock(mutex)
            var settled = threads.count <= SamplerLog.threadsPerSnapshot
            for index in threads.indices where threads[index].statReads < 2 { settled = false }
            guard settled, let links = linksAtListing else {
                pthread_mutex_unlock(mutex)
                return mb_pace_wait(&pace, stop) == 1
            }
            log.periodicNames.removeAll(keepingCapacity: true)
            for index in threads.indices {
                log.periodicTids[index] = threads[index].tid
                log.periodicNames.append(threads[index].name)
            }
            pthread_mutex_unlock(mutex)

            let count = log.periodicNames.count
            var reads = mb_periodic_reads(
                task_descriptor: dirfd(taskDirectory), task_links: links, statm_descriptor: statmDescriptor,
                tids: log.periodicTids, thread_count: Int32(count), rows: log.periodicRows,
                row_capacity: Int32(SamplerLog.periodicRows), rows_taken: 0
            )
            while true {
                let ending = Int(mb_read_periodically(&reads, &pace, stop))
                for row in 0..<Int(reads.rows_taken) {
                    let numbers = log.periodicRows + row * (2 + count)
                    log.record(monotonicNs: numbers[0], memory: periodicMemory(residentPages: numbers[1]), threadCount: count) { index in
                        ThreadCPU(tid: log.periodicTids[index], name: log.periodicNames[index], cpuNs: numbers[2 + index], userNs: nil, systemNs: nil)
                    }
                }
                if ending != MB_PERIODIC_FULL { return ending == MB_PERIODIC_STOPPED }
            }
        }
    }
#endif

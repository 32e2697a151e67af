#if canImport(Darwin)
    import CSystemShim
    import Darwin
    import Foundation

    /// Reads every thread's CPU time and the task's memory from the Mach task and thread calls, as the
    /// tour app's gauge did.
    ///
    /// - Threads: `task_threads` lists them; `thread_info(THREAD_EXTENDED_INFO)` gives each one's name and
    ///   user and system time in nanoseconds. A thread's id is its Mach port name in this task, the value
    ///   `mb_current_tid` returns on Apple platforms, so a thread can find its own row.
    /// - Memory: `task_info(MACH_TASK_BASIC_INFO)` gives the resident size and its peak, and
    ///   `task_info(TASK_EVENTS_INFO)` the page faults (minor = faults − page-ins, major = page-ins).
    ///   Mach counts context switches without telling voluntary from involuntary, so both are nil.
    /// - The peak cannot be reset: `resetPeakResident` returns false and the peak covers the whole life of
    ///   the process.
    ///
    /// The probe is safe to share between threads; snapshots are taken one at a time.
    public final class DarwinProcessProbe: ProcessProbe {
        private let lock = NSLock()

        /// A probe of the current task.
        public init() {}

        /// Every thread alive now, with its name and CPU time, and the task's memory; Mach gives the peak
        /// with the resident size, so a periodic snapshot has it too.
        public func snapshot(_ detail: SnapshotDetail) throws -> ProcessSnapshot {
            lock.lock()
            defer { lock.unlock() }
            let task = mach_task_self_
            var list: thread_act_array_t?
            var count: mach_msg_type_number_t = 0
            let listed = task_threads(task, &list, &count)
            guard listed == KERN_SUCCESS, let list else {
                throw ProcessProbeError.machCall("task_threads", code: listed)
            }
            // task_threads hands over a send right per thread and the array's memory: give all back.
            defer {
                for index in 0..<Int(count) { mach_port_deallocate(task, list[index]) }
                vm_deallocate(
                    task, vm_address_t(UInt(bitPattern: list)),
                    vm_size_t(Int(count) * MemoryLayout<thread_act_t>.stride)
                )
            }
            let stamp = mb_monotonic_ns()
            var threads: [ThreadCPU] = []
            threads.reserveCapacity(Int(count))
            for index in 0..<Int(count) {
                if let thread = Self.readThread(list[index]) { threads.append(thread) }
            }
            return ProcessSnapshot(monotonicNs: stamp, threads: threads, memory: try Self.readMemory(task))
        }

        /// Always false: Mach keeps the peak resident size for the task's whole life.
        public func resetPeakResident() -> Bool { false }

        /// The thread's reading, or nil when it ended before it could be read.
        private static func readThread(_ thread: thread_act_t) -> ThreadCPU? {
            var info = thread_extended_info_data_t()
            var infoCount = mach_msg_type_number_t(
                MemoryLayout<thread_extended_info_data_t>.size / MemoryLayout<natural_t>.size
            )
            let result = withUnsafeMutablePointer(to: &info) { pointer in
                pointer.withMemoryRebound(to: integer_t.self, capacity: Int(infoCount)) {
                    thread_info(thread, thread_flavor_t(THREAD_EXTENDED_INFO), $0, &infoCount)
                }
            }
            guard result == KERN_SUCCESS else { return nil }
            let name = withUnsafeBytes(of: &info.pth_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            return ThreadCPU(
                tid: Int64(thread), name: name, cpuNs: info.pth_user_time + info.pth_system_time,
                userNs: info.pth_user_time, systemNs: info.pth_system_time
            )
        }

        private static func readMemory(_ task: mach_port_t) throws -> MemoryUsage {
            var basic = mach_task_basic_info()
            let basicResult = taskInfo(task, MACH_TASK_BASIC_INFO, &basic)
            guard basicResult == KERN_SUCCESS else {
                throw ProcessProbeError.machCall("task_info(MACH_TASK_BASIC_INFO)", code: basicResult)
            }
            var events = task_events_info()
            let eventsRead = taskInfo(task, TASK_EVENTS_INFO, &events) == KERN_SUCCESS
            // integer_t counters: read their bits as unsigned so a wrapped counter does not trap.
            let faults = UInt64(UInt32(bitPattern: events.faults))
            let pageIns = UInt64(UInt32(bitPattern: events.pageins))
            return MemoryUsage(
                residentBytes: UInt64(basic.resident_size),
                peakResidentBytes: UInt64(basic.resident_size_max),
                minorFaults: eventsRead ? faults - min(faults, pageIns) : nil,
                majorFaults: eventsRead ? pageIns : nil,
                voluntaryContextSwitches: nil,
                involuntaryContextSwitches: nil
            )
        }

        /// Calls `task_info` for a flavor whose record is `Info`, sizing the count from the record.
        private static func taskInfo<Info>(_ task: mach_port_t, _ flavor: Int32, _ info: inout Info) -> kern_return_t {
            var count = mach_msg_type_number_t(MemoryLayout<Info>.size / MemoryLayout<natural_t>.size)
            return withUnsafeMutablePointer(to: &info) { pointer in
                pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                    task_info(task, task_flavor_t(flavor), $0, &count)
                }
            }
        }
    }
#endif

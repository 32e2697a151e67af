#if os(Linux)
    import CSystemShim
    import Dispatch
    import Glibc
    import Testing
    import ThreadSupport

    @testable import SystemView

    /// The C loop a sampler's periods run in (`mb_read_periodically`), and the probe's use of it.
    @Suite struct PeriodicReadsTests {
        /// The task folder, `statm` and the link count now, for a loop over `tids`.
        private struct Files {
            let task = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            let statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)

            func links() -> UInt64 {
                var info = stat()
                return fstat(task, &info) == 0 ? UInt64(info.st_nlink) : 0
            }

            func close() {
                _ = Glibc.close(task)
                _ = Glibc.close(statm)
            }
        }

        /// Runs the loop over `tids` with room for `rows` rows at a 1 ms period; threads other suites
        /// start and end can hand a run back early, so it is tried up to three times for `expected`.
        private func run(_ tids: [Int64], rows: Int, expecting expected: Int32, stop: OpaquePointer) -> (
            ending: Int32, rows: [[UInt64]], pace: mb_pace
        ) {
            let files = Files()
            defer { files.close() }
            var result: (ending: Int32, rows: [[UInt64]], pace: mb_pace) = (0, [], mb_pace())
            for _ in 0..<3 {
                var storage = [UInt64](repeating: 0, count: rows * (2 + tids.count))
                var pace = mb_pace(period_ns: 1_000_000, deadline_ns: mb_monotonic_ns(), missed: 0)
                let ending = tids.withUnsafeBufferPointer { tids in
                    storage.withUnsafeMutableBufferPointer { storage in
                        var reads = mb_periodic_reads(
                            task_descriptor: files.task, task_links: files.links(), statm_descriptor: files.statm,
                            tids: tids.baseAddress, thread_count: Int32(tids.count), rows: storage.baseAddress,
                            row_capacity: Int32(rows), rows_taken: 0)
                        let ending = mb_read_periodically(&reads, &pace, stop)
                        return (ending, Int(reads.rows_taken))
                    }
                }
                let width = 2 + tids.count
                result = (ending.0, (0..<ending.1).map { Array(storage[($0 * width)..<(($0 + 1) * width)]) }, pace)
                if ending.0 == expected { break }
            }
            return result
        }

        @Test func fillsItsRowsWithStampsResidentPagesAndClocksThenHandsThemBack() throws {
            let stop = try #require(mb_stop_signal_create())
            defer { mb_stop_signal_destroy(stop) }
            let tid = mb_current_tid()
            let before = mb_monotonic_ns()
            let (ending, rows, pace) = run([tid, tid], rows: 4, expecting: Int32(MB_PERIODIC_FULL), stop: stop)

            #expect(ending == Int32(MB_PERIODIC_FULL))
            #expect(rows.count == 4)
            let stamps = rows.map { $0[0] }
            #expect(stamps.first! > before && zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 })
            // Each stamp is at or after its deadline: the loop waited for every one.
            #expect(stamps.last! >= pace.deadline_ns)
            let pageBytes = UInt64(sysconf(Int32(_SC_PAGESIZE)))
            let resident = try LinuxProcessProbe().snapshot(.periodic).memory.residentBytes / pageBytes
            #expect(rows.allSatisfy { $0[1] > resident / 2 && $0[1] < resident * 2 })
            // The same thread twice: its clock, read twice in a row, never goes back.
            #expect(rows.allSatisfy { $0[2] > 0 && $0[2] <= $0[3] })
            #expect(zip(rows, rows.dropFirst()).allSatisfy { $0[3] <= $1[2] })
        }

        @Test func aThreadThatHasEndedHandsThePeriodBack() throws {
            let stop = try #require(mb_stop_signal_create())
            defer { mb_stop_signal_destroy(stop) }
            var endedTid: Int64 = 0
            NamedThread(name: "mb-test-gone") { endedTid = mb_current_tid() }.join()
            let (ending, rows, _) = run([mb_current_tid(), endedTid], rows: 4, expecting: Int32(MB_PERIODIC_ORDINARY), stop: stop)
            #expect(ending == Int32(MB_PERIODIC_ORDINARY))
            #expect(rows.isEmpty)
        }

        @Test func aRaisedStopEndsItBeforeAnyRow() throws {
            let stop = try #require(mb_stop_signal_create())
            defer { mb_stop_signal_destroy(stop) }
            mb_stop_signal_raise(stop)
            let (ending, rows, _) = run([mb_current_tid()], rows: 4, expecting: Int32(MB_PERIODIC_STOPPED), stop: stop)
            #expect(ending == Int32(MB_PERIODIC_STOPPED))
            #expect(rows.isEmpty)
        }

        /// Through the probe, as a sampler calls it: once every thread is named, the periods come from the
        /// loop with each thread's name and clock, until the stop, and allocate nothing.
        @Test func theProbeRecordsPeriodsWithNamesUntilStopped() throws {
            let probe = try LinuxProcessProbe()
            let log = SamplerLog(capacity: 400)
            let stop = try #require(mb_stop_signal_create())
            defer { mb_stop_signal_destroy(stop) }
            var pace = mb_pace(period_ns: 2_000_000, deadline_ns: mb_monotonic_ns(), missed: 0)
            let stopper = NamedThread(name: "mb-test-stopper") {
                mb_sleep_until_ns(mb_monotonic_ns() + 100_000_000)
                mb_stop_signal_raise(stop)
            }
            log.take(from: probe)
            log.take(from: probe)
            var handedBack = 0
            var loopAllocations: UInt64 = 0
            while true {
                let start = AllocationCounter.currentThread()
                let stopped = probe.takePeriodicSnapshots(&pace, until: stop, into: log)
                loopAllocations += AllocationCounter.currentThread(since: start)?.calls ?? 0
                if stopped { break }
                handedBack += 1
                log.take(from: probe)
            }
            stopper.join()

            let snapshots = log.snapshots()
            // 100 ms at 2 ms: about 50 periods; each one the loop handed back was taken the ordinary way.
            #expect(snapshots.count >= 10 && snapshots.count - 2 > handedBack)
            #expect(log.failures.isEmpty && log.attempts == snapshots.count)
            // Its storage reserved in the log, the loop allocates nothing (where allocations are counted).
            #expect(loopAllocations == 0)
            let own = mb_current_tid()
            let ownRows = snapshots.compactMap { $0.threads.first { $0.tid == own } }
            #expect(ownRows.count == snapshots.count)
            #expect(ownRows.allSatisfy { !$0.name.isEmpty && $0.userNs == nil })
            #expect(zip(ownRows, ownRows.dropFirst()).allSatisfy { $0.cpuNs <= $1.cpuNs })
            #expect(snapshots.allSatisfy { $0.memory.residentBytes > 0 && $0.memory.peakResidentBytes == nil })
        }
    }
#endif

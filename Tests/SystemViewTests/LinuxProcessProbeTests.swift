#if os(Linux)
    import CSystemShim
    import Dispatch
    import Glibc
    import SystemView
    import Testing
    import ThreadSupport

    // Serialized: the memory tests read the whole process's resident size, which other tests here would move.
    @Suite(.serialized) struct LinuxProcessProbeTests {
        private let mebibyte: UInt64 = 1 << 20

        @Test func spinningNamedThreadShowsWithItsNameAndCPU() throws {
            let probe = try LinuxProcessProbe()
            let spun = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            var tid: Int64 = 0
            let thread = NamedThread(name: "mb-test-spin") {
                tid = mb_current_tid()
                let start = mb_current_thread_cpu_ns()
                while mb_current_thread_cpu_ns() - start < 200_000_000 {}
                spun.signal()
                release.wait()
            }
            spun.wait()
            let during = try probe.snapshot()
            release.signal()
            thread.join()
            let after = try probe.snapshot()

            let row = try #require(during.threads.first { $0.tid == tid })
            #expect(row.name == "mb-test-spin")
            #expect(row.cpuNs >= 100_000_000)
            // Ticks are 10 ms; the kernel's split must add up to the clock's total within two of them.
            let split = try #require(row.userNs) + (try #require(row.systemNs))
            #expect(split <= row.cpuNs && row.cpuNs - split <= 20_000_000)
            #expect(!after.threads.contains { $0.tid == tid })
        }

        @Test func everyThreadOfTheProcessIsListed() throws {
            let probe = try LinuxProcessProbe()
            let snapshot = try probe.snapshot()
            #expect(snapshot.threads.contains { $0.tid == mb_current_tid() })
            #expect(Set(snapshot.threads.map(\.tid)).count == snapshot.threads.count)
            #expect(snapshot.memory.minorFaults != nil && snapshot.memory.voluntaryContextSwitches != nil)
        }

        @Test func aPeriodicSnapshotReadsClocksAndAFullOneTheNameAndSplitToo() throws {
            let probe = try LinuxProcessProbe()
            let parked = DispatchSemaphore(value: 0)
            let proceed = DispatchSemaphore(value: 0)
            var tid: Int64 = 0
            let thread = NamedThread(name: "mb-test-idle") {
                tid = mb_current_tid()
                let start = mb_current_thread_cpu_ns()
                while mb_current_thread_cpu_ns() - start < 30_000_000 {}
                parked.signal()
                proceed.wait()
                _ = mb_set_current_thread_name("mb-test-renamed")
                let again = mb_current_thread_cpu_ns()
                while mb_current_thread_cpu_ns() - again < 20_000_000 {}
                parked.signal()
                proceed.wait()
            }
            parked.wait()
            // The thread is asleep only once its clock stands: until then the semaphore's signal is still running.
            try #require(waitUntilAsleep(tid))
            let first = try #require(try probe.snapshot(.periodic).threads.first { $0.tid == tid })
            let second = try #require(try probe.snapshot(.periodic).threads.first { $0.tid == tid })
            proceed.signal()
            parked.wait()
            try #require(waitUntilAsleep(tid))
            let periodic = try #require(try probe.snapshot(.periodic).threads.first { $0.tid == tid })
            let full = try #require(try probe.snapshot(.full).threads.first { $0.tid == tid })
            proceed.signal()
            thread.join()

            #expect(first.name == "mb-test-idle" && first.cpuNs >= 30_000_000)
            #expect(second == first, "a parked thread reads the same")
            #expect(first.userNs == nil && first.systemNs == nil, "a periodic snapshot reads no split")
            // Its clock moves at once; its new name and split wait for the full snapshot.
            #expect(periodic.cpuNs >= first.cpuNs + 20_000_000 && periodic.name == "mb-test-idle")
            #expect(full.name == "mb-test-renamed" && full.cpuNs == periodic.cpuNs)
            let split = try #require(full.userNs) + (try #require(full.systemNs))
            #expect(split <= full.cpuNs && full.cpuNs - split <= 20_000_000)
        }

        /// Whether thread `tid`'s CPU clock stood still over 5 ms within a second of trying.
        private func waitUntilAsleep(_ tid: Int64) -> Bool {
            var last: UInt64 = 0
            guard mb_thread_cpu_ns(tid, &last) == 0 else { return false }
            for _ in 0..<200 {
                usleep(5_000)
                var now: UInt64 = 0
                guard mb_thread_cpu_ns(tid, &now) == 0 else { return false }
                if now == last { return true }
                last = now
            }
            return false
        }

        @Test func aThreadStartingAsAnotherEndsIsSeenThoughTheCountStands() throws {
            let probe = try LinuxProcessProbe()
            let endFirst = DispatchSemaphore(value: 0), endSecond = DispatchSemaphore(value: 0)
            let (first, firstTid) = startThread("mb-test-first", spinning: 0, until: endFirst)
            let before = try probe.snapshot(.periodic)
            endFirst.signal()
            first.join()
            let (second, secondTid) = startThread("mb-test-second", spinning: 0, until: endSecond)
            let after = try probe.snapshot(.periodic)
            endSecond.signal()
            second.join()

            #expect(before.threads.contains { $0.tid == firstTid })
            #expect(!after.threads.contains { $0.tid == firstTid })
            #expect(after.threads.first { $0.tid == secondTid }?.name == "mb-test-second")
            #expect(Set(after.threads.map(\.tid)).count == after.threads.count)
        }

        /// A thread started after `probe`'s last snapshot, which spins for `spinNs` of CPU and then waits
        /// for `release`; returns once it waits.
        private func startThread(_ name: String, spinning spinNs: UInt64, until release: DispatchSemaphore) -> (NamedThread, Int64) {
            let started = DispatchSemaphore(value: 0)
            var tid: Int64 = 0
            let thread = NamedThread(name: name) {
                tid = mb_current_tid()
                let start = mb_current_thread_cpu_ns()
                while mb_current_thread_cpu_ns() - start < spinNs {}
                started.signal()
                release.wait()
            }
            started.wait()
            return (thread, tid)
        }

        /// Idle or busy from its start, a new thread is in the very next periodic snapshot, with its CPU.
        @Test(arguments: [0, 5_000_000] as [UInt64])
        func aThreadThatStartsIsInTheNextPeriodicSnapshot(spinningNs: UInt64) throws {
            let probe = try LinuxProcessProbe()
            _ = try probe.snapshot(.periodic)
            let release = DispatchSemaphore(value: 0)
            let (thread, tid) = startThread("mb-test-new", spinning: spinningNs, until: release)
            let next = try probe.snapshot(.periodic)
            release.signal()
            thread.join()

            let row = try #require(next.threads.first { $0.tid == tid })
            #expect(row.name == "mb-test-new" && row.cpuNs >= spinningNs)
            #expect(Set(next.threads.map(\.tid)).count == next.threads.count)
        }

        @Test(.enabled(if: AllocationCounter.isAvailable, "counting needs a Linux build without a sanitizer"))
        func periodicSnapshotsIntoReservedStorageAllocateNothing() throws {
            let probe = try LinuxProcessProbe()
            var readings: [ThreadCPU] = []
            readings.reserveCapacity(4_096)
            // Threads other tests start and end make a snapshot list them, which may allocate: three tries.
            let failure = try failureInThreeAttempts {
                readings.removeAll(keepingCapacity: true)
                _ = try probe.snapshot(.periodic, appendingThreadsTo: &readings)
                let start = AllocationCounter.currentThread()
                for _ in 0..<20 { _ = try probe.snapshot(.periodic, appendingThreadsTo: &readings) }
                let end = AllocationCounter.currentThread()
                guard let start, let end else { return "no allocation counts" }
                let calls = end.since(start).calls
                return calls == 0 ? nil : "\(calls) allocations in 20 periodic snapshots"
            }
            #expect(failure == nil, "\(failure ?? "")")
        }

        @Test func aPeriodicSnapshotReadsTheResidentSizeAndLeavesTheCumulativeFiguresToFullOnes() throws {
            let probe = try LinuxProcessProbe()
            let failure = try failureInThreeAttempts {
                let full = try probe.snapshot(.full).memory
                let periodic = try probe.snapshot(.periodic).memory
                guard full.peakResidentBytes != nil, full.minorFaults != nil, full.voluntaryContextSwitches != nil else {
                    return "a full snapshot without its peak or counters"
                }
                guard periodic.peakResidentBytes == nil, periodic.minorFaults == nil, periodic.involuntaryContextSwitches == nil else {
                    return "a periodic snapshot with a cumulative figure"
                }
                let gap = max(full.residentBytes, periodic.residentBytes) - min(full.residentBytes, periodic.residentBytes)
                return gap <= 4 * mebibyte ? nil : "resident \(full.residentBytes) from status, \(periodic.residentBytes) from statm"
            }
            #expect(failure == nil, "\(failure ?? "")")
        }

        /// Runs `attempt` up to three times and returns its last failure, or nil once it holds. Suites
        /// outside this one share the process: they allocate, free and reset the peak (every measured case
        /// does) at any moment, and one such event between two readings spoils an attempt, not three.
        private func failureInThreeAttempts(_ attempt: () throws -> String?) rethrows -> String? {
            var failure: String?
            for _ in 0..<3 {
                failure = try attempt()
                if failure == nil { return nil }
            }
            return failure
        }

        @Test func residentSizeGrowsWhenPagesAreTouched() throws {
            let probe = try LinuxProcessProbe()
            let failure = try failureInThreeAttempts {
                let before = try probe.snapshot().memory.residentBytes
                let size = 32 * Int(mebibyte)
                let block = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
                defer { block.deallocate() }
                for offset in stride(from: 0, to: size, by: 4096) { block[offset] = 1 }
                let after = try probe.snapshot().memory.residentBytes
                // Generous too: other tests may free memory at the same time.
                return after >= before + 24 * mebibyte ? nil : "resident \(before) → \(after) bytes on touching 32 MiB"
            }
            #expect(failure == nil, "\(failure ?? "")")
        }

        @Test func peakResetFallsBackToTheResidentSize() throws {
            let probe = try LinuxProcessProbe()
            let size = 32 * Int(mebibyte)
            let failure = try failureInThreeAttempts {
                // Mapped and unmapped directly: an allocator may keep freed pages resident (AddressSanitizer's
                // quarantine holds the last 256 MiB freed), and the peak must fall below what was touched.
                let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                guard mapped != MAP_FAILED else { return "mmap: errno \(errno)" }
                let block = UnsafeMutableRawBufferPointer(start: mapped, count: size)
                for offset in stride(from: 0, to: size, by: 4096) { block[offset] = 1 }
                let touched = try probe.snapshot().memory
                munmap(mapped, size)
                let freed = try probe.snapshot().memory
                guard let peakBeforeReset = freed.peakResidentBytes else { return "no peak before the reset" }
                // The kernel sums its resident counters per CPU without locks, so readings wobble by some 100 KiB.
                guard peakBeforeReset + mebibyte >= touched.residentBytes else {
                    return "peak \(peakBeforeReset) below the \(touched.residentBytes) bytes resident while touched"
                }
                guard probe.resetPeakResident() else { return "the peak could not be reset" }
                let reset = try probe.snapshot().memory
                guard let peakAfterReset = reset.peakResidentBytes else { return "no peak after the reset" }
                guard peakAfterReset + 16 * mebibyte <= peakBeforeReset else {
                    return "peak \(peakBeforeReset) → \(peakAfterReset) bytes: the reset did not drop the 32 MiB freed"
                }
                return peakAfterReset >= reset.residentBytes ? nil : "peak \(peakAfterReset) below resident \(reset.residentBytes) bytes"
            }
            #expect(failure == nil, "\(failure ?? "")")
        }

        @Test func factoryGivesTheLinuxProbe() throws {
            #expect(try makeProcessProbe() is LinuxProcessProbe)
        }
    }
#endif

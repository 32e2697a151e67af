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

    @Test func residentSizeGrowsWhenPagesAreTouched() throws {
        let probe = try LinuxProcessProbe()
        let before = try probe.snapshot().memory.residentBytes
        let size = 32 * Int(mebibyte)
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
        defer { block.deallocate() }
        for offset in stride(from: 0, to: size, by: 4096) { block[offset] = 1 }
        let after = try probe.snapshot().memory.residentBytes
        // Generous: other tests in this process may allocate or free at the same time.
        #expect(after >= before + 24 * mebibyte)
    }

    @Test func peakResetFallsBackToTheResidentSize() throws {
        let probe = try LinuxProcessProbe()
        let size = 32 * Int(mebibyte)
        // Mapped and unmapped directly: an allocator may keep freed pages resident (AddressSanitizer's
        // quarantine holds the last 256 MiB freed), and the peak must fall below what was touched.
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        try #require(mapped != MAP_FAILED, "mmap: errno \(errno)")
        let block = UnsafeMutableRawBufferPointer(start: mapped, count: size)
        for offset in stride(from: 0, to: size, by: 4096) { block[offset] = 1 }
        let touched = try probe.snapshot().memory
        munmap(mapped, size)
        let freed = try probe.snapshot().memory
        let peakBeforeReset = try #require(freed.peakResidentBytes)
        // The kernel sums its resident counters per CPU without locks, so readings wobble by some 100 KiB.
        #expect(peakBeforeReset + mebibyte >= touched.residentBytes)

        #expect(probe.resetPeakResident())
        let reset = try probe.snapshot().memory
        let peakAfterReset = try #require(reset.peakResidentBytes)
        #expect(peakAfterReset + 16 * mebibyte <= peakBeforeReset)
        #expect(peakAfterReset >= reset.residentBytes)
    }

    @Test func factoryGivesTheLinuxProbe() throws {
        #expect(try makeProcessProbe() is LinuxProcessProbe)
    }
}
#endif

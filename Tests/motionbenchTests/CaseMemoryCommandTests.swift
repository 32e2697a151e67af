import Foundation
import MotionBench
import MotionResults
import SystemView
import Testing

/// Each case's own memory, end to end through a user's executable (`motionbench-fixture`, the tests'
/// catalogue) and the built-in one: workloads whose heap is known (one holding 1 MiB, one leaking
/// 64 KiB, one allocating and freeing a buffer per sample, one doing nothing) report it in run.json,
/// summary.csv and the report, and `compare` gates on it. In a build that cannot count (a
/// sanitizer's) every heap figure is missing instead, never 0.
@Suite(.serialized) struct CaseMemoryCommandTests {
    /// Whether the executables count the heap: built like the tests, they do when the tests do.
    static let counts = AllocationCounter.isAvailable

    /// Runs `arguments` after `run` with the fixture (or `executable`) into a new folder, and returns
    /// the folder and its run's cases by workload.
    func run(
        _ arguments: [String], executable: URL = CLI.fixture, environment: [String: String] = [:]
    ) throws -> (folder: URL, cases: [CaseResult]) {
        let folder = CLI.temporaryFolder()
        let outcome = try CLI.run(["run"] + arguments + ["--out", folder.path, "--quiet"], executable: executable, environment: environment)
        try #require(outcome.status == 0, "stderr: \(outcome.stderr)")
        return (folder, try RunResult.load(from: folder.appendingPathComponent("run.json")).cases)
    }

    func heap(_ result: CaseResult) -> [Int64?] {
        [result.heapHeldBytes, result.heapPeakBytes, result.heapTransientBytes, result.heapLeakedBytes]
    }

    @Test func aHolderALeakerAChurnerAndAnIdlerShowWhatTheyDo() throws {
        // A sampler at 1 kHz takes its periodic snapshots while the workloads run, which must not count;
        // the idler runs long enough for many of them.
        let (folder, cases) = try run(["holder", "leaker", "churner", "--mode", "virtual", "--samples", "2000", "--sampler-rate", "1000"])
        let (idleFolder, idleCases) = try run(["idle", "--mode", "virtual", "--samples", "2000000", "--sampler-rate", "1000"])
        defer { try? FileManager.default.removeItem(at: idleFolder) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let byName = Dictionary(uniqueKeysWithValues: (cases + idleCases).map { ($0.spec.workload, $0) })
        let idle = try #require(byName["idle"]), holder = try #require(byName["holder"])
        let leaker = try #require(byName["leaker"]), churner = try #require(byName["churner"])
        #expect(cases.allSatisfy { $0.peakRssDeltaBytes != nil }, "the peak resident size is reset per case on Linux")
        guard Self.counts else {
            #expect(cases.allSatisfy { heap($0).allSatisfy { $0 == nil } }, "a build that cannot count leaves the heap missing")
            return
        }
        let mib: Int64 = 1 << 20, kib64: Int64 = 64 << 10
        // Nothing but its own object, and nothing else: the harness allocates nothing while the workload
        // is created, runs and is released, sampler and all.
        let idleHeld = try #require(idle.heapHeldBytes)
        #expect(idleHeld > 0 && idleHeld <= 64, "its object alone")
        #expect(heap(idle) == [idleHeld, idleHeld, 0, 0], "\(heap(idle))")
        // Its opening and closing snapshots and at least a few periodic ones in between; how many
        // depends on how fast the replay is, a few nanoseconds a sample.
        #expect(idle.sampler.snapshots > 4, "the sampler ran beside it: \(idle.sampler.snapshots) snapshots")

        // 1 MiB to the allocator's rounding (a header word, or a page for a block it maps), plus its object.
        let held = try #require(holder.heapHeldBytes)
        #expect(held >= mib && held <= mib + 4096 + 64, "\(held)")
        #expect(Double(held) <= Double(mib) * 1.05)
        #expect(holder.heapLeakedBytes == 0)
        #expect(try #require(holder.heapPeakBytes) >= held)

        let leaked = try #require(leaker.heapLeakedBytes)
        #expect(leaked >= kib64 && leaked <= kib64 + 64, "\(leaked)")
        #expect(Double(leaked) <= Double(kib64) * 1.1)
        #expect(try #require(leaker.heapHeldBytes) >= kib64, "what it leaks it held first")

        // A 4 KiB buffer each sample: transient, never held; the peak is one buffer over what it holds.
        let churnerHeld = try #require(churner.heapHeldBytes)
        #expect(churnerHeld <= 64, "\(churnerHeld)")
        #expect(try #require(churner.heapTransientBytes) >= Int64(churner.samples) * 4096)
        let rise = try #require(churner.heapPeakBytes) - churnerHeld
        #expect(rise >= 4096 && rise <= 4096 + 64, "\(rise)")
        #expect(churner.heapLeakedBytes == 0)
        #expect(churner.allocationsPerSample == 1, "and the allocation per sample shows")

        let csv = try String(contentsOf: folder.appendingPathComponent("summary.csv"), encoding: .utf8).split(separator: "\n")
        let header = csv[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let holderRow = try #require(csv.first { $0.hasPrefix("holder,") }).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let column = try #require(header.firstIndex(of: "heap_held_bytes"))
        #expect(
            Array(header[column...]) == ["heap_held_bytes", "heap_peak_bytes", "heap_transient_bytes", "heap_leaked_bytes", "peak_rss_delta_bytes"])
        #expect(holderRow[column] == String(held))

        let report = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("## Memory"))
        let kib = { (bytes: Int64?) in String(format: "%.2f", Double(bytes ?? 0) / 1024) }
        let row = [leaker.heapHeldBytes, leaker.heapPeakBytes, leaker.heapTransientBytes, leaker.heapLeakedBytes, leaker.peakRssDeltaBytes].map(kib)
        #expect(report.contains("| leaker | 100 | raw | virtual | " + row.joined(separator: " | ") + " | 1 |"), "\(report)")
        #expect(row[3] == "64.01", "64 KiB and a header word")
        #expect(report.contains("![Memory per case (virtual time, median)](memory.svg)"))
        let chart = try String(contentsOf: folder.appendingPathComponent("memory.svg"), encoding: .utf8)
        #expect(["Heap held", "Heap peak", "Transient", "Leaked", "Peak RSS Δ", "holder 100 Hz raw"].allSatisfy(chart.contains))
    }

    @Test func theHarnessAddsNothingInRealTimeOnceTheRuntimeHasSeenItsTypes() throws {
        let (folder, cases) = try run(["idle", "--mode", "realtime", "--duration", "1", "--repetitions", "2", "--sampler-rate", "100"])
        defer { try? FileManager.default.removeItem(at: folder) }
        guard Self.counts else {
            #expect(cases.allSatisfy { heap($0).allSatisfy { $0 == nil } })
            return
        }
        let first = try #require(cases.first { $0.spec.repetition == 1 }), second = try #require(cases.first { $0.spec.repetition == 2 })
        let held = try #require(second.heapHeldBytes)
        #expect(heap(second) == [held, held, 0, 0], "the hub, the queue and the sampler allocate nothing: \(heap(second))")
        // No warm-up precedes a real-time case, so the process's first may also count the runtime's
        // first use of a type (its metadata, kept for good); its creation is the workload's alone.
        #expect(first.heapHeldBytes == held)
    }

    @Test func aClosureWorkloadUpdatesItsStateInPlace() throws {
        // A 256 KiB buffer in the state, written every sample, read by summary, events and outputs:
        // a copy of the starting state kept alive anywhere would make the first write copy it.
        let (folder, cases) = try run(
            ["buffered-closure", "--mode", "both", "--samples", "20000", "--duration", "0.5", "--repetitions", "2"])
        defer { try? FileManager.default.removeItem(at: folder) }
        guard Self.counts else {
            #expect(cases.allSatisfy { heap($0).allSatisfy { $0 == nil } })
            return
        }
        let buffer = Int64(256 << 10)
        for result in cases where result.spec.repetition == 2 {
            let held = try #require(result.heapHeldBytes), peak = try #require(result.heapPeakBytes)
            #expect(held >= buffer && held <= buffer + 4096 + 256, "\(result.spec.mode): one buffer held: \(held)")
            #expect(peak - held <= 64, "\(result.spec.mode): the peak is what it holds, to the allocator's rounding: \(heap(result))")
            // No copy of the buffer came and went either; the few bytes are the summary's, as any workload's.
            #expect(try #require(result.heapTransientBytes) <= 64, "\(result.spec.mode): \(heap(result))")
            #expect(result.allocationsPerSample == 0, "\(result.spec.mode): \(String(describing: result.allocationsPerSample))")
        }
    }

    @Test func holdingMoreFailsTheComparisonAndTheSameHoldingPasses() throws {
        let arguments = ["holder", "leaker", "--mode", "virtual", "--samples", "2000"]
        let baseline = try run(arguments), again = try run(arguments)
        let candidate = try run(arguments, environment: ["MOTIONBENCH_FIXTURE_EXTRA_HELD_BYTES": "4000"])
        defer { for folder in [baseline.folder, again.folder, candidate.folder] { try? FileManager.default.removeItem(at: folder) } }
        guard Self.counts else { return }
        // Timings are the machine's; the heap repeats to the byte.
        let loose = ["--tolerance", "cpu_ns_per_sample=1000%,100000", "--tolerance", "cpu_pct=1000%,100"]
        let same = try CLI.run(["compare", baseline.folder.path, again.folder.path] + loose, executable: CLI.fixture)
        #expect(same.status == 0, "stdout: \(same.stdout)")
        #expect(same.stdout.contains("| holder | 100 | raw | virtual | Heap held (bytes) |"), "\(same.stdout)")
        let outcome = try CLI.run(["compare", baseline.folder.path, candidate.folder.path] + loose, executable: CLI.fixture)
        #expect(outcome.status == 2, "stdout: \(outcome.stdout)")
        let held = try #require(baseline.cases.first { $0.spec.workload == "holder" }?.heapHeldBytes)
        let more = try #require(candidate.cases.first { $0.spec.workload == "holder" }?.heapHeldBytes)
        #expect(more >= held + 4000 - 16, "4000 bytes more, to the allocator's rounding")
        #expect(outcome.stdout.contains("- `holder 100 Hz raw virtual` Heap held (bytes): \(held) → \(more)"), "\(outcome.stdout)")
    }

    @Test func theMotionCubeHoldsMoreAtAHundredShapesThanAtTen() throws {
        let (folder, cases) = try run(["motion-cube", "--mode", "virtual", "--param", "shapes=10,100", "--samples", "1"], executable: CLI.executable)
        defer { try? FileManager.default.removeItem(at: folder) }
        let held = Dictionary(uniqueKeysWithValues: cases.map { ($0.spec.parameters["shapes"] ?? 0, $0.heapHeldBytes) })
        guard Self.counts else {
            #expect(held.values.allSatisfy { $0 == nil })
            return
        }
        let ten = try #require(held[10] ?? nil), hundred = try #require(held[100] ?? nil)
        #expect(hundred > ten + 90 * 1024, "\(ten) at 10 shapes, \(hundred) at 100")
    }
}

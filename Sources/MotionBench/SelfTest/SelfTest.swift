import CSystemShim
import MotionResults
import MotionWorkloads
import SystemView

/// Checks the system view against loads whose truth is known, so a run's figures can be trusted on
/// this machine.
///
/// Three threads burn 25 %, 50 % and 75 % of one core (`DutyCycleLoad`) while a `Sampler` reads them at
/// 10 Hz; each must read within 2 percentage points of its share. A machine too busy to give a load its
/// share fails that load's check (unless lenient), and the detail says so: figures from such a machine are not
/// to be trusted either. The sampler must show its own row and keep its period. Then 64 MiB are touched
/// and freed: resident size and its peak must follow within 4 MiB. It takes about `loadSeconds` + 0.5 s.
public enum SelfTest {
    /// Runs every check, passing each to `log` as a line as soon as it is made.
    /// - Parameter loadSeconds: how long the loads run; shorter is quicker and noisier.
    /// - Parameter lenient: for shared CI runners: every tolerance tripled (±6 points, ±12 MiB), and a
    ///   load the machine starved is judged against its own CPU clock instead of its nominal share.
    /// - Parameter log: takes each check's line as soon as the check is made.
    /// - Returns: every check, and whether all passed.
    public static func run(loadSeconds: Double = 3, lenient: Bool = false, log: (String) -> Void) -> SelfTestReport {
        let toleranceScale = lenient ? 3.0 : 1.0
        var checks: [SelfTestCheck] = []
        func record(_ check: SelfTestCheck) {
            checks.append(check)
            log(check.description)
        }
        let probe: ProcessProbe
        do {
            probe = try makeProcessProbe()
        } catch {
            record(
                SelfTestCheck(
                    name: "process probe opens", unit: "errors", expected: .atMost(0), measured: nil,
                    detail: String(describing: error)
                ))
            return SelfTestReport(checks: checks)
        }

        log(
            "Loads of 25 %, 50 % and 75 % of one core on three threads for "
                + "\(SelfTestCheck.format(loadSeconds)) s, sampled at \(SelfTestCheck.format(samplerRateHz)) Hz…")
        for check in cpuChecks(probe: probe, loadSeconds: loadSeconds, scale: toleranceScale, lenient: lenient) { record(check) }
        log("Touching and freeing \(touchedMiB) MiB…")
        for check in memoryChecks(probe: probe, scale: toleranceScale) { record(check) }
        log("A workload allocating \(AllocatingBurner.blocksPerSample) blocks of \(AllocatingBurner.blockBytes) bytes a sample, in both modes…")
        for check in allocationChecks(probe: probe) { record(check) }
        return SelfTestReport(checks: checks)
    }

    private static let samplerRateHz = 10.0
    private static let touchedMiB = 64
    private static let mebibyte = Double(1 << 20)

    /// The loads' and the sampler's checks.
    private static func cpuChecks(probe: ProcessProbe, loadSeconds: Double, scale: Double, lenient: Bool) -> [SelfTestCheck] {
        let periodNs: UInt64 = 20_000_000
        let periods = max(Int(loadSeconds * 1e9 / Double(periodNs)), 1)
        let sampler = Sampler(probe: probe, rateHz: samplerRateHz, expectedDuration: loadSeconds + 1)
        sampler.start()
        // Busy parts are staggered in the period (25 % at 0–5 ms, 50 % at 5–15, 75 % at 15–30 mod 20) so
        // that no more than two loads spin at once on a 2-core machine.
        let anchor = mb_monotonic_ns() + 50_000_000
        let loads = [(25.0, 0 as UInt64), (50.0, 5_000_000), (75.0, 15_000_000)].map { percent, offset in
            DutyCycleLoad(
                name: "mb-load-\(Int(percent))", targetPercent: percent, periodNs: periodNs,
                startNs: anchor + offset, periods: periods
            )
        }
        let outcomes = loads.map { $0.join() }
        let recording = sampler.stop()

        var checks = zip(loads, outcomes).map { load, outcome in
            loadCheck(load, outcome, snapshots: recording.snapshots, scale: scale, lenient: lenient)
        }
        checks.append(contentsOf: samplerChecks(recording, scale: scale))
        return checks
    }

    /// The probe's reading of one load over the snapshots taken while it ran.
    private static func loadCheck(
        _ load: DutyCycleLoad, _ outcome: DutyCycleLoad.Outcome, snapshots: [ProcessSnapshot], scale: Double, lenient: Bool
    ) -> SelfTestCheck {
        let window = snapshots.filter { (outcome.startNs...outcome.endNs).contains($0.monotonicNs) }
        let row = ThreadUsage.usages(in: window).first { $0.tid == outcome.tid && $0.name == load.name }
        let seconds = window.count > 1 ? Double(window.last!.monotonicNs - window[0].monotonicNs) / 1e9 : 0
        let truth =
            "by its own clock \(SelfTestCheck.format(outcome.deliveredPercent)) % over "
            + "\(outcome.periods) periods, \(outcome.overruns) overran"
        let reading =
            row == nil
            ? "no row with its tid \(outcome.tid) and name in \(window.count) snapshots"
            : "read over \(SelfTestCheck.format(seconds)) s, \(window.count) snapshots"
        // More than 1 period in 20 overrunning: the machine, not the load, decided how much CPU it got.
        // Strict, that fails (figures from such a machine are not to be trusted either); lenient, the
        // load's own CPU clock is the truth instead of its nominal share.
        let starved = outcome.overruns * 20 > outcome.periods
        let judgedByOwnClock = starved && lenient
        var check = SelfTestCheck(
            name: "CPU of \(load.name)", unit: "%",
            expected: .near(judgedByOwnClock ? outcome.deliveredPercent : load.targetPercent, tolerance: 2 * scale),
            measured: row?.percentOfCore, detail: "\(truth); \(reading)"
        )
        if starved {
            check.detail =
                "machine too busy to give the load its share"
                + (judgedByOwnClock ? ", judged against its own clock (lenient); " : ", ") + check.detail
        }
        return check
    }

    private static func samplerChecks(_ recording: SamplerRecording, scale: Double) -> [SelfTestCheck] {
        let snapshots = recording.snapshots
        let ownRows = snapshots.filter { snapshot in
            snapshot.threads.contains { $0.tid == recording.samplerTid && $0.name == Sampler.threadName }
        }.count
        let failures = recording.failures.isEmpty ? "" : "; \(recording.failures.count) failed: \(recording.failures[0])"
        var checks = [
            SelfTestCheck(
                name: "sampler's own row", unit: "snapshots", expected: .near(Double(snapshots.count), tolerance: 0),
                measured: Double(ownRows), detail: "thread \(recording.samplerTid) named \(Sampler.threadName)\(failures)"
            ),
            samplerCostCheck(recording),
        ]
        // The closing snapshot comes at stop(), off the schedule, so the period is read without it.
        let periodic = snapshots.dropLast()
        let meanPeriodMs =
            periodic.count > 1
            ? Double(periodic.last!.monotonicNs - periodic.first!.monotonicNs) / Double(periodic.count - 1) / 1e6
            : nil
        let gaps = zip(periodic, periodic.dropFirst()).map { Double($1.monotonicNs - $0.monotonicNs) / 1e6 }
        checks.append(
            SelfTestCheck(
                name: "sampler period", unit: "ms", expected: .near(1000 / samplerRateHz, tolerance: 1 * scale),
                measured: meanPeriodMs,
                detail: "longest gap \(SelfTestCheck.format(gaps.max() ?? 0)) ms, \(recording.missedDeadlines) deadlines missed"
            ))
        return checks
    }

    /// The sampler's CPU per snapshot, at most 1 ms; skipped under a sanitizer, whose instrumented
    /// code runs several times slower than what ships (ThreadSanitizer's can pass the limit).
    private static func samplerCostCheck(_ recording: SamplerRecording) -> SelfTestCheck {
        let name = "sampler cost per snapshot", expected = SelfTestCheck.Expectation.atMost(1000)
        if let sanitizer = LoadedSanitizer.name {
            return .skipped(name: name, unit: "µs", expected: expected, reason: "\(sanitizer) instruments the sampler's code")
        }
        return SelfTestCheck(
            name: name, unit: "µs", expected: expected, measured: recording.costPerSnapshotNs / 1000,
            detail: "\(recording.snapshotCount) snapshots, \(SelfTestCheck.format(Double(recording.samplerCpuNs) / 1e6)) ms "
                + "of CPU: \(SelfTestCheck.format(recording.costPerSnapshotNs * samplerRateHz / 1e7)) % of a core at \(SelfTestCheck.format(samplerRateHz)) Hz"
        )
    }

    /// A run of `AllocatingBurner` in virtual and real time must report exactly its blocks and bytes per
    /// sample: counting is exact, so no tolerance. Skipped where the build cannot count.
    private static func allocationChecks(probe: ProcessProbe) -> [SelfTestCheck] {
        let blocks = Double(AllocatingBurner.blocksPerSample)
        let bytes = blocks * Double(AllocatingBurner.blockBytes)
        var checks: [SelfTestCheck] = []
        for mode in RunMode.allCases {
            let names = ("allocations per sample (\(mode.rawValue))", "bytes allocated per sample (\(mode.rawValue))")
            guard AllocationCounter.isAvailable else {
                let reason = LoadedSanitizer.name.map { "\($0) replaces the allocator" } ?? "this build does not count allocations"
                checks.append(.skipped(name: names.0, unit: "allocations", expected: .near(blocks, tolerance: 0), reason: reason))
                checks.append(.skipped(name: names.1, unit: "bytes", expected: .near(bytes, tolerance: 0), reason: reason))
                continue
            }
            let spec = CaseSpec(
                workload: AllocatingBurner.descriptor.name, rateHz: 100, filter: "raw", mode: mode, repetition: 1,
                durationSeconds: 0.5, sampleCount: 2000, displayRateHz: nil, seed: 1)
            let result: CaseResult?
            do {
                let runner = BenchmarkRunner(
                    probe: probe, catalogue: try WorkloadCatalogue([AllocatingBurner.self]), input: RunInput(scenario: .still, seed: 1))
                result = try runner.run(spec)
            } catch {
                result = nil
            }
            checks.append(
                SelfTestCheck(
                    name: names.0, unit: "allocations", expected: .near(blocks, tolerance: 0), measured: result?.allocationsPerSample,
                    detail: result.map { "\($0.samples) samples" } ?? "the case did not run"))
            checks.append(
                SelfTestCheck(
                    name: names.1, unit: "bytes", expected: .near(bytes, tolerance: 0), measured: result?.allocationBytesPerSample,
                    detail: result.map { "\($0.samples) samples" } ?? "the case did not run"))
        }
        return checks
    }

    /// Resident size and peak around touching and freeing `touchedMiB`.
    private static func memoryChecks(probe: ProcessProbe, scale: Double) -> [SelfTestCheck] {
        let expected = SelfTestCheck.Expectation.near(Double(touchedMiB), tolerance: 4 * scale)
        if let sanitizer = LoadedSanitizer.name {
            // A sanitizer keeps shadow memory beside every page the program touches, so resident
            // size is no longer the program's own (ThreadSanitizer's holds a multiple of what was
            // touched).
            return ["resident size rise after touching \(touchedMiB) MiB", "resident size fall after freeing them", "peak rise after touching"].map {
                .skipped(name: $0, unit: "MiB", expected: expected, reason: "\(sanitizer) shadows every page touched")
            }
        }
        let size = touchedMiB << 20
        let peakWasReset = probe.resetPeakResident()
        do {
            let before = try probe.snapshot().memory
            let block = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1 << 12)
            let pages = mb_touch_pages(block.baseAddress, size)
            let touchedReading = Result { try probe.snapshot().memory }
            block.deallocate()
            let touched = try touchedReading.get()
            let freed = try probe.snapshot().memory

            var checks = [
                SelfTestCheck(
                    name: "resident size rise after touching \(touchedMiB) MiB", unit: "MiB", expected: expected,
                    measured: difference(touched.residentBytes, before.residentBytes),
                    detail: "\(pages) pages written"
                ),
                SelfTestCheck(
                    name: "resident size fall after freeing them", unit: "MiB", expected: expected,
                    measured: difference(touched.residentBytes, freed.residentBytes)
                ),
            ]
            if peakWasReset, let peakBefore = before.peakResidentBytes, let peakTouched = touched.peakResidentBytes {
                checks.append(
                    SelfTestCheck(
                        name: "peak rise after touching", unit: "MiB", expected: expected,
                        measured: difference(peakTouched, peakBefore), detail: "peak reset first"
                    ))
                checks.append(
                    SelfTestCheck(
                        name: "peak kept after freeing", unit: "MiB",
                        expected: .near(Double(peakTouched) / mebibyte, tolerance: 4 * scale),
                        measured: freed.peakResidentBytes.map { Double($0) / mebibyte }
                    ))
            } else {
                checks.append(
                    .skipped(
                        name: "peak rise after touching", unit: "MiB", expected: expected,
                        reason: "this platform cannot reset the peak resident size, or does not report it"
                    ))
            }
            return checks
        } catch {
            return [
                SelfTestCheck(
                    name: "memory snapshots", unit: "errors", expected: .atMost(0), measured: nil,
                    detail: String(describing: error)
                )
            ]
        }
    }

    /// `later − earlier` in MiB, negative when it fell.
    private static func difference(_ later: UInt64, _ earlier: UInt64) -> Double {
        (Double(later) - Double(earlier)) / mebibyte
    }
}

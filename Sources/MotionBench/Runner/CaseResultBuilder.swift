import MotionResults
import SystemView

/// Turns a mode's own counts and the harness's measurement into a `CaseResult`, so both modes derive
/// shared figures the same way.
enum CaseResultBuilder {
    /// Figures only a real-time case has.
    struct RealTimeFigures {
        var achievedHz: Double?
        var lateness: LatenessSummary?
        var missed: Int
        var dropped: Int
        var missedFrames: Int?
    }

    static func make(
        spec: CaseSpec, measured: CaseHarness.Measurement, samples: Int, frames: Int, workloadCpuNs: UInt64,
        workloadAllocations: AllocationCounter.Counts?, realTime: RealTimeFigures?, virtualWallNs: UInt64?, simulatedSeconds: Double? = nil
    ) -> CaseResult {
        let mib = 1_048_576.0
        let memory = measured.memory
        let start = measured.memoryAtStart
        func delta(_ end: UInt64?, _ begin: UInt64?) -> UInt64? {
            guard let end, let begin else { return nil }
            return end >= begin ? end - begin : nil
        }
        let processCpuNs = measured.threads.reduce(UInt64(0)) { $0 + $1.cpuNs }
        // A workload's own worker threads do its work too: their CPU is the workload's.
        let workloadCpuNs = workloadCpuNs + measured.threads.filter { $0.role == .worker }.reduce(UInt64(0)) { $0 + $1.cpuNs }
        let cpuNsPerSample = samples > 0 ? Double(workloadCpuNs) / Double(samples) : nil
        // The workload thread's allocations and its workers', per sample tick.
        let allocations = workloadAllocations.flatMap { own in
            measured.workerAllocations.map { AllocationCounter.Counts(calls: own.calls + $0.calls, bytes: own.bytes + $0.bytes) }
        }
        func perSample(_ count: UInt64?) -> Double? { count.flatMap { samples > 0 ? Double($0) / Double(samples) : nil } }
        let simulatedNs = (simulatedSeconds ?? 0) * 1e9
        let peakRssDelta =
            measured.peakIsPerCase
            ? memory.peakResidentBytes.map { Int64(bitPattern: $0 &- measured.residentBeforeBytes) } : nil
        return CaseResult(
            spec: spec,
            samples: samples,
            frames: frames,
            wallSeconds: Double(virtualWallNs ?? measured.wallNs) / 1e9,
            achievedHz: realTime?.achievedHz,
            lateness: realTime?.lateness,
            missed: realTime?.missed,
            dropped: realTime?.dropped,
            missedFrames: realTime?.missedFrames,
            cpuNsPerSample: cpuNsPerSample,
            wallNsPerSample: virtualWallNs.flatMap { samples > 0 ? Double($0) / Double(samples) : nil },
            cpuPct: realTime == nil ? nil : CaseHarness.percent(workloadCpuNs, of: measured.wallNs),
            projectedCpuPct: virtualWallNs == nil || samples == 0 || simulatedNs <= 0 ? nil : Double(workloadCpuNs) / simulatedNs * 100,
            processCpuPct: CaseHarness.percent(processCpuNs, of: measured.wallNs),
            rssMiB: Double(memory.residentBytes) / mib,
            peakRssMiB: memory.peakResidentBytes.map { Double($0) / mib },
            peakIsPerCase: measured.peakIsPerCase,
            minorFaults: delta(memory.minorFaults, start.minorFaults),
            majorFaults: delta(memory.majorFaults, start.majorFaults),
            voluntaryContextSwitches: delta(memory.voluntaryContextSwitches, start.voluntaryContextSwitches),
            involuntaryContextSwitches: delta(memory.involuntaryContextSwitches, start.involuntaryContextSwitches),
            sampler: measured.sampler,
            threads: measured.threads,
            timeseries: measured.timeseries,
            outputs: measured.outputs,
            allocationsPerSample: perSample(allocations?.calls),
            allocationBytesPerSample: perSample(allocations?.bytes),
            heapHeldBytes: measured.heap?.heldBytes,
            heapPeakBytes: measured.heap?.peakBytes,
            heapTransientBytes: measured.heap?.transientBytes,
            heapLeakedBytes: measured.heap?.leakedBytes,
            peakRssDeltaBytes: peakRssDelta
        )
    }
}

import CSystemShim
import MotionSensors
import MotionWorkloads
import ThreadSupport

/// Runs a case as fast as the CPU allows: the workload thread replays a block of pre-generated events
/// (time-shifted on each lap) until it has handled the case's sample count, then waits for the
/// workload's own workers to catch up (`Workload.finish`).
///
/// Events are made before the clock starts, so the source's cost is not the workload's; the block is
/// bounded so its memory does not swell the case's resident size.
struct VirtualTimeCase {
    let harness: CaseHarness
    /// At most this many sample ticks in the replayed block.
    static let maximumBlockTicks = 4096

    /// Ticks in the replayed block: as many as fit, and a whole number of frames long when both rates
    /// are whole, so frames keep their cadence across laps (50 Hz with 60 Hz frames: 4095 ticks).
    static func blockLength(rateHz: Double, displayRateHz: Double?) -> Int {
        guard let displayRateHz, rateHz == rateHz.rounded(), displayRateHz == displayRateHz.rounded() else { return maximumBlockTicks }
        var (a, b) = (Int(rateHz), Int(displayRateHz))
        while b != 0 { (a, b) = (b, a % b) }
        let ticksPerWholeFrames = Int(rateHz) / a
        return max(ticksPerWholeFrames, maximumBlockTicks / ticksPerWholeFrames * ticksPerWholeFrames)
    }

    func run(
        _ spec: CaseSpec, makeWorkload: () throws -> any Workload, sensors: [SensorKind], input: CaseInput
    ) throws -> CaseResult {
        var source = input.source
        let blockTicks = min(spec.sampleCount, Self.blockLength(rateHz: spec.rateHz, displayRateHz: spec.displayRateHz))
        let block = EventTimeline.events(
            rateHz: spec.rateHz, displayRateHz: spec.displayRateHz, sensors: sensors, tickCount: blockTicks,
            source: &source, touches: input.touches
        )
        // Warm up code and data on a throw-away instance, before and outside the measured window, so
        // neither its work nor its workers' is counted; it is gone (workers joined) before measuring.
        do {
            let warmUp = try makeWorkload()
            NamedThread(name: "mb-warm-up") {
                Self.replay(block, blockTicks: blockTicks, rateHz: spec.rateHz, displayRateHz: spec.displayRateHz, ticks: blockTicks, into: warmUp)
                warmUp.finish()
            }.join()
        }

        let workload = try makeWorkload()
        var cpuNs: UInt64 = 0
        var wallNs: UInt64 = 0
        var frames = 0
        let measured = try harness.measure(expectedSeconds: 60) { threads in
            threads.start("mb-workload", role: .workload) {
                let cpuStart = mb_current_thread_cpu_ns()
                let wallStart = mb_monotonic_ns()
                frames = Self.replay(
                    block, blockTicks: blockTicks, rateHz: spec.rateHz, displayRateHz: spec.displayRateHz,
                    ticks: spec.sampleCount, into: workload
                )
                workload.finish()
                wallNs = mb_monotonic_ns() - wallStart
                cpuNs = mb_current_thread_cpu_ns() - cpuStart
            }
        }

        return CaseResultBuilder.make(
            spec: spec, measured: measured, samples: spec.sampleCount, frames: frames,
            workloadCpuNs: cpuNs, outputs: workload.outputSummary, realTime: nil, virtualWallNs: wallNs
        )
    }

    /// Feeds the events of `ticks` sample ticks from `block` (`blockTicks` ticks long), lap after lap
    /// with time shifted, and returns the frames rendered: every sample of those ticks and every frame
    /// due before the tick after the last (so N ticks at 15 Hz come with 4N frames at 60 Hz). Touches
    /// are a script over the scenario's time, not a loop: only the first lap delivers them. Limits are
    /// compared in whole ticks and frames, so no rounding of shifted times drops or adds an event.
    @discardableResult
    static func replay(
        _ block: [HubEvent], blockTicks: Int, rateHz: Double, displayRateHz: Double?, ticks: Int, into workload: any Workload
    ) -> Int {
        let blockSeconds = Double(blockTicks) / rateHz
        var frames = 0
        var lap = 0
        while lap * blockTicks < ticks {
            let offset = Double(lap) * blockSeconds
            for event in block {
                switch event {
                case var .sample(sample):
                    guard (sample.time * rateHz).rounded() + Double(lap * blockTicks) < Double(ticks) else { return frames }
                    sample.time += offset
                    workload.handle(sample)
                case let .frame(time):
                    // Before tick `ticks`; a frame at the same instant belongs to the tick after.
                    guard (time + offset) * rateHz < Double(ticks) - 1e-6 else { return frames }
                    workload.renderFrame(at: time + offset)
                    frames += 1
                case let .touch(touch):
                    if lap == 0 { workload.handle(touch) }
                case .end:
                    return frames
                }
            }
            lap += 1
        }
        return frames
    }
}

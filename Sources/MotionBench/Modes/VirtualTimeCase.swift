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
    /// Sample ticks in the replayed block.
    static let blockTicks = 4096

    func run(
        _ spec: CaseSpec, makeWorkload: () throws -> any Workload, sensors: [SensorKind], source: any SensorSource
    ) throws -> CaseResult {
        var source = source
        let blockTicks = min(spec.sampleCount, Self.blockTicks)
        let block = EventTimeline.events(
            rateHz: spec.rateHz, displayRateHz: spec.displayRateHz, sensors: sensors, tickCount: blockTicks, source: &source
        )
        let blockSeconds = Double(blockTicks) / spec.rateHz
        // Warm up code and data on a throw-away instance, before and outside the measured window, so
        // neither its work nor its workers' is counted; it is gone (workers joined) before measuring.
        do {
            let warmUp = try makeWorkload()
            NamedThread(name: "mb-warm-up") {
                Self.replay(block, blockSeconds: blockSeconds, ticks: blockTicks, sensorCount: sensors.count, into: warmUp)
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
                frames = Self.replay(block, blockSeconds: blockSeconds, ticks: spec.sampleCount, sensorCount: sensors.count, into: workload)
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

    /// Feeds `ticks` sample ticks from `block`, lap after lap, with the frames due before the tick
    /// after the last (so N ticks at 15 Hz come with 4N frames at 60 Hz), and returns the frames rendered.
    @discardableResult
    static func replay(_ block: [HubEvent], blockSeconds: Double, ticks: Int, sensorCount: Int, into workload: any Workload) -> Int {
        var samplesLeft = ticks * sensorCount
        var frames = 0
        var lap = 0.0
        while samplesLeft > 0 {
            let offset = lap * blockSeconds
            for event in block {
                switch event {
                case var .sample(sample):
                    if samplesLeft == 0 { return frames }
                    sample.time += offset
                    workload.handle(sample)
                    samplesLeft -= 1
                case let .frame(time):
                    workload.renderFrame(at: time + offset)
                    frames += 1
                case .end:
                    return frames
                }
            }
            lap += 1
        }
        return frames
    }
}

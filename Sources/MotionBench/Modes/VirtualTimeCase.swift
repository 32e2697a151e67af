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

    /// How long a replay lasts.
    enum Length {
        /// `total` sample ticks at `rateHz`, the block holding `perBlock` of them, with the frames due
        /// before the tick after the last (so N ticks at 15 Hz come with 4N frames at 60 Hz).
        case ticks(total: Int, perBlock: Int, rateHz: Double)
        /// `total` recorded samples, with the frames due before the recorded sample after the last.
        case samples(total: Int)
    }

    /// Most recorded samples a block holds (a recording replays its first ones, lap after lap).
    static let maximumRecordedBlock = 16_384

    /// Ticks (or recorded samples) the warm-up feeds: enough to warm code and data and to time a tick.
    static let warmUpUnits = 256

    func run(
        _ spec: CaseSpec, makeWorkload: () throws -> any Workload, sensors: [SensorKind], input: CaseInput
    ) throws -> CaseResult {
        let block: [HubEvent]
        let blockSeconds: Double
        let makeLength: (Int) -> Length
        if let recorded = input.recorded, !recorded.isEmpty {
            let count = min(recorded.count, Self.maximumRecordedBlock)
            // A lap lasts until the sample after the block's last, or one median interval past it.
            blockSeconds = count < recorded.count
                ? recorded[count].time
                : recorded[count - 1].time + StreamResampler.medianInterval(Array(recorded.prefix(count)))
            block = EventTimeline.events(recorded: recorded.prefix(count), endSeconds: blockSeconds, displayRateHz: spec.displayRateHz, touches: input.touches)
            makeLength = { .samples(total: $0) }
        } else {
            var source = input.source
            let blockTicks = min(spec.sampleCount, Self.blockLength(rateHz: spec.rateHz, displayRateHz: spec.displayRateHz))
            block = EventTimeline.events(
                rateHz: spec.rateHz, displayRateHz: spec.displayRateHz, sensors: sensors, tickCount: blockTicks,
                source: &source, touches: input.touches
            )
            blockSeconds = Double(blockTicks) / spec.rateHz
            makeLength = { .ticks(total: $0, perBlock: blockTicks, rateHz: spec.rateHz) }
        }
        // Warm up code and data on a throw-away instance, before and outside the measured window, so
        // neither its work nor its workers' is counted; it is gone (workers joined) before measuring.
        // Its wall time per tick sizes a case that has a time budget.
        let warmUpUnits = min(spec.sampleCount, Self.warmUpUnits)
        var warmUpNs: UInt64 = 0
        do {
            let warmUp = try makeWorkload()
            NamedThread(name: "mb-warm-up") {
                let start = mb_monotonic_ns()
                Self.replay(block, blockSeconds: blockSeconds, length: makeLength(warmUpUnits), into: warmUp)
                warmUp.finish()
                warmUpNs = mb_monotonic_ns() - start
            }.join()
        }
        let count = Self.sampleCount(spec, warmUpUnits: warmUpUnits, warmUpNs: warmUpNs)

        let workload = try makeWorkload()
        var cpuNs: UInt64 = 0
        var wallNs: UInt64 = 0
        var frames = 0
        let measured = try harness.measure(expectedSeconds: 60) { threads in
            threads.start("mb-workload", role: .workload) {
                let cpuStart = mb_current_thread_cpu_ns()
                let wallStart = mb_monotonic_ns()
                frames = Self.replay(block, blockSeconds: blockSeconds, length: makeLength(count), into: workload)
                workload.finish()
                wallNs = mb_monotonic_ns() - wallStart
                cpuNs = mb_current_thread_cpu_ns() - cpuStart
            }
        }

        return CaseResultBuilder.make(
            spec: spec, measured: measured, samples: count, frames: frames,
            workloadCpuNs: cpuNs, outputs: workload.outputSummary, realTime: nil, virtualWallNs: wallNs
        )
    }

    /// The case's sample count: `spec.sampleCount`, or as many as fit its time budget at the warm-up's
    /// pace (never fewer than the warm-up fed).
    static func sampleCount(_ spec: CaseSpec, warmUpUnits: Int, warmUpNs: UInt64) -> Int {
        guard let budget = spec.virtualBudgetSeconds, warmUpUnits > 0, warmUpNs > 0 else { return spec.sampleCount }
        let affordable = budget * 1e9 / (Double(warmUpNs) / Double(warmUpUnits))
        return min(spec.sampleCount, max(warmUpUnits, Int(affordable)))
    }

    /// Feeds `block` lap after lap, each lap `blockSeconds` later, for `length`, and returns the frames
    /// rendered. Touches are a script over the scenario's time, not a loop: only the first lap delivers
    /// them. Tick limits are compared in whole ticks, so no rounding of shifted times drops or adds one.
    /// Never inlined: `scripts/callgrind.sh` counts instructions only inside this function.
    @discardableResult @inline(never)
    static func replay(_ block: [HubEvent], blockSeconds: Double, length: Length, into workload: any Workload) -> Int {
        var frames = 0
        var samples = 0
        var lap = 0
        while true {
            let offset = Double(lap) * blockSeconds
            for event in block {
                switch event {
                case var .sample(sample):
                    switch length {
                    case let .ticks(total, perBlock, rateHz):
                        guard (sample.time * rateHz).rounded() + Double(lap * perBlock) < Double(total) else { return frames }
                    case let .samples(total):
                        guard samples < total else { return frames }
                    }
                    sample.time += offset
                    workload.handle(sample)
                    samples += 1
                case let .frame(time):
                    // Before the tick after the last; a frame at the same instant belongs to that tick.
                    if case let .ticks(total, _, rateHz) = length, (time + offset) * rateHz >= Double(total) - 1e-6 { return frames }
                    workload.renderFrame(at: time + offset)
                    frames += 1
                case let .touch(touch):
                    if lap == 0 { workload.handle(touch) }
                case .end:
                    return frames
                }
            }
            lap += 1
            if case let .ticks(total, perBlock, _) = length, lap * perBlock >= total { return frames }
        }
    }
}

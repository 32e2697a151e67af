import CSystemShim
import MotionSensors
import MotionWorkloads
import SystemView
import ThreadSupport

/// Runs a case as fast as the CPU allows: the workload thread replays a block of samples made in
/// advance (lap after lap, time moving on), with display frames and touches merged in as they fall
/// due (`MotionEventStream`), until it has handled the case's sample count, then waits for the
/// workload's own workers to catch up (`Workload.finish`).
///
/// Samples are made before the clock starts, so the source's cost is not the workload's. Only
/// samples are stored: the block is bounded in ticks, and frames are made when due, so the harness's
/// memory grows neither with the case's length nor with its frames per tick.
struct VirtualTimeCase {
    let harness: CaseHarness
    /// At most this many sample ticks in the replayed block.
    static let maximumBlockTicks = 4096
    /// Most recorded samples a block holds (a recording replays its first ones, lap after lap).
    static let maximumRecordedBlock = 16_384
    /// Ticks (or recorded samples) the warm-up feeds at most: enough to warm code and data and to time
    /// a tick.
    static let warmUpUnits = 256
    /// Events (samples and frames) the warm-up feeds at most, so a tick carrying many frames (a low
    /// rate with 60 Hz frames) warms up on fewer ticks.
    static let warmUpEvents = 4096.0
    /// The most display frames a sample tick may carry in virtual time: at a lower rate the replay's
    /// least work (the warm-up) would take minutes for an animating workload, so the plan refuses it.
    static let mostFramesPerTick = 1000.0

    /// The lowest sample rate at which an animating workload with frames at `displayRate` runs in
    /// virtual time.
    static func lowestRate(displayRate: Double) -> Double {
        displayRate / mostFramesPerTick
    }

    func run(
        _ spec: CaseSpec, makeWorkload: () throws -> any WorkloadInstance, sensors: [SensorKind], input: CaseInput
    ) throws -> CaseResult {
        let replay = Replay(spec: spec, sensors: sensors, input: input)
        // Warm up code and data on a throw-away instance, before and outside the measured window, so
        // neither its work nor its workers' is counted; it is gone (workers joined) before measuring.
        // Its wall time per tick sizes a case that has a time budget.
        let warmUpUnits = min(spec.sampleCount, Self.warmUpUnits(spec, sensors: sensors))
        var warmUpNs: UInt64 = 0
        do {
            let warmUp = try makeWorkload()
            var stream = replay.events(units: warmUpUnits)
            NamedThread(name: "mb-warm-up") {
                let start = mb_monotonic_ns()
                Self.replay(&stream, into: warmUp)
                warmUp.finish()
                warmUpNs = mb_monotonic_ns() - start
            }.join()
        }
        let count = Self.sampleCount(spec, warmUpUnits: warmUpUnits, warmUpNs: warmUpNs)

        var stream = replay.events(units: count)
        var cpuNs: UInt64 = 0
        var wallNs: UInt64 = 0
        var allocations: AllocationCounter.Counts?
        let measured = try harness.measure(expectedSeconds: 60, makeWorkload: makeWorkload) { workload, threads in
            threads.start("mb-workload", role: .workload) {
                let allocationsStart = AllocationCounter.currentThread()
                let cpuStart = mb_current_thread_cpu_ns()
                let wallStart = mb_monotonic_ns()
                Self.replay(&stream, into: workload)
                workload.finish()
                wallNs = mb_monotonic_ns() - wallStart
                cpuNs = mb_current_thread_cpu_ns() - cpuStart
                allocations = AllocationCounter.currentThread(since: allocationsStart)
            }
        }

        return CaseResultBuilder.make(
            spec: spec, measured: measured, samples: count, frames: stream.frames,
            workloadCpuNs: cpuNs, workloadAllocations: allocations, realTime: nil,
            virtualWallNs: wallNs, simulatedSeconds: replay.seconds(units: count)
        )
    }

    /// Ticks the warm-up feeds: `warmUpUnits`, fewer when each carries many frames, at least one.
    static func warmUpUnits(_ spec: CaseSpec, sensors: [SensorKind]) -> Int {
        let framesPerTick = spec.recordedTiming ? 0 : (spec.displayRateHz ?? 0) / spec.rateHz
        let eventsPerTick = Double(max(1, sensors.count)) + framesPerTick
        return max(1, min(warmUpUnits, Int(warmUpEvents / eventsPerTick)))
    }

    /// The case's sample count: `spec.sampleCount`, or as many as fit its time budget at the warm-up's
    /// pace (never fewer than the warm-up fed).
    static func sampleCount(_ spec: CaseSpec, warmUpUnits: Int, warmUpNs: UInt64) -> Int {
        guard let budget = spec.virtualBudgetSeconds, warmUpUnits > 0, warmUpNs > 0 else { return spec.sampleCount }
        let affordable = budget * 1e9 / (Double(warmUpNs) / Double(warmUpUnits))
        return min(spec.sampleCount, max(warmUpUnits, Int(affordable)))
    }

    /// Feeds `stream` (a replay's events, made before the clock starts) to `workload` in delivery order.
    /// Never inlined: the instruction counter counts instructions only inside this function.
    @inline(never)
    static func replay(_ stream: inout MotionEventStream<LappedFeed>, into workload: any WorkloadInstance) {
        // A closure workload's loop calls its closure directly, as a class's calls the class's `handle`.
        if let closure = workload as? ClosureWorkloadInstance {
            feed(&stream, into: closure)
        } else {
            feed(&stream, into: workload)
        }
    }

    @inline(__always)
    private static func feed(_ stream: inout MotionEventStream<LappedFeed>, into receiver: some MotionEventReceiver) {
        // A local copy: the caller's stream lives in a closure's box, which every event would go through.
        var events = stream
        while let event = events.next() { event.deliver(to: receiver) }
        stream = events
    }

    /// A case's input made ready to replay: the block of samples, how they are timed, and what is
    /// merged in as it falls due.
    struct Replay {
        let block: [SensorSample]
        let timing: LappedFeed.Timing
        let displayRate: Double?
        let touches: [TouchEvent]

        /// The block of `spec`'s input: the recording's own samples at its own timing (a lap lasts
        /// until the sample after the block's last, or one median interval past it), else ticks at the
        /// case's rate read from a copy of the input's source. Touches are a script over the case's
        /// time, not a loop: each is delivered once, when due.
        init(spec: CaseSpec, sensors: [SensorKind], input: CaseInput) {
            displayRate = spec.displayRateHz
            touches = input.touches
            if let recorded = input.recorded, !recorded.isEmpty {
                let count = min(recorded.count, VirtualTimeCase.maximumRecordedBlock)
                block = Array(recorded.prefix(count))
                let lapSeconds = count < recorded.count
                    ? recorded[recorded.startIndex + count].time
                    : block[count - 1].time + StreamResampler.medianInterval(block)
                timing = .recorded(lapSeconds: lapSeconds)
            } else {
                let ticks = min(spec.sampleCount, VirtualTimeCase.maximumBlockTicks)
                var feed = FixedRateFeed(source: AnySensorSource(input.source), sensors: sensors, rate: spec.rateHz, tickCount: ticks)
                var samples: [SensorSample] = []
                samples.reserveCapacity(ticks * sensors.count)
                while feed.nextInstant != nil { samples.append(feed.next()) }
                block = samples
                timing = .ticks(rate: spec.rateHz, samplesPerTick: sensors.count)
            }
        }

        /// The events of the first `units` ticks or recorded samples, with the frames before the
        /// tick or sample after the last (so N ticks at 15 Hz come with 4N frames at 60 Hz).
        func events(units: Int) -> MotionEventStream<LappedFeed> {
            MotionEventStream(feed: LappedFeed(block: block, timing: timing, total: units), displayRate: displayRate, touches: touches)
        }

        /// The seconds of the case's time that `units` ticks or recorded samples cover.
        func seconds(units: Int) -> Double {
            LappedFeed(block: block, timing: timing, total: units).endInstant
        }
    }
}

import CSystemShim
import MotionResults
import MotionSensors
import MotionWorkloads
import SystemView
import ThreadSupport

/// Runs a case as fast as the CPU allows: the workload thread replays a lap of events put in delivery
/// order in advance (`EventLap`: a stretch of ticks, or the recording itself), lap after lap, time
/// moving on, with touches merged in as they fall due (`LapReplay`), until it has handled the case's
/// sample count, then waits for the workload's own workers to catch up (`Workload.finish`).
///
/// The lap is made before the clock starts, so neither the source's cost nor the ordering is the
/// workload's. It is bounded in events, so the harness's memory grows neither with the case's length
/// nor with its frames per tick. The workload thread's CPU clock is also read after every chunk of
/// ticks (`ChunkClock`), for the spread of the cost (`ChunkCost`).
///
/// A case with a time budget keeps to it: the warm-up takes at most a tenth of it (and a second), the
/// sample count is what the rest affords at the warm-up's pace, and the replay stops once the budget
/// is spent, the case keeping the samples fed by then. The replay is fed in stretches of about a
/// second (`feed`, `CaseBounds.stretchSeconds`), so the budget and a stop are looked at between them;
/// a workload cheap enough to take its whole count in a second is fed it in one.
struct VirtualTimeCase {
    let harness: CaseHarness
    /// At most this many sample ticks in a lap of the virtual device, which never runs out: a lap is a
    /// stretch of its scenario.
    static let maximumDeviceTicks = 4096
    /// At most this many events (samples and frames) in a lap: a recording longer than that is
    /// replayed from its start, as far as a lap holds.
    static let maximumLapEvents = 65_536
    /// Ticks (or recorded samples) the warm-up feeds at most: enough to warm code and data and to time
    /// a tick.
    static let warmUpUnits = 256
    /// Events (samples and frames) the warm-up feeds at most, so a tick carrying many frames (a low
    /// rate with 60 Hz frames) warms up on fewer ticks.
    static let warmUpEvents = 4096.0
    /// The most display frames a sample tick may carry in virtual time: at a lower rate the replay's
    /// least work (the warm-up) would take minutes for an animating workload, so the plan refuses it.
    static let mostFramesPerTick = 1000.0
    /// The most of a case's time budget its warm-up may take, and at most `mostWarmUpSeconds`.
    static let warmUpShareOfBudget = 0.1
    static let mostWarmUpSeconds = 1.0

    /// The lowest sample rate at which an animating workload with frames at `displayRate` runs in
    /// virtual time.
    static func lowestRate(displayRate: Double) -> Double {
        displayRate / mostFramesPerTick
    }

    func run(
        _ spec: CaseSpec, makeWorkload: () throws -> any WorkloadInstance, sensors: [SensorKind], replay: Replay
    ) throws -> CaseResult {
        // Warm up code and data on a throw-away instance, before and outside the measured window, so
        // neither its work nor its workers' is counted; it is gone (workers joined) before measuring.
        // Its wall time per tick sizes a case that has a time budget.
        let warmUpUnits = min(spec.sampleCount, Self.warmUpUnits(spec, sensors: sensors))
        var warmUpFed = 0
        var warmUpNs: UInt64 = 0
        let warmUpLimitNs = spec.virtualBudgetSeconds.map { UInt64(min(Self.mostWarmUpSeconds, $0 * Self.warmUpShareOfBudget) * 1e9) }
        let workloadType: any WorkloadInstance.Type
        do {
            let warmUp = try makeWorkload()
            workloadType = type(of: warmUp)
            var events = replay.events(units: warmUpUnits)
            workloadType.prepare(&events)
            let bounds = harness.bounds
            NamedThread(name: "mb-warm-up") {
                let start = mb_monotonic_ns()
                warmUpFed = Self.feed(
                    &events, units: warmUpUnits, into: warmUp, firstStretch: bounds.stretchSeconds == nil ? warmUpUnits : 1,
                    stretchSeconds: bounds.stretchSeconds, until: warmUpLimitNs.map { start + $0 }, stopping: { bounds.stopsCaseInFlight })
                warmUp.finish()
                warmUpNs = mb_monotonic_ns() - start
            }.join()
        }
        if harness.bounds.stopsCaseInFlight { throw CaseEnding.stopRequested(spec) }
        let count = Self.sampleCount(spec, warmUpUnits: warmUpFed, warmUpNs: warmUpNs)
        let stretchSeconds = harness.bounds.stretchSeconds
        let firstStretch = stretchSeconds.map { Self.stretch(Double(warmUpFed) * 1e9 / Double(max(1, warmUpNs)) * $0, previous: nil) } ?? count

        var events = replay.events(units: count)
        // What the workload's walk needs is made now, before the heap is read and the clock starts:
        // its own, and the chunks' clock with its storage.
        workloadType.prepare(&events)
        let chunks = ChunkClock(ticks: count)
        events.mark(every: chunks.ticksPerChunk) { chunks.read() }
        var cpuNs: UInt64 = 0
        var wallNs: UInt64 = 0
        var fed = 0
        var allocations: AllocationCounter.Counts?
        let budgetNs = spec.virtualBudgetSeconds.map { UInt64($0 * 1e9) }
        let measured = try harness.measure(
            expectedSeconds: 60, deadlineSeconds: spec.virtualBudgetSeconds.map { $0 + (stretchSeconds ?? 0) }, spec: spec, makeWorkload: makeWorkload
        ) { workload, threads in
            threads.start("mb-workload", role: .workload) {
                let allocationsStart = AllocationCounter.currentThread()
                let cpuStart = mb_current_thread_cpu_ns()
                chunks.start(at: cpuStart)
                let wallStart = mb_monotonic_ns()
                fed = Self.feed(
                    &events, units: count, into: workload, firstStretch: firstStretch, stretchSeconds: stretchSeconds,
                    until: budgetNs.map { wallStart + $0 }, stopping: { threads.stop.isRaised })
                workload.finish()
                wallNs = mb_monotonic_ns() - wallStart
                cpuNs = mb_current_thread_cpu_ns() - cpuStart
                allocations = AllocationCounter.currentThread(since: allocationsStart)
            }
        }

        // What was fed: the whole count, or as much as the budget let through.
        let fedEvents = fed == count ? events : replay.events(units: fed)
        var result = CaseResultBuilder.make(
            spec: spec, measured: measured, samples: fed, frames: fedEvents.frames,
            workloadCpuNs: cpuNs, workloadAllocations: allocations, realTime: nil,
            virtualWallNs: wallNs, simulatedSeconds: fedEvents.endInstant
        )
        result.laps = fedEvents.laps
        result.chunkCost = chunks.cost
        result.recordingSeconds = replay.recordingSeconds
        result.recordingSecondsFed = replay.recordingSeconds.map { _ in replay.lap.instant(ofUnit: min(fed, replay.lap.units) - 1) }
        return result
    }

    /// Feeds the first `units` units of `events` to `workload` in stretches, the first of
    /// `firstStretch` units, each next one at most twice the last and about `stretchSeconds` long at
    /// its pace (`stretch`; nil keeps growing them), and none meant to run past `deadlineNs`; it stops
    /// early once the clock passes `deadlineNs` or `stopping` says so, and returns the units fed.
    /// Allocates nothing.
    static func feed(
        _ events: inout LapReplay, units: Int, into workload: any WorkloadInstance, firstStretch: Int, stretchSeconds: Double?,
        until deadlineNs: UInt64?, stopping: () -> Bool
    ) -> Int {
        var fed = 0
        var stretch = max(1, firstStretch)
        while fed < units {
            let start = mb_monotonic_ns()
            let next = min(units, fed + stretch)
            events.pause(afterUnits: next)
            replay(&events, into: workload)
            let now = mb_monotonic_ns()
            let unitNs = Double(max(1, now - start)) / Double(next - fed)
            fed = next
            if stopping() || deadlineNs.map({ now >= $0 }) == true { break }
            stretch = stretchSeconds.map { Self.stretch($0 * 1e9 / unitNs, previous: stretch) } ?? 2 * stretch
            if let deadlineNs { stretch = min(stretch, max(1, Int(Double(deadlineNs - now) / unitNs))) }
        }
        return fed
    }

    /// A stretch of about `units` units: a power of two (so a pace that wavers a little keeps the
    /// same stretches), at least one and at most twice `previous`.
    static func stretch(_ units: Double, previous: Int?) -> Int {
        guard units.isFinite, units >= 2 else { return 1 }
        let power = 1 << min(62, Int(units.exponent))
        return previous.map { min(power, 2 * $0) } ?? power
    }

    /// Ticks the warm-up feeds: `warmUpUnits`, fewer when each carries many frames, at least one.
    static func warmUpUnits(_ spec: CaseSpec, sensors: [SensorKind]) -> Int {
        let framesPerTick = spec.recordedTiming ? 0 : (spec.displayRateHz ?? 0) / spec.rateHz
        let eventsPerTick = Double(max(1, sensors.count)) + framesPerTick
        return max(1, min(warmUpUnits, Int(warmUpEvents / eventsPerTick)))
    }

    /// The case's sample count: `spec.sampleCount`, or as many as fit its time budget at the warm-up's
    /// pace (at least one).
    static func sampleCount(_ spec: CaseSpec, warmUpUnits: Int, warmUpNs: UInt64) -> Int {
        guard let budget = spec.virtualBudgetSeconds, warmUpUnits > 0, warmUpNs > 0 else { return spec.sampleCount }
        let affordable = budget * 1e9 / (Double(warmUpNs) / Double(warmUpUnits))
        return min(spec.sampleCount, max(1, Int(min(affordable, Double(Int.max / 2)))))
    }

    /// Feeds `events` (a lap's events in delivery order, made before the clock starts) to `workload`,
    /// through the loop compiled for its type (`MotionEventReceiver.receive(_:)`). Never inlined: the
    /// instruction counter counts instructions only inside this function.
    @inline(never)
    static func replay(_ events: inout LapReplay, into workload: any WorkloadInstance) {
        // A local copy: the caller's replay lives in a closure's box, which every stretch would go through.
        var replay = events
        workload.receive(&replay)
        events = replay
    }

    /// A case's input made ready to replay: the lap of events, and the touches merged in as they fall due.
    struct Replay {
        let lap: EventLap
        let touches: [TouchEvent]
        /// Seconds of the recording feeding the case; nil for the virtual device.
        let recordingSeconds: Double?

        /// The lap of `spec`'s input: the recording's own samples at its own timing (a lap lasts until
        /// the sample after its last, or one interval past the recording's last), else ticks at the
        /// case's rate read from a copy of the input's source, as many as cover the recording (never the
        /// reading held past its end), or a stretch of the virtual device that holds whole frame
        /// periods, so frames keep their pace across laps. Touches are a script over the case's time,
        /// not a loop: each is delivered once, when due.
        init(spec: CaseSpec, sensors: [SensorKind], input: CaseInput) {
            touches = input.touches
            recordingSeconds = input.recordingSeconds
            let displayRate = spec.displayRateHz
            if let recorded = input.recorded, !recorded.isEmpty {
                let interval = StreamResampler.medianInterval(recorded)
                let pastLast = recorded[recorded.count - 1].time + (interval > 0 ? interval : 1 / spec.rateHz)
                func end(_ count: Int) -> Double { count < recorded.count ? recorded[count].time : pastLast }
                var count = VirtualTimeCase.largest(upTo: min(recorded.count, spec.sampleCount)) { count in
                    count + Int((end(count) * (displayRate ?? 0)).rounded(.up)) <= VirtualTimeCase.maximumLapEvents
                }
                // A lap ends between two instants, never between samples of one.
                while count < recorded.count, recorded[count].time <= recorded[count - 1].time {
                    count = count > 1 ? count - 1 : recorded.count
                }
                lap = EventLap(samples: Array(recorded.prefix(count)), timing: .recorded(seconds: end(count)), displayRate: displayRate)
            } else {
                let ticks = VirtualTimeCase.lapTicks(spec, sensors: sensors.count, recordingSeconds: input.recordingSeconds)
                var feed = FixedRateFeed(source: AnySensorSource(input.source), sensors: sensors, rate: spec.rateHz, tickCount: ticks)
                var samples: [SensorSample] = []
                samples.reserveCapacity(ticks * sensors.count)
                while feed.nextInstant != nil { samples.append(feed.next()) }
                lap = EventLap(samples: samples, timing: .ticks(count: ticks, rate: spec.rateHz), displayRate: displayRate)
            }
        }

        /// The replay of the first `units` ticks or recorded samples, with the frames before the unit
        /// after the last (so N ticks at 15 Hz come with 4N frames at 60 Hz), and the touches.
        func events(units: Int) -> LapReplay {
            LapReplay(lap: lap, units: units, touches: touches)
        }
    }

    /// Ticks in a lap of `spec`'s case fed `sensors` sensors: no more than the case feeds, than the lap's
    /// events hold, nor than cover the recording (`recordingSeconds`; nil for the virtual device, whose
    /// lap is at most `maximumDeviceTicks` and, when the case goes round it, whole frame periods long).
    static func lapTicks(_ spec: CaseSpec, sensors: Int, recordingSeconds: Double?) -> Int {
        let rate = spec.rateHz
        let eventsPerTick = Double(sensors) + (spec.displayRateHz ?? 0) / rate
        var ticks = min(spec.sampleCount, Int(Double(maximumLapEvents) / max(1, eventsPerTick)))
        if let seconds = recordingSeconds {
            // Tick k is in the recording when its instant is at most the recording's end.
            let covering = largest(upTo: Int((seconds * rate).rounded(.down)) + 2) { DeliveryOrder.instant(of: $0 - 1, rate: rate) <= seconds }
            return max(1, min(ticks, covering))
        }
        ticks = min(ticks, maximumDeviceTicks)
        if let displayRate = spec.displayRateHz, spec.sampleCount > ticks,
            let period = (1...max(1, ticks)).first(where: { (Double($0) * displayRate).truncatingRemainder(dividingBy: rate) == 0 })
        {
            ticks -= ticks % period
        }
        return max(1, ticks)
    }

    /// The largest count in `1 ... limit` that `fits` (which holds up to some count and not past it); 1
    /// when none does.
    static func largest(upTo limit: Int, where fits: (Int) -> Bool) -> Int {
        var low = 1, high = max(1, limit)
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

import CSystemShim
import MotionResults
import MotionSensors
import MotionWorkloads
import SystemView

/// Runs a case paced by the wall clock, as on a phone: a hub thread wakes on absolute deadlines for
/// each sample tick and display frame, reads the source, and queues events to the workload's thread.
///
/// Ticks come at the case's rate, one sample per subscribed sensor each, or, replaying a recording
/// at its own timing, one recorded sample each at its recorded time (gaps included).
///
/// The case lasts its duration, whatever the workload does: after the last tick the workload has
/// `drainSeconds` to handle what is still queued, and what it has not by then is dropped and counted,
/// so a workload that falls behind reads as falling behind (its handled ticks, its achieved rate, the
/// ticks dropped), never as the rate it was fed at.
struct RealTimeCase {
    let harness: CaseHarness
    /// Room for this many events between hub and workload before the hub counts drops.
    static let queueCapacity = 4096
    /// Head start for the threads to reach their loops before tick 0 is due.
    static let startLeadNs: UInt64 = 20_000_000

    /// Seconds the workload has after a case of `duration` seconds' last tick to handle what is still
    /// queued: a quarter of a second, or a tenth of the case if longer.
    static func drainSeconds(_ duration: Double) -> Double {
        max(0.25, duration / 10)
    }

    func run(_ spec: CaseSpec, makeWorkload: () throws -> any WorkloadInstance, sensors: [SensorKind], input: CaseInput) throws -> CaseResult {
        let queue = EventQueue(capacity: Self.queueCapacity)
        var hub = HubFigures()
        var workloadCpuNs: UInt64 = 0
        var allocations: AllocationCounter.Counts?

        let drainNs = UInt64(Self.drainSeconds(spec.durationSeconds) * 1e9)
        // The hub ends the case by then, whatever the workload does.
        let deadline = spec.durationSeconds + Double(Self.startLeadNs + drainNs) / 1e9
        let measured = try harness.measure(expectedSeconds: spec.durationSeconds, deadlineSeconds: deadline, spec: spec, makeWorkload: makeWorkload) {
            workload, threads in
            threads.start("mb-workload", role: .workload) {
                let allocationsStart = AllocationCounter.currentThread()
                let start = mb_current_thread_cpu_ns()
                while let event = queue.pop() { event.deliver(to: workload) }
                workload.finish()
                workloadCpuNs = mb_current_thread_cpu_ns() - start
                allocations = AllocationCounter.currentThread(since: allocationsStart)
            }
            // Everything the hub paces with is made here, before the case starts, so that the hub
            // allocates nothing while it runs: its streams' lateness storage, the touches in order,
            // and the first tick's samples (a source's first reading may copy the source). The
            // streams start when the hub does.
            var frames = spec.displayRateHz.map { rate in
                PacedStream(
                    schedule: DeadlineSchedule(startNs: 0, rateHz: rate),
                    tickCount: DeadlineSchedule(startNs: 0, rateHz: rate).tickCount(inSeconds: spec.durationSeconds)
                )
            }
            var touches = TouchQueue(input.touches)
            if let recorded = input.recorded {
                let inCase = recorded.prefix { $0.time < spec.durationSeconds }
                var samples = PacedStream(schedule: RecordedSchedule(startNs: 0, offsets: inCase.map(\.time)), tickCount: inCase.count)
                threads.start("mb-hub", role: .hub) {
                    hub = Self.pace(spec, samples: &samples, frames: &frames, touches: &touches, queue: queue, stop: threads.stop, drainNs: drainNs) {
                        tick, push in
                        push(inCase[inCase.startIndex + tick], true)
                    }
                }
            } else {
                var source = input.source
                let schedule = DeadlineSchedule(startNs: 0, rateHz: spec.rateHz)
                let ticks = max(1, schedule.tickCount(inSeconds: spec.durationSeconds))
                var samples = PacedStream(schedule: schedule, tickCount: ticks)
                let firstTick = sensors.map { source.reading(of: $0, at: schedule.offsetSeconds(ofTick: 0)) }
                threads.start("mb-hub", role: .hub) {
                    hub = Self.pace(spec, samples: &samples, frames: &frames, touches: &touches, queue: queue, stop: threads.stop, drainNs: drainNs) {
                        tick, push in
                        // By index: an unoptimised build iterates an array through a generic iterator that allocates.
                        let time = schedule.offsetSeconds(ofTick: tick)
                        for index in sensors.indices {
                            push(tick == 0 ? firstTick[index] : source.reading(of: sensors[index], at: time), index == sensors.count - 1)
                        }
                    }
                }
            }
        }

        // Ticks the workload handled, and the rate it handled them at, from the first tick's deadline
        // to its last handled tick or the last tick's deadline, whichever came later (so a workload
        // that stalled early reads the rate it kept over the case); a workload that reads no sensor
        // has no samples in the queue, and its ticks are those the hub delivered.
        let readsSamples = input.recorded != nil || !sensors.isEmpty
        let handled = readsSamples ? queue.handledTicks : hub.delivered - hub.unhandled.ticks
        let lastHandled = readsSamples ? queue.lastHandledNs : hub.lastTickNs ?? 0
        let span = Double(max(lastHandled, hub.lastDueNs) &- hub.firstDueNs) / 1e9
        let achievedHz = handled >= 2 && span > 0 ? Double(handled - 1) / span : nil
        return CaseResultBuilder.make(
            spec: spec, measured: measured, samples: handled, frames: hub.frames - hub.droppedFrames - hub.unhandled.frames,
            workloadCpuNs: workloadCpuNs, workloadAllocations: allocations,
            realTime: .init(
                achievedHz: achievedHz, lateness: hub.lateness.summary, missed: hub.missed, dropped: hub.dropped + hub.unhandled.ticks,
                missedFrames: spec.displayRateHz == nil ? nil : hub.missedFrames + hub.droppedFrames + hub.unhandled.frames
            ),
            virtualWallNs: nil
        )
    }

    /// The hub's loop: sleeps to whichever of the next sample tick and the next frame comes first in
    /// `DeliveryOrder`, queues the tick's samples (which `samplesOfTick` pushes, each with whether it
    /// is its tick's last) or the frame, with any touches due by then, and ends the case with nil once
    /// both streams are done (the frames due after the last tick belong to the case too, as in virtual
    /// time). The workload then has `drainNs` to take the end; past that the queue is closed, what it
    /// held dropped. A raised `stop` ends the case at the next wake. Nothing in it allocates: the
    /// streams and touches come in made, and the lateness is summarised by the caller.
    private static func pace<Schedule: TickSchedule>(
        _ spec: CaseSpec, samples: inout PacedStream<Schedule>, frames: inout PacedStream<DeadlineSchedule>?, touches: inout TouchQueue,
        queue: EventQueue, stop: CaseStop, drainNs: UInt64, samplesOfTick: (Int, (SensorSample, Bool) -> Void) -> Void
    ) -> HubFigures {
        _ = mb_set_timer_slack_ns(1)
        let startNs = mb_monotonic_ns() + startLeadNs
        samples.start(at: startNs)
        frames?.start(at: startNs)
        let (firstDueNs, lastDueNs) =
            samples.tickCount > 0
            ? (samples.schedule.deadline(ofTick: 0), samples.schedule.deadline(ofTick: samples.tickCount - 1)) : (startNs, startNs)
        // A touch waits for room in the queue, but not past the case's end: a workload that has left
        // the queue full that long has fallen behind, and the hub must end the case on time.
        let endNs = lastDueNs + drainNs
        func queueTouches(dueBy time: Double) {
            while let touch = touches.next(dueBy: time) { queue.pushWaiting(.touch(touch)) { stop.isRaised || mb_monotonic_ns() >= endNs } }
        }
        var figures = HubFigures()
        while (!samples.isFinished || frames?.isFinished == false) && !stop.isRaised {
            let frameFirst =
                frames.map { frames in
                    !frames.isFinished && (samples.isFinished || DeliveryOrder.frame(at: frames.nextInstant, precedesSamplesAt: samples.nextInstant))
                } ?? false
            _ = mb_sleep_until_ns(frameFirst ? frames!.nextDeadline : samples.nextDeadline)
            let now = mb_monotonic_ns()
            if frameFirst {
                if let frame = frames!.fire(at: now) {
                    let time = frames!.schedule.offsetSeconds(ofTick: frame)
                    queueTouches(dueBy: time)
                    figures.frames += 1
                    if !queue.push(.frame(time)) { figures.droppedFrames += 1 }
                }
            } else if let tick = samples.fire(at: now) {
                queueTouches(dueBy: samples.schedule.offsetSeconds(ofTick: tick))
                var accepted = true
                samplesOfTick(tick) { accepted = queue.push(.sample($0), endsTick: $1) && accepted }
                if accepted { figures.delivered += 1 } else { figures.dropped += 1 }
                figures.lastTickNs = now
            }
        }
        // The workload's time to take what is queued, and the end; then the rest is dropped.
        let drainDeadline = mb_monotonic_ns() + drainNs
        var endQueued = false
        while !stop.isRaised {
            endQueued = endQueued || queue.push(nil)
            if endQueued && queue.isDrained { break }
            guard mb_monotonic_ns() < drainDeadline else { break }
            _ = mb_sleep_until_ns(mb_monotonic_ns() + 1_000_000)
        }
        if !queue.isDrained { figures.unhandled = queue.close() }
        figures.missed = samples.missed
        figures.firstDueNs = firstDueNs
        figures.lastDueNs = lastDueNs
        figures.missedFrames = frames?.missed ?? 0
        figures.lateness = samples.lateness
        return figures
    }

    /// What the hub thread counted.
    private struct HubFigures {
        var delivered = 0
        var dropped = 0
        var frames = 0
        var droppedFrames = 0
        var missed = 0
        var missedFrames = 0
        /// How late each delivered sample tick was; summarised once the case is over.
        var lateness = LatenessRecorder(capacity: 0)
        /// When the hub delivered its last sample tick.
        var lastTickNs: UInt64?
        /// When the case's first and last sample ticks were due.
        var firstDueNs: UInt64 = 0
        var lastDueNs: UInt64 = 0
        /// Sample ticks and frames queued but dropped at the case's end, the workload not having
        /// handled them in its time.
        var unhandled = (ticks: 0, frames: 0)
    }
}

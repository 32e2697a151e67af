import MotionMath
import MotionSensors
import MotionWorkloads
import Testing

@testable import MotionBench
@testable import MotionResults

/// A source whose reading encodes its sensor and time, so ordering is visible.
struct CountingSource: SensorSource {
    var sensors: Set<SensorKind> { [.accelerometer, .gyroscope] }
    var calls = 0
    mutating func reading(of sensor: SensorKind, at time: Double) -> SensorSample {
        calls += 1
        return SensorSample(sensor: sensor, time: time, value: Vector3(Double(calls), 0, 0))
    }
}

@Suite struct EventQueueTests {
    @Test func queueIsFirstInFirstOutAndRefusesWhenFull() {
        let queue = EventQueue(capacity: 2)
        #expect(queue.push(.frame(1)))
        #expect(queue.push(.frame(2)))
        #expect(!queue.push(.frame(3)))
        #expect(queue.pop() == .frame(1))
        #expect(queue.push(nil))
        #expect(queue.pop() == .frame(2))
        #expect(queue.pop() == nil, "nil is the end of the case")
    }

    /// A tick is handled once the workload comes back after its last sample; closing drops what is
    /// queued, counting the ticks and frames, and the next pop is the end.
    @Test func queueCountsHandledTicksAndClosingDropsTheRest() {
        let queue = EventQueue(capacity: 8)
        let sample = SensorSample(sensor: .gyroscope, time: 0, value: Vector3(1, 0, 0))
        #expect(queue.push(.sample(sample), endsTick: false) && queue.push(.sample(sample), endsTick: true))
        #expect(queue.push(.frame(0)) && queue.push(.sample(sample), endsTick: true) && queue.push(.frame(1)))
        #expect(queue.pop() == .sample(sample) && queue.pop() == .sample(sample))
        #expect(queue.handledTicks == 0, "the tick's last sample is still being handled")
        #expect(queue.pop() == .frame(0))
        #expect(queue.handledTicks == 1 && queue.lastHandledNs > 0)
        #expect(!queue.isDrained)
        let dropped = queue.close()
        #expect(dropped.ticks == 1 && dropped.frames == 1)
        #expect(queue.pop() == nil && queue.isDrained)
        #expect(!queue.push(.frame(2)), "a closed queue takes nothing")
        #expect(queue.handledTicks == 1)
    }
}

/// Counts what it is fed and checks that time only moves forward.
final class TallyWorkload: Workload {
    static let descriptor = WorkloadDescriptor(
        name: "tally", summary: "counts", sensors: [.gyroscope], defaultRates: [15],
        filters: ["raw"], defaultFilters: ["raw"], displayRate: 60
    )
    var samples = 0, frames = 0
    var lastTime = -1.0, timeWentBack = false
    init(configuration: WorkloadConfiguration) {}
    func handle(_ sample: SensorSample) {
        samples += 1
        advance(to: sample.time)
    }
    func renderFrame(at time: Double) {
        frames += 1
        advance(to: time)
    }
    private func advance(to time: Double) {
        if time < lastTime { timeWentBack = true }
        lastTime = time
    }
    var outputSummary: [String: Double] { ["samples": Double(samples)] }
}

/// Replays `replay`'s first `units` ticks into `workload` as a virtual-time case does; the frames rendered.
@discardableResult
func replayed(_ replay: VirtualTimeCase.Replay, units: Int, into workload: any Workload) -> Int {
    var events = replay.events(units: units)
    VirtualTimeCase.replay(&events, into: workload)
    return events.frames
}

/// A case spec of the tally workload for the replay tests.
func replaySpec(rate: Double, samples: Int, displayRate: Double? = 60) -> CaseSpec {
    CaseSpec(
        workload: "tally", rateHz: rate, filter: "raw", mode: .virtual, repetition: 1, durationSeconds: 1, sampleCount: samples,
        displayRateHz: displayRate, seed: 1)
}

@Suite struct ReplayTests {
    @Test func replayLapsTheBlockWithTimeMovingOnAndFramesOfTheLastTick() throws {
        let replay = VirtualTimeCase.Replay(
            spec: replaySpec(rate: 15, samples: 10), sensors: [.gyroscope], input: CaseInput(source: CountingSource()))
        #expect(replay.lap.units == 10)
        let workload = TallyWorkload(configuration: WorkloadConfiguration(rate: 15, filter: "raw"))
        let frames = replayed(replay, units: 25, into: workload)
        #expect(workload.samples == 25)
        #expect(frames == 100 && workload.frames == 100)
        #expect(!workload.timeWentBack)
        #expect(abs(workload.lastTime - 99.0 / 60) < 1e-12)
        #expect(abs(replay.events(units: 25).endInstant - 25.0 / 15) < 1e-12)
    }

    /// The lap is bounded in events: its size does not grow with the frames a tick carries, at any
    /// rate the plan accepts (bug: 0.1 Hz with 60 Hz frames held 2.4 million frames, 155 MiB).
    @Test func theLapsSizeDoesNotGrowWithFramesPerTick() throws {
        for rate in [60.0, 0.1, VirtualTimeCase.lowestRate(displayRate: 60)] {
            let replay = VirtualTimeCase.Replay(
                spec: replaySpec(rate: rate, samples: 20_000), sensors: [.gyroscope], input: CaseInput(source: CountingSource()))
            #expect(replay.lap.eventCount <= VirtualTimeCase.maximumLapEvents && replay.lap.units >= 1)
        }
        let atSixty = VirtualTimeCase.Replay(
            spec: replaySpec(rate: 60, samples: 20_000), sensors: [.gyroscope], input: CaseInput(source: CountingSource()))
        #expect(atSixty.lap.units == VirtualTimeCase.maximumDeviceTicks)
        // The lowest rate with 1000 frames a tick: two ticks replay with their 2000 frames.
        let rate = VirtualTimeCase.lowestRate(displayRate: 60)
        let replay = VirtualTimeCase.Replay(
            spec: replaySpec(rate: rate, samples: 2), sensors: [.gyroscope], input: CaseInput(source: CountingSource()))
        let workload = TallyWorkload(configuration: WorkloadConfiguration(rate: rate, filter: "raw"))
        #expect(replayed(replay, units: 2, into: workload) == 2000 && workload.samples == 2)
    }

    @Test func aTickCarryingManyFramesWarmsUpOnFewerTicks() {
        #expect(VirtualTimeCase.warmUpUnits(replaySpec(rate: 60, samples: 20_000), sensors: [.accelerometer]) == 256)
        #expect(VirtualTimeCase.warmUpUnits(replaySpec(rate: 0.06, samples: 20_000), sensors: [.accelerometer]) == 4)
        #expect(VirtualTimeCase.warmUpUnits(replaySpec(rate: 1, samples: 20_000, displayRate: nil), sensors: [.accelerometer]) == 256)
    }
}

@Suite struct TouchReplayTests {
    @Test func virtualReplayDeliversEachTouchOnceAtItsTime() {
        let touches = [TouchEvent(time: 0.2, .tap(Vector2(0, 0))), TouchEvent(time: 1.0, .tap(Vector2(0, 0)))]
        let replay = VirtualTimeCase.Replay(
            spec: replaySpec(rate: 15, samples: 10, displayRate: nil), sensors: [.gyroscope],
            input: CaseInput(source: CountingSource(), touches: touches))
        let workload = TouchCountingWorkload(configuration: WorkloadConfiguration(rate: 15, filter: "raw"))
        replayed(replay, units: 35, into: workload)
        // The block lasts 10 ticks (2/3 s): the touch at 1 s falls in the second lap, and none repeats.
        #expect(workload.touches == 2 && workload.samples == 35)
    }
}

final class TouchCountingWorkload: Workload {
    static let descriptor = WorkloadDescriptor(
        name: "touches", summary: "counts touches", sensors: [.gyroscope], defaultRates: [15],
        filters: ["raw"], defaultFilters: ["raw"], displayRate: nil
    )
    var touches = 0, samples = 0
    init(configuration: WorkloadConfiguration) {}
    func handle(_ sample: SensorSample) { samples += 1 }
    func handle(_ touch: TouchEvent) { touches += 1 }
    func renderFrame(at time: Double) {}
    var outputSummary: [String: Double] { [:] }
}

@Suite struct RecordedTimingTests {
    /// Samples at 0, 0.01, 0.02, then a 0.5 s gap, then 0.52 and 0.53 s.
    let recorded = [0.0, 0.01, 0.02, 0.52, 0.53].map { SensorSample(sensor: .accelerometer, time: $0, value: Vector3(0, 0, -1)) }

    @Test func recordedScheduleKeepsTheRecordingsTimesAndGaps() {
        let schedule = RecordedSchedule(startNs: 1_000, offsets: recorded.map(\.time))
        #expect(schedule.deadline(ofTick: 3) == 1_000 + 520_000_000)
        #expect(schedule.latestDueTick(at: 999) == -1)
        #expect(schedule.latestDueTick(at: 1_000 + 300_000_000) == 2, "inside the gap the last due tick is the one before it")
        #expect(schedule.latestDueTick(at: 1_000 + 520_000_000) == 3)
        var stream = PacedStream(schedule: schedule, tickCount: recorded.count)
        #expect(stream.fire(at: 1_000) == 0)
        // Woke at 0.025 s for tick 1 (due 0.01): tick 2 (0.02) is due too, so tick 1 is missed.
        #expect(stream.fire(at: 1_000 + 25_000_000) == 2 && stream.missed == 1)
        #expect(stream.nextDeadline == 1_000 + 520_000_000, "the gap is honoured: nothing is due until 0.52 s")
    }

    @Test func aRecordingReplaysLapAfterLapAndCountsRecordedSamples() {
        var spec = replaySpec(rate: 100, samples: 12)
        spec.recordedTiming = true
        let replay = VirtualTimeCase.Replay(spec: spec, sensors: [.accelerometer], input: CaseInput(source: CountingSource(), recorded: recorded))
        let workload = TallyWorkload(configuration: WorkloadConfiguration(rate: 100, filter: "raw"))
        replayed(replay, units: 12, into: workload)
        #expect(workload.samples == 12 && !workload.timeWentBack)
        // A lap lasts until one median interval (0.01 s) past the last sample: 0.54 s. Two laps of
        // 5, then 2 samples of the third (1.08 and 1.09 s), and the third lap's frames before its
        // third sample: the last at 1/60 s into it.
        #expect(workload.lastTime == 2 * 0.54 + 1.0 / 60)
        #expect(replay.events(units: 12).endInstant == 2 * 0.54 + 0.02)
    }
}

@Suite struct VirtualBudgetTests {
    func spec(samples: Int, budget: Double?) -> CaseSpec {
        CaseSpec(
            workload: "w", rateHz: 60, filter: "raw", mode: .virtual, repetition: 1, durationSeconds: 1, sampleCount: samples, displayRateHz: 60,
            seed: 1, virtualBudgetSeconds: budget)
    }

    @Test func aBudgetCapsTheSamplesAtTheWarmUpsPace() {
        // 256 ticks took 0.512 s: 2 ms a tick, so 1 s affords 500 of the 20000 asked.
        #expect(VirtualTimeCase.sampleCount(spec(samples: 20_000, budget: 1), warmUpUnits: 256, warmUpNs: 512_000_000) == 500)
        // Cheap ticks: the count asked is kept.
        #expect(VirtualTimeCase.sampleCount(spec(samples: 20_000, budget: 1), warmUpUnits: 256, warmUpNs: 256_000) == 20_000)
        // However slow, what the budget affords at the warm-up's pace (4 ticks of 0.23 s in 1 s), at
        // least one: the warm-up's count is no floor that would outrun the budget.
        #expect(VirtualTimeCase.sampleCount(spec(samples: 20_000, budget: 1), warmUpUnits: 256, warmUpNs: 60_000_000_000) == 4)
        #expect(VirtualTimeCase.sampleCount(spec(samples: 20_000, budget: 1), warmUpUnits: 2, warmUpNs: 60_000_000_000) == 1)
        // No budget (--samples given): exactly what was asked.
        #expect(VirtualTimeCase.sampleCount(spec(samples: 20_000, budget: nil), warmUpUnits: 256, warmUpNs: 512_000_000) == 20_000)
    }
}

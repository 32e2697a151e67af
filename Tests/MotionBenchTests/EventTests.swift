import MotionMath
import MotionSensors
import MotionWorkloads
import Testing
@testable import MotionBench

/// A source whose reading encodes its sensor and time, so ordering is visible.
struct CountingSource: SensorSource {
    var sensors: Set<SensorKind> { [.accelerometer, .gyroscope] }
    var calls = 0
    mutating func reading(of sensor: SensorKind, at time: Double) -> SensorSample {
        calls += 1
        return SensorSample(sensor: sensor, time: time, value: Vector3(Double(calls), 0, 0))
    }
}

@Suite struct EventTests {
    @Test func timelineMergesSamplesAndFramesInTimeOrder() {
        var source = CountingSource()
        let events = EventTimeline.events(rateHz: 15, displayRateHz: 60, sensors: [.gyroscope], tickCount: 2, source: &source)
        // Ticks at 0 and 1/15 s; frames at 0, 1/60, 2/60, 3/60, 4/60 (< 2/15 s) and 5/60, 6/60, 7/60.
        let kinds = events.map { event -> String in
            switch event {
            case .sample: return "s"
            case .frame: return "f"
            case .touch: return "t"
            case .end: return "e"
            }
        }
        #expect(kinds == ["s", "f", "f", "f", "f", "s", "f", "f", "f", "f"])
        #expect(events.count == 2 + 8)
    }

    @Test func timelineGivesEachSensorItsSampleOnEveryTick() {
        var source = CountingSource()
        let events = EventTimeline.events(rateHz: 10, displayRateHz: nil, sensors: [.accelerometer, .gyroscope], tickCount: 3, source: &source)
        #expect(events == [
            .sample(SensorSample(sensor: .accelerometer, time: 0, value: Vector3(1, 0, 0))),
            .sample(SensorSample(sensor: .gyroscope, time: 0, value: Vector3(2, 0, 0))),
            .sample(SensorSample(sensor: .accelerometer, time: 0.1, value: Vector3(3, 0, 0))),
            .sample(SensorSample(sensor: .gyroscope, time: 0.1, value: Vector3(4, 0, 0))),
            .sample(SensorSample(sensor: .accelerometer, time: 0.2, value: Vector3(5, 0, 0))),
            .sample(SensorSample(sensor: .gyroscope, time: 0.2, value: Vector3(6, 0, 0))),
        ])
    }

    @Test func queueIsFirstInFirstOutAndRefusesWhenFull() {
        let queue = EventQueue(capacity: 2)
        #expect(queue.push(.frame(1)))
        #expect(queue.push(.frame(2)))
        #expect(!queue.push(.frame(3)))
        #expect(queue.pop() == .frame(1))
        #expect(queue.push(.frame(4)))
        #expect(queue.pop() == .frame(2))
        #expect(queue.pop() == .frame(4))
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
    func handle(_ sample: SensorSample) { samples += 1; advance(to: sample.time) }
    func renderFrame(at time: Double) { frames += 1; advance(to: time) }
    private func advance(to time: Double) {
        if time < lastTime { timeWentBack = true }
        lastTime = time
    }
    var outputSummary: [String: Double] { ["samples": Double(samples)] }
}

@Suite struct ReplayTests {
    @Test func replayLapsTheBlockWithTimeShiftedAndFramesOfTheLastTick() throws {
        var source = CountingSource()
        let block = EventTimeline.events(rateHz: 15, displayRateHz: 60, sensors: [.gyroscope], tickCount: 10, source: &source)
        let workload = TallyWorkload(configuration: WorkloadConfiguration(rate: 15, filter: "raw"))
        let frames = VirtualTimeCase.replay(block, blockSeconds: 10.0 / 15, length: .ticks(total: 25, perBlock: 10, rateHz: 15), into: workload)
        #expect(workload.samples == 25)
        #expect(frames == 100 && workload.frames == 100)
        #expect(!workload.timeWentBack)
        #expect(abs(workload.lastTime - (24.0 / 15 + 3.0 / 60)) < 1e-9)
    }
}

@Suite struct TouchTimelineTests {
    @Test func touchesComeJustBeforeTheFirstEventAtOrAfterTheirTime() {
        var source = CountingSource()
        let touches = [
            TouchEvent(time: 0.05, .tap(Vector2(10, 10))),
            TouchEvent(time: 0, .doubleTap(Vector2(1, 1))),
            TouchEvent(time: 99, .tap(Vector2(2, 2))),
        ]
        let events = EventTimeline.events(rateHz: 10, displayRateHz: 60, sensors: [.gyroscope], tickCount: 2, source: &source, touches: touches)
        let order = events.map { event -> String in
            switch event {
            case let .sample(sample): return "s\(sample.time)"
            case let .frame(time): return "f\(Int((time * 60).rounded()))"
            case let .touch(touch): return "t\(touch.time)"
            case .end: return "e"
            }
        }
        // The touch at 0 precedes the first sample; the one at 0.05 s precedes frame 3 (0.05 s);
        // the one at 99 s is past the case and never delivered.
        #expect(order == ["t0.0", "s0.0", "f0", "f1", "f2", "t0.05", "f3", "f4", "f5", "s0.1", "f6", "f7", "f8", "f9", "f10", "f11"])
    }

    @Test func virtualReplayDeliversTouchesOnlyOnTheFirstLap() {
        var source = CountingSource()
        let block = EventTimeline.events(rateHz: 15, displayRateHz: nil, sensors: [.gyroscope], tickCount: 10, source: &source, touches: [TouchEvent(time: 0.2, .tap(Vector2(0, 0)))])
        let workload = TouchCountingWorkload(configuration: WorkloadConfiguration(rate: 15, filter: "raw"))
        VirtualTimeCase.replay(block, blockSeconds: 10.0 / 15, length: .ticks(total: 35, perBlock: 10, rateHz: 15), into: workload)
        #expect(workload.touches == 1 && workload.samples == 35)
    }

    @Test func blocksHoldWholeFramesSoLapsKeepTheFrameCadence() {
        #expect(VirtualTimeCase.blockLength(rateHz: 50, displayRateHz: 60) == 4095)
        #expect(VirtualTimeCase.blockLength(rateHz: 15, displayRateHz: 60) == 4096)
        #expect(VirtualTimeCase.blockLength(rateHz: 1000, displayRateHz: 60) == 4050)
        #expect(VirtualTimeCase.blockLength(rateHz: 12.5, displayRateHz: 60) == 4096)
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

    @Test func recordedTimelineInterleavesFramesAndReplayCountsRecordedSamples() {
        let events = EventTimeline.events(recorded: recorded[...], endSeconds: 0.54, displayRateHz: 60)
        #expect(events.filter { if case .frame = $0 { true } else { false } }.count == 33, "frames 0 … 32 fall before 0.54 s")
        let workload = TallyWorkload(configuration: WorkloadConfiguration(rate: 100, filter: "raw"))
        VirtualTimeCase.replay(events, blockSeconds: 0.54, length: .samples(total: 12), into: workload)
        #expect(workload.samples == 12 && !workload.timeWentBack)
        // Two laps of 5, then 2 samples of the third (at 1.08 and 1.09 s), then the frame at 1.08 + 1/60 s
        // that precedes the next recorded sample.
        #expect(abs(workload.lastTime - (2 * 0.54 + 1.0 / 60)) < 1e-9)
    }
}

@Suite struct VirtualBudgetTests {
    func spec(samples: Int, budget: Double?) -> CaseSpec {
        CaseSpec(workload: "w", rateHz: 60, filter: "raw", mode: .virtual, repetition: 1, durationSeconds: 1, sampleCount: samples, displayRateHz: 60, seed: 1, virtualBudgetSeconds: budget)
    }

    @Test func aBudgetCapsTheSamplesAtTheWarmUpsPace() {
        // 256 ticks took 0.512 s: 2 ms a tick, so 1 s affords 500 of the 20000 asked.
        #expect(VirtualTimeCase.sampleCount(spec(samples: 20_000, budget: 1), warmUpUnits: 256, warmUpNs: 512_000_000) == 500)
        // Cheap ticks: the count asked is kept.
        #expect(VirtualTimeCase.sampleCount(spec(samples: 20_000, budget: 1), warmUpUnits: 256, warmUpNs: 256_000) == 20_000)
        // Never fewer than the warm-up fed, however slow.
        #expect(VirtualTimeCase.sampleCount(spec(samples: 20_000, budget: 1), warmUpUnits: 256, warmUpNs: 60_000_000_000) == 256)
        // No budget (--samples given): exactly what was asked.
        #expect(VirtualTimeCase.sampleCount(spec(samples: 20_000, budget: nil), warmUpUnits: 256, warmUpNs: 512_000_000) == 20_000)
    }
}

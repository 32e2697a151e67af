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
        let frames = VirtualTimeCase.replay(block, blockTicks: 10, rateHz: 15, displayRateHz: 60, ticks: 25, into: workload)
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
        VirtualTimeCase.replay(block, blockTicks: 10, rateHz: 15, displayRateHz: nil, ticks: 35, into: workload)
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

import MotionMath
import MotionSensors
import Testing

/// A source whose reading encodes its sensor and time, so ordering is visible.
struct CountingSource: SensorSource {
    var sensors: Set<SensorKind> { [.accelerometer, .gyroscope] }
    var calls = 0
    mutating func reading(of sensor: SensorKind, at time: Double) -> SensorSample {
        calls += 1
        return SensorSample(sensor: sensor, time: time, value: Vector3(Double(calls), 0, 0))
    }
}

/// Each event as a short token: `s0.1` a sample at 0.1 s, `f3` frame 3 (at 60 Hz), `t0.05` a touch.
func tokens(_ events: some Sequence<MotionEvent>, displayRate: Double = 60) -> [String] {
    events.map { event in
        switch event {
        case let .sample(sample): "s\(sample.time)"
        case let .frame(time): "f\(Int((time * displayRate).rounded()))"
        case let .touch(touch): "t\(touch.time)"
        }
    }
}

@Suite struct DeliveryOrderTests {
    @Test func aFrameAtASampleInstantComesAfterItsSamples() {
        // Tick 1 at 15 Hz and frame 4 at 60 Hz are both 1/15 s: equal to the bit.
        #expect(DeliveryOrder.instant(of: 1, rate: 15) == DeliveryOrder.instant(of: 4, rate: 60))
        #expect(!DeliveryOrder.frame(at: DeliveryOrder.instant(of: 4, rate: 60), precedesSamplesAt: DeliveryOrder.instant(of: 1, rate: 15)))
        #expect(DeliveryOrder.frame(at: DeliveryOrder.instant(of: 3, rate: 60), precedesSamplesAt: DeliveryOrder.instant(of: 1, rate: 15)))
        #expect(DeliveryOrder.touch(at: 0.5, isDueBy: 0.5) && !DeliveryOrder.touch(at: 0.5, isDueBy: 0.49))
    }

    @Test func instantsThatCoincideAsFractionsAreEqualAtEveryRatePair() {
        // Every tick k at rate r against frame j at display d with k/r = j/d, over a long stretch.
        for (rate, display) in [(15.0, 60.0), (50.0, 60.0), (1000.0, 120.0), (12.5, 60.0), (0.5, 60.0)] {
            for k in stride(from: 0, through: 2_000_000, by: 997) {
                let j = Double(k) * display / rate
                guard j == j.rounded() else { continue }
                #expect(DeliveryOrder.instant(of: k, rate: rate) == DeliveryOrder.instant(of: Int(j), rate: display))
            }
        }
    }

    @Test func streamMergesSamplesAndFramesInTimeOrder() {
        let feed = FixedRateFeed(source: CountingSource(), sensors: [.gyroscope], rate: 15, tickCount: 2)
        // Ticks at 0 and 1/15 s; frames 0 … 3 before tick 1, 4 … 7 after it and before the end (2/15 s).
        #expect(
            tokens(MotionEventStream(feed: feed, displayRate: 60)) == [
                "s0.0", "f0", "f1", "f2", "f3", "s\(1.0 / 15)", "f4", "f5", "f6", "f7",
            ])
    }

    @Test func streamGivesEachSensorItsSampleOnEveryTickInTheListedOrder() {
        let feed = FixedRateFeed(source: CountingSource(), sensors: [.accelerometer, .gyroscope], rate: 10, tickCount: 3)
        #expect(
            Array(MotionEventStream(feed: feed, displayRate: nil)) == [
                .sample(SensorSample(sensor: .accelerometer, time: 0, value: Vector3(1, 0, 0))),
                .sample(SensorSample(sensor: .gyroscope, time: 0, value: Vector3(2, 0, 0))),
                .sample(SensorSample(sensor: .accelerometer, time: 0.1, value: Vector3(3, 0, 0))),
                .sample(SensorSample(sensor: .gyroscope, time: 0.1, value: Vector3(4, 0, 0))),
                .sample(SensorSample(sensor: .accelerometer, time: 0.2, value: Vector3(5, 0, 0))),
                .sample(SensorSample(sensor: .gyroscope, time: 0.2, value: Vector3(6, 0, 0))),
            ])
    }

    @Test func touchesComeJustBeforeTheFirstEventAtOrAfterTheirTime() {
        let touches = [
            TouchEvent(time: 0.05, .tap(Vector2(10, 10))),
            TouchEvent(time: 0, .doubleTap(Vector2(1, 1))),
            TouchEvent(time: 99, .tap(Vector2(2, 2))),
        ]
        let feed = FixedRateFeed(source: CountingSource(), sensors: [.gyroscope], rate: 10, tickCount: 2)
        // The touch at 0 precedes the first sample; the one at 0.05 s precedes frame 3 (0.05 s);
        // the one at 99 s is past the stretch and never delivered.
        #expect(
            tokens(MotionEventStream(feed: feed, displayRate: 60, touches: touches)) == [
                "t0.0", "s0.0", "f0", "f1", "f2", "t0.05", "f3", "f4", "f5", "s0.1", "f6", "f7", "f8", "f9", "f10", "f11",
            ])
    }

    @Test func aWorkloadWithoutSensorsIsClockedByItsTicks() {
        let feed = FixedRateFeed(source: CountingSource(), sensors: [], rate: 60, tickCount: 3)
        #expect(tokens(MotionEventStream(feed: feed, displayRate: 60)) == ["f0", "f1", "f2"])
    }

    @Test func recordedSamplesKeepTheirTimesAndGapsWithFramesBeforeTheEnd() {
        let recorded = [0.0, 0.01, 0.02, 0.52, 0.53].map { SensorSample(sensor: .accelerometer, time: $0, value: Vector3(0, 0, -1)) }
        let events = Array(MotionEventStream(feed: RecordedFeed(samples: recorded[...], end: 0.54), displayRate: 60))
        #expect(events.filter { if case .frame = $0 { true } else { false } }.count == 33, "frames 0 … 32 fall before 0.54 s")
        #expect(events.compactMap { if case let .sample(sample) = $0 { sample.time } else { nil } } == recorded.map(\.time))
        // A sample past the end is not part of the stretch.
        #expect(Array(MotionEventStream(feed: RecordedFeed(samples: recorded[...], end: 0.52), displayRate: nil)).count == 3)
    }

    /// The lap of `ticks` ticks of the gyroscope at `rate`, with frames at `displayRate`.
    func tickLap(_ ticks: Int, rate: Double, displayRate: Double?) -> EventLap {
        var feed = FixedRateFeed(source: CountingSource(), sensors: [.gyroscope], rate: rate, tickCount: ticks)
        var samples: [SensorSample] = []
        while feed.nextInstant != nil { samples.append(feed.next()) }
        return EventLap(samples: samples, timing: .ticks(count: ticks, rate: rate), displayRate: displayRate)
    }

    @Test func aLapHoldsWhatTheStreamGivesInTheSameOrder() {
        let lap = tickLap(10, rate: 15, displayRate: 60)
        let recorder = EventRecorder()
        var replay = LapReplay(lap: lap, units: 10)
        replay.deliver(to: recorder)
        let stream = MotionEventStream(feed: FixedRateFeed(source: CountingSource(), sensors: [.gyroscope], rate: 15, tickCount: 10), displayRate: 60)
        #expect(recorder.events == Array(stream))
        #expect(lap.units == 10 && lap.eventCount == 50 && replay.frames == 40)
    }

    @Test func aLappedBlockKeepsTicksAndFramesOnTheCaseClockAcrossLaps() {
        let recorder = EventRecorder()
        var replay = LapReplay(lap: tickLap(10, rate: 15, displayRate: 60), units: 25)
        replay.deliver(to: recorder)
        let times = recorder.events.compactMap { if case let .sample(sample) = $0 { sample.time } else { nil } }
        let frameTimes = recorder.events.compactMap { if case let .frame(time) = $0 { time } else { nil } }
        // Tick k of lap L is at its instant in the lap plus the lap's start, within rounding of k / 15 s.
        #expect(times.count == 25 && zip(times, (0..<25).map { Double($0) / 15 }).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(times[12] == DeliveryOrder.lapStart(1, ticksPerLap: 10, rate: 15) + DeliveryOrder.instant(of: 2, rate: 15))
        #expect(frameTimes.count == 100 && zip(frameTimes, (0..<100).map { Double($0) / 60 }).allSatisfy { abs($0 - $1) < 1e-12 })
        // A frame at a tick's instant carries the very same time, in every lap, and comes after the tick's sample.
        for (index, event) in recorder.events.enumerated() {
            guard case let .sample(sample) = event, index + 1 < recorder.events.count else { continue }
            #expect(recorder.events[index + 1] == .frame(sample.time))
        }
        #expect(replay.frames == 100 && replay.laps == 2.5)
        #expect(replay.endInstant == DeliveryOrder.lapStart(2, ticksPerLap: 10, rate: 15) + DeliveryOrder.instant(of: 5, rate: 15))
    }

    @Test func aLappedRecordingMovesOnByALapEachTime() {
        let recorded = [0.0, 0.01, 0.02, 0.52, 0.53].map { SensorSample(sensor: .accelerometer, time: $0, value: Vector3(0, 0, -1)) }
        let lap = EventLap(samples: recorded, timing: .recorded(seconds: 0.54), displayRate: 60)
        let recorder = EventRecorder()
        var replay = LapReplay(lap: lap, units: 12)
        replay.deliver(to: recorder)
        let times = recorder.events.compactMap { if case let .sample(sample) = $0 { sample.time } else { nil } }
        // Two laps of 5, then 2 samples of the third (at 1.08 and 1.09 s). A lap's frames are those
        // before its end (0 … 32, 33 a lap), so the third's are those before its third sample: 0 and 1.
        #expect(times.count == 12 && times.suffix(2) == [0.0 + 2 * 0.54, 0.01 + 2 * 0.54])
        #expect(replay.frames == 68 && recorder.events.count == 80)
        #expect(replay.endInstant == 2 * 0.54 + 0.02)
    }

    @Test func touchesComeOnceJustBeforeTheFirstEventAtOrAfterTheirTimeInAnyLap() {
        let touches = [
            TouchEvent(time: 0.05, .tap(Vector2(10, 10))),
            TouchEvent(time: 0, .doubleTap(Vector2(1, 1))),
            TouchEvent(time: 0.25, .tap(Vector2(3, 3))),
            TouchEvent(time: 0.25, .tap(Vector2(4, 4))),
            TouchEvent(time: 99, .tap(Vector2(2, 2))),
        ]
        let recorder = EventRecorder()
        var replay = LapReplay(lap: tickLap(2, rate: 10, displayRate: 60), units: 3, touches: touches)
        replay.deliver(to: recorder)
        // Laps of 0.2 s: the touches at 0.25 s fall in the second, before frame 15 (0.25 s), in their
        // order; the one at 99 s is past the replay's end and never delivered.
        #expect(
            tokens(recorder.events).joined(separator: " ")
                == [
                    "t0.0", "s0.0", "f0", "f1", "f2", "t0.05", "f3", "f4", "f5", "s0.1", "f6", "f7", "f8", "f9", "f10", "f11",
                    "s0.2", "f12", "f13", "f14", "t0.25", "t0.25", "f15", "f16", "f17",
                ].joined(separator: " "))
    }

    /// A mark every 4 ticks of 25, over laps of 10 with frames and touches: called after ticks 4, 8,
    /// …, 24 (in the first lap, at the end of the second, in the third), just before the next tick's
    /// sample, and the events delivered are the very same as without marks.
    @Test func marksFallBetweenTicksEverySoManyAcrossLapsAndChangeNothingDelivered() {
        let touches = [TouchEvent(time: 0.3, .tap(Vector2(1, 1))), TouchEvent(time: 0.8, .tap(Vector2(2, 2)))]
        let lap = tickLap(10, rate: 15, displayRate: 60)
        let plain = EventRecorder()
        var unmarked = LapReplay(lap: lap, units: 25, touches: touches)
        unmarked.deliver(to: plain)

        let marked = EventRecorder()
        var replay = LapReplay(lap: lap, units: 25, touches: touches)
        var marks: [Int] = []
        replay.mark(every: 4) { marks.append(marked.events.count) }
        replay.deliver(to: marked)
        #expect(marked.events == plain.events)
        #expect(marks.count == 6)
        for (index, count) in marks.enumerated() {
            let samples = marked.events.prefix(count).filter { if case .sample = $0 { true } else { false } }.count
            #expect(samples == 4 * (index + 1), "mark \(index + 1) after tick \(4 * (index + 1))")
            if count < marked.events.count, case let .sample(next) = marked.events[count] {
                #expect(abs(next.time - Double(4 * (index + 1)) / 15) < 1e-12, "the next event is the next tick's sample")
            } else if count < marked.events.count {
                Issue.record("mark \(index + 1) falls before \(marked.events[count]), not a tick's sample")
            }
        }
    }

    @Test(arguments: [60, nil] as [Double?])
    func samplesHandedToAClosureComeInTheSameOrderAndTimesAsToTheReceiver(displayRate: Double?) {
        let touches = [TouchEvent(time: 0.05, .tap(Vector2(10, 10))), TouchEvent(time: 0.25, .tap(Vector2(3, 3)))]
        let lap = tickLap(2, rate: 10, displayRate: displayRate)
        let whole = EventRecorder()
        var plain = LapReplay(lap: lap, units: 5, touches: touches)
        plain.deliver(to: whole)
        // The samples go to the closure, frames and touches to the receiver: one sequence between
        // them, whether the lap's samples were made in advance or by the first delivery, whose
        // remainder a second delivery picks up.
        for prepared in [false, true] {
            let split = EventRecorder()
            var replay = LapReplay(lap: lap, units: 5, touches: touches)
            if prepared { replay.prepareSamples() }
            replay.deliver(to: split) { sample in split.events.append(.sample(sample.pointee)) }
            replay.deliver(to: split) { _ in Issue.record("a replay delivers each event once") }
            #expect(split.events == whole.events)
            let kinds = tokens(split.events).map(\.first)
            #expect(kinds.filter { $0 == "s" }.count == 5 && kinds.filter { $0 == "t" }.count == 2)
            #expect(replay.frames == (displayRate == nil ? 0 : 30))
        }
    }

    /// A replay fed in stretches (as a virtual-time case is, to look at its budget between them)
    /// delivers what it delivers whole, in the same order, wherever the cuts fall: at a lap's end,
    /// inside a lap, before a touch, or at nothing at all.
    @Test(arguments: [[1, 2, 3, 4, 5, 6, 7], [2, 5, 7], [0, 3, 3, 7], [6, 9]])
    func aReplayPausedAnywhereDeliversWhatItDeliversWhole(cuts: [Int]) {
        let touches = [TouchEvent(time: 0.05, .tap(Vector2(10, 10))), TouchEvent(time: 0.2, .tap(Vector2(3, 3)))]
        let lap = tickLap(2, rate: 10, displayRate: 60)
        let whole = EventRecorder()
        var plain = LapReplay(lap: lap, units: 7, touches: touches)
        plain.deliver(to: whole)
        let cut = EventRecorder()
        var replay = LapReplay(lap: lap, units: 7, touches: touches)
        for units in cuts {
            replay.pause(afterUnits: units)
            replay.deliver(to: cut)
        }
        #expect(cut.events == whole.events)
        #expect(replay.frames == plain.frames && replay.endInstant == plain.endInstant)
    }

    @Test func aLapOfTicksWithoutSamplesIsClockedByItsTicks() {
        let lap = EventLap(samples: [], timing: .ticks(count: 3, rate: 30), displayRate: 60)
        let recorder = EventRecorder()
        var replay = LapReplay(lap: lap, units: 4)
        replay.deliver(to: recorder)
        // Two frames a tick; the fourth tick is the second lap's first, at 0.1 s.
        #expect(tokens(recorder.events) == ["f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7"])
        #expect(replay.frames == 8 && lap.frames(beforeUnit: 1) == 2)
    }
}

/// Records the events it is handed, in order.
final class EventRecorder: MotionEventReceiver {
    var events: [MotionEvent] = []
    func handle(_ sample: SensorSample) { events.append(.sample(sample)) }
    func renderFrame(at time: Double) { events.append(.frame(time)) }
    func handle(_ touch: TouchEvent) { events.append(.touch(touch)) }
}

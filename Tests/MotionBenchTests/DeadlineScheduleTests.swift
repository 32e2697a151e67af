import Testing

@testable import MotionBench
@testable import MotionResults

@Suite struct DeadlineScheduleTests {
    @Test func deadlinesAreComputedFromTheStartSoRoundingNeverDrifts() {
        // 3 Hz has a period of 333 333 333.3 ns: adding a rounded period would lose 1 ns every 3 ticks.
        let schedule = DeadlineSchedule(startNs: 1_000, rateHz: 3)
        #expect(schedule.deadline(ofTick: 0) == 1_000)
        #expect(schedule.deadline(ofTick: 1) == 1_000 + 333_333_333)
        #expect(schedule.deadline(ofTick: 2) == 1_000 + 666_666_667)
        #expect(schedule.deadline(ofTick: 3_000_000) == 1_000 + 1_000_000_000_000_000)
    }

    @Test func tickCountCoversTheDuration() {
        let schedule = DeadlineSchedule(startNs: 0, rateHz: 15)
        #expect(schedule.tickCount(inSeconds: 2) == 30)
        #expect(schedule.tickCount(inSeconds: 0.1) == 2)
        #expect(schedule.offsetSeconds(ofTick: 15) == 1)
    }

    @Test func latestDueTickFindsTheLastDeadlineReached() {
        let schedule = DeadlineSchedule(startNs: 1_000_000, rateHz: 1_000)
        #expect(schedule.latestDueTick(at: 999_999) == -1)
        #expect(schedule.latestDueTick(at: 1_000_000) == 0)
        #expect(schedule.latestDueTick(at: 1_999_999) == 0)
        #expect(schedule.latestDueTick(at: 2_000_000) == 1)
        #expect(schedule.latestDueTick(at: 11_500_000) == 10)
    }

    @Test func aPacerThatWakesOnTimeMissesNothing() {
        var stream = PacedStream(schedule: DeadlineSchedule(startNs: 0, rateHz: 100), tickCount: 5)
        var fired: [Int] = []
        while !stream.isFinished {
            fired.append(stream.fire(at: stream.nextDeadline + 50_000)!)
        }
        #expect(fired == [0, 1, 2, 3, 4])
        #expect(stream.missed == 0)
        #expect(stream.lateness.summary == LatenessSummary(p50Us: 50, p99Us: 50, maxUs: 50))
    }

    @Test func wakingMoreThanAPeriodLateSkipsTheOverdueTicksAndCountsThemMissed() {
        var stream = PacedStream(schedule: DeadlineSchedule(startNs: 0, rateHz: 100), tickCount: 10)
        #expect(stream.fire(at: 0) == 0)
        // Woke for tick 1 (due 10 ms) at 35 ms: ticks 1 and 2 are a period overdue, tick 3 is due.
        #expect(stream.fire(at: 35_000_000) == 3)
        #expect(stream.missed == 2)
        #expect(stream.lateness.values == [0, 5_000_000])
        // Slightly late but within a period: delivered, not missed.
        #expect(stream.fire(at: 49_000_000) == 4)
        #expect(stream.missed == 2)
    }

    @Test func aSkipPastTheEndDeliversTheLastTickOnce() {
        var stream = PacedStream(schedule: DeadlineSchedule(startNs: 0, rateHz: 100), tickCount: 3)
        #expect(stream.fire(at: 0) == 0)
        #expect(stream.fire(at: 500_000_000) == 2)
        #expect(stream.missed == 1)
        #expect(stream.isFinished)
    }

    @Test func latenessSummaryIsInMicroseconds() {
        var recorder = LatenessRecorder(capacity: 4)
        #expect(recorder.summary == nil)
        for ns in [3_000, 1_000, 2_000, 100_000] as [Int64] { recorder.record(ns) }
        let summary = recorder.summary!
        #expect(summary.p50Us == 2.5)
        #expect(summary.maxUs == 100)
    }
}

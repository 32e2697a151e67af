/// One tick stream being paced: which tick is next, how late each delivered tick was, and how many
/// were missed because the pacer woke after the tick after them was already due.
struct PacedStream<Schedule: TickSchedule> {
    private(set) var schedule: Schedule
    /// Ticks `0 ..< tickCount` belong to the case.
    let tickCount: Int
    private(set) var nextTick = 0
    private(set) var missed = 0
    private(set) var lateness: LatenessRecorder

    init(schedule: Schedule, tickCount: Int) {
        self.schedule = schedule
        self.tickCount = tickCount
        lateness = LatenessRecorder(capacity: tickCount)
    }

    var isFinished: Bool { nextTick >= tickCount }

    /// Moves tick 0 to `startNs`: a stream made before its case, so as not to allocate during it,
    /// starts when the case does.
    mutating func start(at startNs: UInt64) {
        schedule.startNs = startNs
    }

    /// The deadline of the tick the pacer waits for next.
    var nextDeadline: UInt64 { schedule.deadline(ofTick: nextTick) }

    /// The instant of the tick the pacer waits for next, seconds since the case's start.
    var nextInstant: Double { schedule.offsetSeconds(ofTick: nextTick) }

    /// Called after waking for `nextDeadline` at `nowNs`: skips the ticks that are a whole period
    /// overdue, records the lateness of the tick delivered, and returns its index (nil when a skip ran
    /// past the end of the case).
    mutating func fire(at nowNs: UInt64) -> Int? {
        let due = min(schedule.latestDueTick(at: nowNs), tickCount - 1)
        if due > nextTick {
            missed += due - nextTick
            nextTick = due
        }
        guard nextTick < tickCount else { return nil }
        let tick = nextTick
        lateness.record(Int64(bitPattern: nowNs &- schedule.deadline(ofTick: tick)))
        nextTick += 1
        return tick
    }
}

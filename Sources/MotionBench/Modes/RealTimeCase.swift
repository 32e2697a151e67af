import CSystemShim
import MotionSensors
import MotionWorkloads

/// Runs a case paced by the wall clock, as on a phone: a hub thread wakes on absolute deadlines for
/// each sample tick and display frame, reads the source, and queues events to the workload's thread.
struct RealTimeCase {
    let harness: CaseHarness
    /// Room for this many events between hub and workload before the hub counts drops.
    static let queueCapacity = 4096
    /// Head start for the threads to reach their loops before tick 0 is due.
    static let startLeadNs: UInt64 = 20_000_000

    func run(_ spec: CaseSpec, workload: any Workload, sensors: [SensorKind], input: CaseInput) throws -> CaseResult {
        let queue = EventQueue(capacity: Self.queueCapacity)
        var source = input.source
        var touches = TouchQueue(input.touches)
        var hub = HubFigures()
        var workloadCpuNs: UInt64 = 0

        let measured = try harness.measure(expectedSeconds: spec.durationSeconds) { threads in
            threads.start("mb-workload", role: .workload) {
                let start = mb_current_thread_cpu_ns()
                drain: while true {
                    switch queue.pop() {
                    case let .sample(sample): workload.handle(sample)
                    case let .frame(time): workload.renderFrame(at: time)
                    case let .touch(touch): workload.handle(touch)
                    case .end: break drain
                    }
                }
                workload.finish()
                workloadCpuNs = mb_current_thread_cpu_ns() - start
            }
            threads.start("mb-hub", role: .hub) {
                _ = mb_set_timer_slack_ns(1)
                let startNs = mb_monotonic_ns() + Self.startLeadNs
                var samples = PacedStream(
                    schedule: DeadlineSchedule(startNs: startNs, rateHz: spec.rateHz),
                    tickCount: max(1, DeadlineSchedule(startNs: 0, rateHz: spec.rateHz).tickCount(inSeconds: spec.durationSeconds))
                )
                var frames = spec.displayRateHz.map { rate in
                    PacedStream(
                        schedule: DeadlineSchedule(startNs: startNs, rateHz: rate),
                        tickCount: DeadlineSchedule(startNs: 0, rateHz: rate).tickCount(inSeconds: spec.durationSeconds)
                    )
                }
                while !samples.isFinished {
                    let frameFirst = frames.map { !$0.isFinished && $0.nextDeadline < samples.nextDeadline } ?? false
                    _ = mb_sleep_until_ns(frameFirst ? frames!.nextDeadline : samples.nextDeadline)
                    let now = mb_monotonic_ns()
                    if frameFirst {
                        if let frame = frames!.fire(at: now) {
                            let time = frames!.schedule.offsetSeconds(ofTick: frame)
                            touches.deliver(dueBy: time) { queue.pushWaiting(.touch($0)) }
                            hub.frames += 1
                            if !queue.push(.frame(time)) { hub.droppedFrames += 1 }
                        }
                    } else if let tick = samples.fire(at: now) {
                        let time = samples.schedule.offsetSeconds(ofTick: tick)
                        touches.deliver(dueBy: time) { queue.pushWaiting(.touch($0)) }
                        var accepted = true
                        for sensor in sensors {
                            accepted = queue.push(.sample(source.reading(of: sensor, at: time))) && accepted
                        }
                        if accepted { hub.delivered += 1 } else { hub.dropped += 1 }
                        if hub.firstTickNs == nil { hub.firstTickNs = now }
                        hub.lastTickNs = now
                    }
                }
                queue.pushWaiting(.end)
                hub.missed = samples.missed
                hub.lateness = samples.lateness.summary
            }
        }

        var achievedHz: Double?
        if hub.delivered + hub.dropped >= 2, let first = hub.firstTickNs, let last = hub.lastTickNs, last > first {
            achievedHz = Double(hub.delivered + hub.dropped - 1) / (Double(last - first) / 1e9)
        }
        return CaseResultBuilder.make(
            spec: spec, measured: measured, samples: hub.delivered, frames: hub.frames - hub.droppedFrames,
            workloadCpuNs: workloadCpuNs, outputs: workload.outputSummary,
            realTime: .init(achievedHz: achievedHz, lateness: hub.lateness, missed: hub.missed, dropped: hub.dropped),
            virtualWallNs: nil
        )
    }

    /// What the hub thread counted.
    private struct HubFigures {
        var delivered = 0
        var dropped = 0
        var frames = 0
        var droppedFrames = 0
        var missed = 0
        var lateness: LatenessSummary?
        var firstTickNs: UInt64?
        var lastTickNs: UInt64?
    }
}

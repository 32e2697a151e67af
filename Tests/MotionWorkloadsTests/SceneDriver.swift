import MotionMath
import MotionSensors
import MotionWorkloads

/// What `drive` just delivered.
enum Delivery {
    case touch(TouchEvent)
    case sample(SensorSample)
    case frame(Double)
}

/// Feeds `workload` as the runner does for `duration` seconds: at each sample tick one reading of
/// every sensor in `sensors` from `device`, frames at `displayRate`, and each of `touches` just
/// before the first tick or frame at or after its time; `observe` sees each delivery after the
/// workload has taken it.
func drive(
    _ workload: any Workload, device: inout VirtualDevice, sensors: [SensorKind], rate: Double, displayRate: Double,
    duration: Double, touches: [TouchEvent], observe: (Delivery) -> Void = { _ in }
) {
    var pending = touches.sorted { $0.time < $1.time }[...]
    for tick in timeline(rate: rate, displayRate: displayRate, duration: duration) {
        let time: Double
        switch tick {
        case let .sample(at), let .frame(at): time = at
        }
        while let touch = pending.first, touch.time <= time {
            pending.removeFirst()
            workload.handle(touch)
            observe(.touch(touch))
        }
        switch tick {
        case let .sample(time):
            for sensor in sensors {
                let sample = device.reading(of: sensor, at: time)
                workload.handle(sample)
                observe(.sample(sample))
            }
        case let .frame(time):
            workload.renderFrame(at: time)
            observe(.frame(time))
        }
    }
}

/// A gesture in a golden file's words, numbers with fixed decimals, e.g. `drag (187.50, 333.50) →
/// (120.00, 220.00) in 0.80 s`.
func describe(_ touch: TouchEvent) -> String {
    func point(_ p: Vector2) -> String { "(\(FixedDecimal.format(p.x, decimals: 2)), \(FixedDecimal.format(p.y, decimals: 2)))" }
    func seconds(_ duration: Double) -> String { "in \(FixedDecimal.format(duration, decimals: 2)) s" }
    switch touch.gesture {
    case let .tap(at): return "tap \(point(at))"
    case let .doubleTap(at): return "double tap \(point(at))"
    case let .drag(from, to, duration): return "drag \(point(from)) → \(point(to)) \(seconds(duration))"
    case let .press(button, at): return "press \(button) \(point(at))"
    case let .pinch(center, scale, duration):
        return "pinch \(point(center)) × \(FixedDecimal.format(scale, decimals: 2)) \(seconds(duration))"
    case let .rotation(center, angle, duration):
        return "rotation \(point(center)) \(FixedDecimal.format(angle, decimals: 4)) rad \(seconds(duration))"
    }
}

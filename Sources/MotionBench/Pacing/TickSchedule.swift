/// When a pacer's ticks are due: at a fixed rate (`DeadlineSchedule`) or at a recording's own times
/// (`RecordedSchedule`).
public protocol TickSchedule {
    /// Monotonic nanoseconds of the start, which a pacer may set when it starts.
    var startNs: UInt64 { get set }
    /// Monotonic nanoseconds when tick `index` is due.
    func deadline(ofTick index: Int) -> UInt64
    /// Seconds from the start to tick `index`: the time the event delivered on it carries.
    func offsetSeconds(ofTick index: Int) -> Double
    /// The last tick whose deadline has come by `nowNs`, or −1 before the first.
    func latestDueTick(at nowNs: UInt64) -> Int
}

extension DeadlineSchedule: TickSchedule {}

/// Ticks at a recording's own times (seconds from the start, non-decreasing), so a replay keeps the
/// recording's jitter and gaps instead of smoothing them into a fixed rate.
public struct RecordedSchedule: TickSchedule {
    /// Monotonic nanoseconds of time 0.
    public var startNs: UInt64
    /// The tick times, in seconds from the start.
    public let offsets: [Double]

    /// A schedule of `offsets` from `startNs`.
    public init(startNs: UInt64, offsets: [Double]) {
        self.startNs = startNs
        self.offsets = offsets
    }

    public func deadline(ofTick index: Int) -> UInt64 {
        startNs + UInt64((offsets[min(index, offsets.count - 1)] * 1e9).rounded())
    }

    public func offsetSeconds(ofTick index: Int) -> Double { offsets[index] }

    public func latestDueTick(at nowNs: UInt64) -> Int {
        // Binary search for the last deadline ≤ now.
        var low = 0, high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if deadline(ofTick: middle) <= nowNs { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }
}

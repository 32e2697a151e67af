import MotionSensors

/// The absolute deadlines of a fixed-rate tick stream, in monotonic nanoseconds.
///
/// Tick `k` is due at `start + round(k × 10⁹ / rate)`, computed from the start every time rather than
/// by adding a period to the previous deadline, so rounding never accumulates into drift.
public struct DeadlineSchedule: Sendable, Equatable {
    /// Monotonic nanoseconds of tick 0.
    public var startNs: UInt64
    /// Ticks per second.
    public let rateHz: Double

    /// Creates a schedule whose tick 0 is due at `startNs`.
    public init(startNs: UInt64, rateHz: Double) {
        precondition(rateHz > 0 && rateHz.isFinite, "rate must be positive")
        self.startNs = startNs
        self.rateHz = rateHz
    }

    /// Nanoseconds between ticks, as a real number (it need not be whole).
    public var periodNs: Double { 1e9 / rateHz }

    /// When tick `index` is due.
    public func deadline(ofTick index: Int) -> UInt64 {
        startNs + UInt64((Double(index) * 1e9 / rateHz).rounded())
    }

    /// Seconds from tick 0 to tick `index`: the timestamp a sample delivered on that tick carries.
    public func offsetSeconds(ofTick index: Int) -> Double {
        DeliveryOrder.instant(of: index, rate: rateHz)
    }

    /// The last tick whose deadline has come by `nowNs`, or −1 before tick 0. A pacer that wakes more
    /// than a period late resumes here, so the ticks in between count as missed instead of being
    /// delivered in a burst (what a display link does with frames).
    public func latestDueTick(at nowNs: UInt64) -> Int {
        guard nowNs >= startNs else { return -1 }
        var tick = Int((Double(nowNs - startNs) * rateHz / 1e9).rounded(.down))
        while deadline(ofTick: tick + 1) <= nowNs { tick += 1 }
        while tick > 0 && deadline(ofTick: tick) > nowNs { tick -= 1 }
        return tick
    }

    /// How many ticks fall in `seconds`, counting tick 0 and excluding one due exactly at the end.
    public func tickCount(inSeconds seconds: Double) -> Int {
        Int((seconds * rateHz).rounded(.up))
    }
}

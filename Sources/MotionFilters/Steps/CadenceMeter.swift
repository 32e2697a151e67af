/// Steps per minute over a sliding window of the latest steps' times, as `CMPedometerData`'s
/// `currentCadence` (there in steps per second).
///
/// The window holds at most `capacity` step times in a ring reserved up front; cadence is the
/// number of intervals between the steps inside the window over the time they span, so it does not
/// depend on where the window's edge falls between two steps. Steps before a pause longer than
/// `timeout` are left out, and the cadence reads 0 once the latest step is older than that: the
/// walker has stopped.
public struct CadenceMeter: Hashable, Sendable {
    /// How far back steps count, in seconds.
    public let window: Double
    /// After how long without a step the cadence drops to 0, in seconds.
    public let timeout: Double

    private var times: [Double]
    private var next = 0
    private var stored = 0

    /// Creates a meter over `window` seconds; `capacity` bounds the steps kept (enough for 5 steps a
    /// second over the window when left out).
    public init(window: Double = 10, timeout: Double = 2, capacity: Int? = nil) {
        precondition(window > 0 && timeout > 0)
        self.window = window
        self.timeout = timeout
        times = Array(repeating: 0, count: max(2, capacity ?? Int((window * 5).rounded(.up))))
    }

    /// Records a step at `time` (s); steps come in time order.
    public mutating func record(stepAt time: Double) {
        times[next] = time
        next = (next + 1) % times.count
        stored = min(stored + 1, times.count)
    }

    /// Steps per minute at `time` (s): 0 with fewer than two steps in the window or none lately.
    public func cadence(at time: Double) -> Double {
        guard stored >= 2 else { return 0 }
        let latest = times[(next + times.count - 1) % times.count]
        guard time - latest <= timeout else { return 0 }
        var earliest = latest
        var inside = 1
        while inside < stored {
            let candidate = times[(next + times.count - 1 - inside) % times.count]
            // A pause longer than the timeout ended an earlier walk; its steps are not this one's.
            guard time - candidate <= window, earliest - candidate <= timeout else { break }
            earliest = candidate
            inside += 1
        }
        guard inside >= 2, latest > earliest else { return 0 }
        return Double(inside - 1) / (latest - earliest) * 60
    }
}

/// A block of samples made in advance and replayed lap after lap, time moving on, until a count is
/// reached: what a virtual-time case and a micro-benchmark feed, so that making samples is not
/// measured and the block's memory does not grow with the case's length.
public struct LappedFeed: SampleFeed {
    /// How the block's samples are timed.
    public enum Timing: Sendable {
        /// The block holds whole ticks at `rate`, each one sample of `samplesPerTick` sensors: tick `k`
        /// of the replay is at `DeliveryOrder.instant(of: k, rate:)`, whatever its lap. A block of no
        /// sample (a workload that reads no sensor) still clocks `total` ticks.
        case ticks(rate: Double, samplesPerTick: Int)
        /// The block holds recorded samples at their own times; each lap is `lapSeconds` later.
        case recorded(lapSeconds: Double)
    }

    private let block: [SensorSample]
    private let timing: Timing
    /// Ticks (`.ticks`) or samples (`.recorded`) to feed in all; `Int.max` for no end.
    private let total: Int
    /// Ticks or samples fed so far.
    public private(set) var fed = 0
    private var position = 0
    private var sampleInTick = 0
    public private(set) var nextInstant: Double?
    public let endInstant: Double

    /// Replays `block` with `timing` until `total` ticks or samples are fed (`Int.max`: never ends).
    public init(block: [SensorSample], timing: Timing, total: Int) {
        if case .recorded = timing { precondition(!block.isEmpty || total == 0, "a recorded block has samples") }
        self.block = block
        self.timing = timing
        self.total = total
        endInstant = Self.instant(ofUnit: total, block: block, timing: timing)
        nextInstant = total > 0 && !block.isEmpty ? Self.instant(ofUnit: 0, block: block, timing: timing) : nil
    }

    public mutating func next() -> SensorSample {
        var sample = block[position]
        sample.time = nextInstant!
        position += 1
        if position == block.count { position = 0 }
        switch timing {
        case let .ticks(_, samplesPerTick):
            sampleInTick += 1
            guard sampleInTick == samplesPerTick else { return sample }
            sampleInTick = 0
        case .recorded:
            break
        }
        fed += 1
        nextInstant = fed < total ? Self.instant(ofUnit: fed, block: block, timing: timing) : nil
        return sample
    }

    /// The instant of tick or sample `unit` of the replay.
    private static func instant(ofUnit unit: Int, block: [SensorSample], timing: Timing) -> Double {
        switch timing {
        case let .ticks(rate, _):
            return DeliveryOrder.instant(of: unit, rate: rate)
        case let .recorded(lapSeconds):
            guard unit < Int.max, !block.isEmpty else { return .infinity }
            return block[unit % block.count].time + Double(unit / block.count) * lapSeconds
        }
    }
}

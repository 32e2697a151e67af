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

    @usableFromInline let block: [SensorSample]
    @usableFromInline let timing: Timing
    /// Ticks (`.ticks`) or samples (`.recorded`) to feed in all; `Int.max` for no end.
    @usableFromInline let total: Int
    @usableFromInline var delivered = 0
    @usableFromInline var position = 0
    @usableFromInline var lap = 0
    @usableFromInline var instant = 0.0

    /// Replays `block` with `timing` until `total` ticks or samples are fed (`Int.max`: never ends).
    public init(block: [SensorSample], timing: Timing, total: Int) {
        if case .recorded = timing { precondition(!block.isEmpty || total == 0, "a recorded block has samples") }
        self.block = block
        self.timing = timing
        self.total = total
        instant = self.instant(ofUnit: 0)
    }

    /// Ticks (`.ticks`) or samples (`.recorded`) fed so far.
    public var fed: Int { delivered }

    @inlinable public var nextInstant: Double? {
        delivered < total && !block.isEmpty ? instant : nil
    }

    @inlinable public var endInstant: Double { instant(ofUnit: total) }

    @inlinable public mutating func next() -> SensorSample {
        var sample = block[position]
        sample.time = instant
        position += 1
        if position == block.count {
            position = 0
            lap += 1
        }
        switch timing {
        case let .ticks(_, samplesPerTick):
            if position % samplesPerTick == 0 {
                delivered += 1
                instant = instant(ofUnit: delivered)
            }
        case .recorded:
            delivered += 1
            instant = instant(ofUnit: delivered)
        }
        return sample
    }

    /// The instant of tick or sample `unit` of the replay.
    @inlinable func instant(ofUnit unit: Int) -> Double {
        switch timing {
        case let .ticks(rate, _):
            return DeliveryOrder.instant(of: unit, rate: rate)
        case let .recorded(lapSeconds):
            guard unit < Int.max else { return .infinity }
            return block[unit % block.count].time + Double(unit / block.count) * lapSeconds
        }
    }
}

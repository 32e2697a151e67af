/// Features of the acceleration over a sliding window, for activity classification: how much it
/// varies and at what rhythm.
///
/// The window is `blockCount` blocks of `hop` seconds each, kept in a ring reserved up front; each
/// sample adds to the current block, and a new block drops the oldest, so the window slides by
/// `hop` and costs nothing per sample beyond a few additions, whatever the rate.
public struct MotionWindow: Hashable, Sendable {
    /// What the window saw.
    public struct Features: Hashable, Sendable {
        /// The time the window spans, in seconds.
        public var duration: Double
        /// The mean magnitude of acceleration, in g (about 1 when gravity is all there is).
        public var meanMagnitude: Double
        /// The standard deviation of the magnitude, in g: 0.005 on a table, tenths walking.
        public var deviation: Double
        /// The dominant rhythm, in Hz: upward zero crossings of the band-passed magnitude per second.
        public var frequency: Double
        /// The deviation over the latest complete block alone (the current one before any is
        /// complete), in g: what the phone does now, a window's length sooner than `deviation`.
        public var latestDeviation: Double
    }

    private struct Block: Hashable, Sendable {
        var start = 0.0
        var count = 0
        var sum = 0.0
        var sumOfSquares = 0.0
        var crossings = 0

        var deviation: Double {
            let mean = sum / Double(count)
            return max(0, sumOfSquares / Double(count) - mean * mean).squareRoot()
        }
    }

    /// The slide, in seconds.
    public let hop: Double
    private var blocks: [Block]
    private var current = 0
    private var filled = 0
    private var lastBand = 0.0
    private var latest = 0.0

    /// Creates a window of `blockCount` blocks of `hop` seconds.
    public init(hop: Double = 1, blockCount: Int = 5) {
        precondition(hop > 0 && blockCount >= 1)
        self.hop = hop
        blocks = Array(repeating: Block(), count: blockCount)
    }

    /// Takes one sample at `time` (s): the magnitude of acceleration (g) and its band-passed value (g).
    public mutating func update(magnitude: Double, bandPassed: Double, at time: Double) {
        if filled == 0 {
            blocks[current] = Block(start: time)
            filled = 1
        } else if time - blocks[current].start >= hop {
            current = (current + 1) % blocks.count
            blocks[current] = Block(start: time)
            filled = min(filled + 1, blocks.count)
        }
        blocks[current].count += 1
        blocks[current].sum += magnitude
        blocks[current].sumOfSquares += magnitude * magnitude
        if lastBand <= 0, bandPassed > 0 { blocks[current].crossings += 1 }
        lastBand = bandPassed
        latest = time
    }

    /// The features over the blocks held now; nil before the first sample.
    public var features: Features? {
        guard filled > 0 else { return nil }
        var count = 0, sum = 0.0, sumOfSquares = 0.0, crossings = 0
        var start = latest
        for back in 0..<filled {
            let block = blocks[(current - back + blocks.count) % blocks.count]
            count += block.count
            sum += block.sum
            sumOfSquares += block.sumOfSquares
            crossings += block.crossings
            start = block.start
        }
        let mean = sum / Double(count)
        let variance = max(0, sumOfSquares / Double(count) - mean * mean)
        let duration = latest - start
        let latestBlock = blocks[filled > 1 ? (current - 1 + blocks.count) % blocks.count : current]
        return Features(
            duration: duration, meanMagnitude: mean, deviation: variance.squareRoot(),
            frequency: duration > 0 ? Double(crossings) / duration : 0, latestDeviation: latestBlock.deviation)
    }
}

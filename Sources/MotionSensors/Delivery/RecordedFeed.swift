/// A recording's own samples at their own times (gaps and jitter kept), over a stretch that ends at
/// `endInstant`.
public struct RecordedFeed: SampleFeed {
    @usableFromInline let samples: ArraySlice<SensorSample>
    @usableFromInline var index: Int
    public let endInstant: Double

    /// The samples of `samples` before `end` (times from the case's start, in order), and the frames
    /// before `end`.
    public init(samples: ArraySlice<SensorSample>, end: Double) {
        let last = samples.firstIndex { $0.time >= end } ?? samples.endIndex
        self.samples = samples[..<last]
        index = samples.startIndex
        endInstant = end
    }

    @inlinable public var nextInstant: Double? {
        index < samples.endIndex ? samples[index].time : nil
    }

    @inlinable public mutating func next() -> SensorSample {
        defer { index += 1 }
        return samples[index]
    }
}

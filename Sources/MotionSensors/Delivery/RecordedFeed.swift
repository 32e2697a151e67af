/// A recording's own samples at their own times (gaps and jitter kept), over a stretch that ends at
/// `endInstant`.
public struct RecordedFeed: SampleFeed {
    private let samples: ArraySlice<SensorSample>
    private var index: Int
    public private(set) var nextInstant: Double?
    public let endInstant: Double

    /// The samples of `samples` before `end` (times from the case's start, in order), and the frames
    /// before `end`.
    public init(samples: ArraySlice<SensorSample>, end: Double) {
        let last = samples.firstIndex { $0.time >= end } ?? samples.endIndex
        self.samples = samples[..<last]
        index = samples.startIndex
        nextInstant = index < last ? samples[index].time : nil
        endInstant = end
    }

    public mutating func next() -> SensorSample {
        let sample = samples[index]
        index += 1
        nextInstant = index < samples.endIndex ? samples[index].time : nil
        return sample
    }
}

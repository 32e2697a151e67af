/// Steps over time for the chart, thinned to at most `capacity` points however long the walk: each
/// point is the step count at the end of a time bucket, and when the points fill up, every second one
/// is dropped and buckets double in width. The storage is reserved up front, so recording never
/// allocates, and the series always spans the whole walk at an even spacing.
public struct StepChart: Hashable, Sendable {
    /// One point of the series.
    public struct Point: Hashable, Sendable {
        /// Seconds since the start date.
        public var time: Double
        /// Steps counted by then.
        public var steps: Int
    }

    /// The most points the series holds.
    public let capacity: Int
    /// The width of a bucket now, in seconds.
    public private(set) var bucketWidth: Double
    /// The points, oldest first: the count at the end of each bucket, the last one still growing.
    public private(set) var points: [Point]

    /// Creates an empty series of at most `capacity` points (an even number, at least 2), starting
    /// with buckets `initialBucketWidth` seconds wide.
    public init(capacity: Int = 100, initialBucketWidth: Double = 1) {
        precondition(capacity >= 2 && capacity % 2 == 0 && initialBucketWidth > 0)
        self.capacity = capacity
        bucketWidth = initialBucketWidth
        points = []
        points.reserveCapacity(capacity)
    }

    /// Records the count `steps` at `time` seconds since the start date; times do not go backwards.
    public mutating func record(time: Double, steps: Int) {
        if points.count == capacity, !isInLastBucket(time) { thin() }
        if isInLastBucket(time) {
            points[points.count - 1] = Point(time: time, steps: steps)
        } else {
            points.append(Point(time: time, steps: steps))
        }
    }

    private func isInLastBucket(_ time: Double) -> Bool {
        guard let last = points.last else { return false }
        return (last.time / bucketWidth).rounded(.down) >= (time / bucketWidth).rounded(.down)
    }

    /// Makes this series a copy of `other`, a later state of the same series, without allocating:
    /// only the points from this one's last onward can differ unless `other` was thinned since, so
    /// a copy per published result costs a point or two, not the whole series.
    public mutating func copy(from other: StepChart) {
        precondition(other.capacity == capacity)
        var first = 0
        if bucketWidth == other.bucketWidth, other.points.count >= points.count {
            first = max(0, points.count - 1)
        }
        bucketWidth = other.bucketWidth
        points.removeLast(points.count - first)
        points.append(contentsOf: other.points[first...])
    }

    /// Halves the points: keeps the later of each pair (a cumulative count, so nothing is lost at
    /// the kept times) and doubles the bucket width.
    private mutating func thin() {
        let kept = capacity / 2
        for index in 0..<kept { points[index] = points[2 * index + 1] }
        points.removeLast(capacity - kept)
        bucketWidth *= 2
    }
}

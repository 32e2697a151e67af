/// Counts step candidates only inside a walk: a few steps in a row at a steady rhythm establish one,
/// and then they all count, retroactively; while it goes on every candidate counts, until a pause
/// longer than `maximumInterval` ends it.
///
/// A jolt, a phone put down, a bump in a bag make isolated or irregular candidates that never reach
/// `regularSteps` in rhythm, so they are never counted: the false steps of a naive peak counter.
public struct StepRegularity: Hashable, Sendable {
    /// Steps in rhythm that establish a walk.
    public let regularSteps: Int
    /// The largest ratio between two consecutive intervals that still counts as in rhythm.
    public let maximumIntervalRatio: Double
    /// The longest pause between steps inside a walk, in seconds.
    public let maximumInterval: Double
    /// The times of the steps the latest `update` counted, oldest first: one step inside a walk,
    /// `regularSteps` when one is established, none otherwise. Its storage is reserved up front.
    public private(set) var newlyCounted: [Double]

    private var tentative: [Double]
    private var lastStep = -Double.infinity
    private var established = false

    /// Creates the gate; `regularSteps` is at least 2.
    public init(regularSteps: Int, maximumIntervalRatio: Double, maximumInterval: Double) {
        precondition(regularSteps >= 2 && maximumIntervalRatio >= 1 && maximumInterval > 0)
        self.regularSteps = regularSteps
        self.maximumIntervalRatio = maximumIntervalRatio
        self.maximumInterval = maximumInterval
        tentative = []
        tentative.reserveCapacity(regularSteps)
        newlyCounted = []
        newlyCounted.reserveCapacity(regularSteps)
    }

    /// Takes a step candidate at `time` (s) and returns how many steps it makes count (see
    /// `newlyCounted`).
    public mutating func update(candidateAt time: Double) -> Int {
        newlyCounted.removeAll(keepingCapacity: true)
        defer { lastStep = time }
        if isWalking(at: time) {
            newlyCounted.append(time)
            return 1
        }
        established = false
        if let last = tentative.last, time - last > maximumInterval {
            tentative.removeAll(keepingCapacity: true)
        }
        if tentative.count >= 2 {
            let before = tentative[tentative.count - 1] - tentative[tentative.count - 2]
            let now = time - tentative[tentative.count - 1]
            if max(before, now) > maximumIntervalRatio * min(before, now) {
                // Out of rhythm: the rhythm starts again from the last candidate.
                let last = tentative[tentative.count - 1]
                tentative.removeAll(keepingCapacity: true)
                tentative.append(last)
            }
        }
        tentative.append(time)
        guard tentative.count == regularSteps else { return 0 }
        newlyCounted.append(contentsOf: tentative)
        tentative.removeAll(keepingCapacity: true)
        established = true
        return regularSteps
    }

    /// Whether a walk is established and its last step was at most `maximumInterval` before `time`.
    public func isWalking(at time: Double) -> Bool {
        established && time - lastStep <= maximumInterval
    }
}

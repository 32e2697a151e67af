/// How far a figure may move before a comparison calls it a change: a change counts only when it
/// exceeds **both** the relative and the absolute tolerance, so a large percentage of a tiny figure
/// (2 ns on 20 ns) and a large absolute move of a huge figure (200 ns on 2 ms) are both left alone.
public struct MetricTolerance: Sendable, Equatable {
    /// Largest change, in percent of the baseline's figure, that is still no change.
    public var relativePct: Double
    /// Largest change, in the metric's own unit, that is still no change.
    public var absolute: Double

    /// A tolerance of `relativePct` percent and `absolute` units; both must be finite and not negative.
    public init(relativePct: Double, absolute: Double) {
        precondition(relativePct >= 0 && relativePct.isFinite && absolute >= 0 && absolute.isFinite)
        self.relativePct = relativePct
        self.absolute = absolute
    }

    /// Whether moving from `baseline` by `change` (either sign) exceeds both tolerances. Multiplying
    /// rather than dividing keeps a baseline of 0 meaningful: any change beyond the absolute part is
    /// then infinitely large relatively.
    public func isExceeded(by change: Double, from baseline: Double) -> Bool {
        abs(change) > absolute && abs(change) * 100 > relativePct * abs(baseline)
    }

    /// The largest change from `baseline`, either way, that is still no change: the larger part.
    public func threshold(from baseline: Double) -> Double {
        max(absolute, relativePct * abs(baseline) / 100)
    }
}

/// What the scorer fits before it takes attitude errors, when a recording's truth is only known up to
/// the lab's orientation and a clock offset. Every estimator (ours and a phone's own) gets the same
/// fit, each its own best, so none is favoured; the fitted values are reported with the errors.
public struct AlignmentPolicy: Sendable, Equatable, Codable {
    /// Whether a constant turn about the vertical between the estimate's north and the truth's is
    /// fitted and removed (a lab frame whose "north" is not the estimator's).
    public var fitsYawOffset: Bool
    /// The largest time shift, in seconds either way, tried between the estimate and the truth.
    public var maximumTimeShift: Double
    /// The step between time shifts tried, seconds.
    public var timeShiftStep: Double
    /// How far the window widens, seconds either way, while the best shift lies at its edge.
    public var widestTimeShift: Double

    /// Creates a policy; `widestTimeShift` defaults to `maximumTimeShift` (the window never widens).
    public init(fitsYawOffset: Bool, maximumTimeShift: Double, timeShiftStep: Double, widestTimeShift: Double? = nil) {
        self.fitsYawOffset = fitsYawOffset
        self.maximumTimeShift = maximumTimeShift
        self.timeShiftStep = timeShiftStep
        self.widestTimeShift = max(maximumTimeShift, widestTimeShift ?? maximumTimeShift)
    }

    /// Nothing fitted: the truth's frame and clock are the estimate's (the virtual device).
    public static let exact = AlignmentPolicy(fitsYawOffset: false, maximumTimeShift: 0, timeShiftStep: 0.001)

    /// A motion-capture lab: a yaw offset, and ±10 ms of clock in 1 ms steps (the tyrex recordings'
    /// stated time-alignment resolution), widened up to ±200 ms while the best shift is at an edge
    /// (several phone estimates fit best beyond 10 ms).
    public static let motionCaptureLab = AlignmentPolicy(fitsYawOffset: true, maximumTimeShift: 0.010, timeShiftStep: 0.001, widestTimeShift: 0.200)

    /// The shifts tried, from −maximum to +maximum, 0 among them.
    var timeShifts: [Double] {
        let steps = Int((maximumTimeShift / timeShiftStep).rounded())
        return (-steps...steps).map { Double($0) * timeShiftStep }
    }
}

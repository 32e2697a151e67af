import MotionSensors

/// An event a workload detects, as its descriptor declares it: the label it reports (`shake`), whether
/// it is an instant or a state (on from a start to an end), and how far from the true event a
/// detection may fall and still be that event's. A run scores each declared label its source knows
/// the truth of (the virtual device's shakes, steps and touches; a recording's labels).
public struct EventKind: Sendable, Equatable, Hashable {
    /// The label the workload reports and the truth carries: lower-case words joined by hyphens.
    public var label: String
    /// Whether the event lasts (face down from … to …) rather than happens at an instant (a tap).
    public var isState: Bool
    /// How far before and after the true event a detection of it may fall.
    public var tolerance: EventTolerance

    /// An event of `label`: an instant unless `isState`, matched within `tolerance`.
    public init(_ label: String, isState: Bool = false, tolerance: EventTolerance = .standard) {
        self.label = label
        self.isState = isState
        self.tolerance = tolerance
    }
}

/// How far from a true event a detection may fall and still be that event's, in seconds: a detection
/// matches a true event when it comes no more than `before` ahead of its start and no more than
/// `after` past its end (an instant's end is its start). Detectors fire late rather than early,
/// and labels made by hand are rarely off by more than a tenth of a second, hence the asymmetric default.
public struct EventTolerance: Sendable, Equatable, Hashable, Codable {
    /// Seconds a detection may come ahead of the event's start.
    public var before: Double
    /// Seconds a detection may come past the event's end.
    public var after: Double

    /// A window of `before` seconds ahead and `after` seconds past; both finite and not negative.
    public init(before: Double, after: Double) {
        precondition(before >= 0 && after >= 0 && before.isFinite && after.isFinite, "a tolerance is a finite, non-negative number of seconds")
        self.before = before
        self.after = after
    }

    /// 0.1 s ahead (a hand-made label's slack) and 0.5 s past (a detector that needs a few samples to
    /// be sure), unless a workload declares its own.
    public static let standard = EventTolerance(before: 0.1, after: 0.5)

    /// The times a detection of `event` may fall in: its span, from its start to its end (an
    /// instant's end is its start), widened by `before` and `after`.
    public func window(around event: LabelledEvent) -> ClosedRange<Double> {
        (event.time - before)...(event.endOrTime + after)
    }
}

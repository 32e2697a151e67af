extension EventKind {
    /// A shake recognized (the accelerometer and tilt-ball screens), against the true burst from its
    /// start to its end: up to 0.25 s ahead of the start (a hand-made label's slack) and 0.5 s past the
    /// end, since a detector needs some shaking before it is sure (`ShakeDetector` 0.2 s).
    public static let shake = EventKind("shake", tolerance: EventTolerance(before: 0.25, after: 0.5))

    /// A step counted (the pedometer), against the foot strike: 0.1 s ahead and 0.25 s past, since a
    /// detector finds a step by the peak it leaves once filtered; a window 0.35 s wide in all, under
    /// the 0.36 s between two steps of a run (2.8 steps a second), so it never holds two steps.
    public static let step = EventKind("step", tolerance: EventTolerance(before: 0.1, after: 0.25))
}

extension Scenario {
    /// The labels of the events the virtual device knows, in every scenario (one that makes none of
    /// a label knows there were none): shake bursts, steps, and each kind of touch.
    public static let eventLabels = ["shake", "step", "tap", "double-tap", "press", "drag", "pinch", "rotation"]

    /// The events the scenario makes that begin before `end` seconds, in time order: each shake
    /// burst (a state, from its start to its end), each step (an instant, when the foot strikes),
    /// each touch (taps and presses are instants; drags, pinches and rotations states over their
    /// duration).
    public func events(before end: Double) -> [LabelledEvent] {
        var events: [LabelledEvent] = []
        if let shakes {
            events += shakes.starts(before: end).map { LabelledEvent("shake", at: $0, until: $0 + shakes.duration) }
        }
        for gait in gaits {
            events += gait.stepTimes(before: end).map { LabelledEvent("step", at: $0) }
        }
        for touch in touches where touch.time < end {
            events.append(LabelledEvent(touch.label, at: touch.time, until: touch.duration > 0 ? touch.time + touch.duration : nil))
        }
        return events.sorted { ($0.time, $0.label) < ($1.time, $1.label) }
    }
}

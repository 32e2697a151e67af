import MotionSensors

/// The events a workload detected, kept only on the run that asks for them
/// (`WorkloadConfiguration.recordsEvents`: the unmeasured accuracy replay), so that a measured run
/// pays a branch per detection and allocates nothing. A workload holds one, records into it where it
/// detects (`record`, or `begin` and `end` for a state), and returns its `events` as `detectedEvents`.
///
/// A label is evaluated only when the log keeps events, so on a measured run naming it costs nothing;
/// a literal, or a declared `EventKind`'s label, also costs no allocation when it is.
public struct EventLog: Sendable {
    /// Whether events are kept; when not, recording does nothing.
    public let isRecording: Bool
    /// The events recorded, in the order detected; always empty when not recording.
    public private(set) var events: [LabelledEvent] = []

    /// A log that keeps events when `recording` is true.
    public init(recording: Bool) {
        isRecording = recording
    }

    /// A log that keeps events when `configuration` asks for them.
    public init(for configuration: WorkloadConfiguration) {
        self.init(recording: configuration.recordsEvents)
    }

    /// Records an instant of `label`, detected on the sample at `time` seconds.
    @inlinable public mutating func record(_ label: @autoclosure () -> String, at time: Double) {
        if isRecording { append(LabelledEvent(label(), at: time)) }
    }

    /// Records that a state of `label` began on the sample at `time` seconds; `end` closes it.
    @inlinable public mutating func begin(_ label: @autoclosure () -> String, at time: Double) {
        if isRecording { append(LabelledEvent(label(), at: time)) }
    }

    /// Closes the latest open state of `label` on the sample at `time` seconds; nothing when none is
    /// open. A state never closed lasts to the end of the replay.
    @inlinable public mutating func end(_ label: @autoclosure () -> String, at time: Double) {
        if isRecording { close(label(), at: time) }
    }

    @usableFromInline mutating func append(_ event: LabelledEvent) {
        events.append(event)
    }

    @usableFromInline mutating func close(_ label: String, at time: Double) {
        guard let index = events.lastIndex(where: { $0.label == label }), events[index].end == nil else { return }
        events[index].end = time
    }
}

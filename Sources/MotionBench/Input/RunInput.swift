import MotionResults
import MotionSensors
import MotionWorkloads

/// What a run's source knows, in one place: which sensors it has, how long it lasts, its calibration,
/// its touches, the truth and recorded competitors to score against; and each case's input, made from
/// it (`input(for:sensors:)`).
///
/// - The virtual device is read afresh by each case at exactly the times asked (the same seed gives
///   every case the same noise at the same instant), as a phone's sensor runs at the rate an app asks.
/// - A recording is put on one time base once, when the input is made: the first instant every
///   sensor has begun reads 0 for its samples, its truth and its recorded estimates alike. Cases share
///   its arrays; a case at a fixed rate reads it through a `ResampledSource`, and one at the
///   recording's own timing gets its samples merged in delivery order, merged once per set of sensors.
public final class RunInput {
    /// What was named.
    public let source: SourceDescription
    /// What the importer noticed in a recording without refusing it (a likely wrong unit, dropped rows).
    public let warnings: [TraceWarning]
    /// The sensors the source has.
    public let sensors: Set<SensorKind>
    /// Seconds of recording every sensor covers from time 0; nil for the virtual device, which never runs out.
    public let duration: Double?
    /// What the source knows of its sensors' errors: a recording's calibration recordings, or the
    /// virtual device's own, fitted from recordings it makes (`VirtualDevice.calibration(seed:)`).
    public let calibration: SensorCalibration?
    /// The scenario's scripted gestures; a recording has none.
    public let touches: [TouchEvent]
    /// What the source knows to score a workload's outputs against: a scenario's exact truth and
    /// events, or a recording's truth, events (labels, annotations) and recorded competitors (fitting
    /// the lab's yaw offset and clock); nil for a recording with neither truth nor events.
    public let reference: AccuracyReference?

    private enum Feed {
        case device(Scenario, seed: UInt64)
        /// The recording on the run's time base.
        case recording(Trace)
    }

    private let feed: Feed
    private var merged: [[SensorKind]: [SensorSample]] = [:]

    /// Seconds of a scenario the accuracy pass replays: long enough for settled statistics over every
    /// scenario's motions, short enough to score a sweep in seconds.
    public static let scoredScenarioSeconds = 60.0

    /// The input `source` names; throws `TraceError` for a recording that cannot be read.
    public convenience init(_ source: SourceDescription) throws {
        switch source {
        case let .scenario(scenario, seed):
            self.init(scenario: scenario, seed: seed)
        case let .recording(url, name, field, labels):
            let imported = try importTrace(at: url)
            var trace = field == .calibrated ? try imported.trace.withCalibratedFieldAsMagnetometer(path: name) : imported.trace
            var warnings = imported.warnings
            if let labels {
                let (events, warning) = Self.place(try EventLabelsFile.read(at: labels.url), of: labels, on: trace)
                trace.events = (trace.events + events).sorted { $0.time < $1.time }
                if let warning { warnings.append(warning) }
            }
            self.init(trace: trace, source: source, warnings: warnings)
        }
    }

    /// The virtual device on `scenario`, seeded by `seed`.
    public init(scenario: Scenario, seed: UInt64) {
        source = .scenario(scenario, seed: seed)
        warnings = []
        feed = .device(scenario, seed: seed)
        sensors = Set(SensorKind.allCases)
        duration = nil
        calibration = VirtualDevice.calibration(seed: seed)
        touches = scenario.touches
        reference = AccuracyReference(
            truth: .scenario(scenario), events: scenario.events(before: Self.scoredScenarioSeconds), eventLabels: Set(Scenario.eventLabels),
            alignment: .exact, duration: Self.scoredScenarioSeconds)
    }

    /// A recording already imported, named by `source`. Its readings are held within their
    /// sensors' ranges (`SensorSample.saturated`): an importer refuses a file holding one beyond,
    /// but a trace made in memory may, and resampling one near the largest number overflows to NaN.
    public init(trace: Trace, source: SourceDescription, warnings: [TraceWarning] = []) {
        let (origin, end) = Self.timeBase(of: trace)
        var rebased = trace.shifted(by: origin)
        rebased.samples = rebased.samples.mapValues { $0.map(\.saturated) }
        let duration = max(0, end - origin)
        self.source = source
        self.warnings = warnings
        feed = .recording(rebased)
        sensors = Set(rebased.sensors)
        self.duration = duration
        calibration = rebased.calibration
        touches = []
        reference =
            rebased.truth.isEmpty && rebased.events.isEmpty
            ? nil
            : AccuracyReference(
                truth: .recorded(rebased.truth), competitors: rebased.estimates, events: rebased.events, alignment: .motionCaptureLab,
                duration: duration)
    }

    /// The events of labels file `labels` on `trace`'s clock, moved there from the recording's start
    /// when the file counts from it (`from=start`, or detected: none of its times falls on the
    /// recording's clock and all fall within its length); and what to tell the user: that they were
    /// read from the start when that was detected, or that none falls within the recording.
    private static func place(
        _ events: [LabelledEvent], of labels: SourceDescription.LabelsFile, on trace: Trace
    ) -> (events: [LabelledEvent], warning: TraceWarning?) {
        let start = trace.startTime ?? 0
        let end = trace.endTime ?? start
        // Shown to the hundredth: the difference of two clock readings near 10⁹ s has float noise.
        let length = ((end - start) * 100).rounded() / 100
        let fromStart: Bool
        switch labels.origin {
        case .start: fromStart = true
        case .clock: fromStart = false
        case .detected:
            fromStart =
                !events.contains { (start...end).contains($0.time) } && events.allSatisfy { $0.time >= 0 && ($0.end ?? $0.time) <= end - start }
        }
        let placed = fromStart ? events.map { LabelledEvent($0.label, at: $0.time + start, until: $0.end.map { $0 + start }) } : events
        let base = timeBase(of: trace)
        let reason: String?
        if !placed.contains(where: { base.origin <= $0.time && $0.time <= base.end }) {
            reason =
                fromStart
                ? "none of its \(events.count) labels falls within the recording, read as seconds from its start (0 to \(length) s)"
                : "none of its \(events.count) labels falls within the recording (\(base.origin) to \(base.end) s on its clock, \(trace.metadata.clock)): are they on that clock? (from=start reads them as seconds from its start)"
        } else if fromStart, labels.origin == .detected {
            reason =
                "read as seconds from the recording's start: none of its \(events.count) labels falls on its clock (\(start) to \(end) s, \(trace.metadata.clock)) and all fall within its \(length) s (from=start says so; from=clock keeps them on its clock)"
        } else {
            reason = nil
        }
        return (placed, reason.map { TraceWarning(path: labels.url.path, line: 0, reason: $0) })
    }

    /// Where a recording's time base starts (the first instant every sensor has begun) and where its
    /// samples end (the last instant every sensor still has), on its own clock.
    private static func timeBase(of trace: Trace) -> (origin: Double, end: Double) {
        let streams = trace.samples.values.filter { !$0.isEmpty }
        let origin = streams.map { $0[0].time }.max() ?? 0
        return (origin, streams.map { $0[$0.count - 1].time }.min() ?? origin)
    }

    /// Whether the source is a recording (whose own timing a case can replay).
    public var isRecording: Bool {
        if case .recording = feed { return true }
        return false
    }

    /// The sensors `descriptor` needs that the source lacks; empty when it can feed the workload.
    public func missingSensors(for descriptor: WorkloadDescriptor) -> [SensorKind] {
        descriptor.sensors.filter { !sensors.contains($0) }
    }

    /// The sensors a case of `descriptor` is fed, in its order: those it needs, then the optional
    /// ones the source has.
    public func fedSensors(for descriptor: WorkloadDescriptor) -> [SensorKind] {
        descriptor.sensors + descriptor.optionalSensors.filter(sensors.contains)
    }

    /// The recording's own samples of `sensors` from time 0, merged in delivery order (by time, then
    /// in the order listed), with the rate a user knows them by (the fastest sensor's samples per
    /// second over the recording); nil for the virtual device or when none of them has a sample.
    public func recordedTiming(of sensors: [SensorKind]) -> (samples: [SensorSample], rateHz: Double)? {
        guard case let .recording(trace) = feed, let duration, duration > 0 else { return nil }
        let samples = recordedSamples(of: sensors, in: trace)
        guard !samples.isEmpty else { return nil }
        let fastest = sensors.map { sensor in trace[sensor].filter { $0.time >= 0 && $0.time <= duration }.count }.max() ?? 0
        return (samples, Double(fastest) / duration)
    }

    /// What one case is fed: `sensors` read at the case's rate (or the recording's own samples at its
    /// timing), the touches, the truth and the calibration. Throws `PlanError` when the source lacks
    /// one of `sensors`.
    func input(for spec: CaseSpec, sensors: [SensorKind]) throws -> CaseInput {
        let missing = sensors.filter { !self.sensors.contains($0) }
        guard missing.isEmpty else { throw PlanError.sourceLacksSensors(workload: spec.workload, missing: missing, source: source.description) }
        let subscription: any SensorSource
        var recorded: [SensorSample]?
        var recordingSeconds: Double?
        switch feed {
        case let .device(scenario, seed):
            subscription = VirtualDevice(scenario: scenario, seed: seed)
        case let .recording(trace):
            let resampled = ResampledSource(streams: trace.samples.filter { sensors.contains($0.key) }, rate: spec.rateHz, origin: 0)
            subscription = resampled
            recordingSeconds = resampled.duration
            if spec.recordedTiming { recorded = recordedSamples(of: sensors, in: trace) }
        }
        return CaseInput(
            source: subscription, touches: touches, recorded: recorded, reference: reference, calibration: calibration,
            recordingSeconds: recordingSeconds)
    }

    private func recordedSamples(of sensors: [SensorKind], in trace: Trace) -> [SensorSample] {
        if let samples = merged[sensors] { return samples }
        let order = Dictionary(uniqueKeysWithValues: sensors.enumerated().map { ($0.element, $0.offset) })
        let samples = sensors.flatMap { trace[$0] }.filter { $0.time >= 0 }
            .sorted { ($0.time, order[$0.sensor]!) < ($1.time, order[$1.sensor]!) }
        merged[sensors] = samples
        return samples
    }
}

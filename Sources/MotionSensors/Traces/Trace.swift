/// A recording from a real device, in Core Motion's units and device axes whatever file it came from:
/// acceleration in g (flat, screen up, reads z ≈ −1), rotation rate in rad/s, raw magnetic field in
/// µT, pressure in kPa in `value.x`. Importers convert at import, so nothing downstream needs to know
/// the source format.
///
/// Each stream is a plain array of value types in strictly increasing time, so a two-minute
/// 100 Hz recording is a few hundred kilobytes and replay walks memory in order. Times stay on the
/// recording's own clock (`metadata.clock`); `startTime` is where replay starts counting from.
/// An empty stream means the recording has none.
public struct Trace: Hashable, Sendable {
    /// Name, origin, licence, nominal rates and notes.
    public var metadata: TraceMetadata
    /// Each sensor's readings; a sensor the recording lacks has no key.
    public var samples: [SensorKind: [SensorSample]]
    /// The magnetometer as the phone calibrated it (sensor `.magnetometer`, µT), when recorded.
    public var calibratedMagnetometer: [SensorSample]
    /// What really happened, when the dataset measured it: attitude in North-West-Up, device to
    /// reference (see the importer for the alignment left to estimate), or step counts.
    public var truth: [GroundTruth]
    /// What other algorithms on the device estimated (Apple's attitude), to score, never as truth.
    public var estimates: [RecordedEstimate]
    /// What the recording's labels say happened (the recorder app's annotations, a labels file), in
    /// time order: the truth a workload's detected events are scored against.
    public var events: [LabelledEvent]
    /// Corrections for the raw sensors from the dataset's calibration recordings, when it has them;
    /// the samples themselves stay raw.
    public var calibration: SensorCalibration?

    /// Creates a trace; every stream must be in strictly increasing time.
    public init(
        metadata: TraceMetadata, samples: [SensorKind: [SensorSample]], calibratedMagnetometer: [SensorSample] = [],
        truth: [GroundTruth] = [], estimates: [RecordedEstimate] = [], calibration: SensorCalibration? = nil,
        events: [LabelledEvent] = []
    ) {
        self.metadata = metadata
        self.samples = samples.filter { !$0.value.isEmpty }
        self.calibratedMagnetometer = calibratedMagnetometer
        self.truth = truth
        self.estimates = estimates
        self.calibration = calibration
        self.events = events.sorted { $0.time < $1.time }
    }

    /// The sensors with readings, in `SensorKind` order.
    public var sensors: [SensorKind] { samples.keys.sorted() }

    /// The readings of `sensor`, empty when the trace has none.
    public subscript(sensor: SensorKind) -> [SensorSample] { samples[sensor] ?? [] }

    /// Every non-empty stream, in `TraceStream` order.
    public var streams: [TraceStream] {
        sensors.map { .sensor($0) } + (calibratedMagnetometer.isEmpty ? [] : [.calibratedMagnetometer])
            + (truth.isEmpty ? [] : [.truth]) + estimates.filter { !$0.samples.isEmpty }.map { .estimate($0.id) }
    }

    /// The timestamps of `stream`, in order; empty for a stream the trace lacks.
    public func times(of stream: TraceStream) -> [Double] {
        switch stream {
        case .sensor(let kind): self[kind].map(\.time)
        case .calibratedMagnetometer: calibratedMagnetometer.map(\.time)
        case .truth: truth.map(\.time)
        case .estimate(let id): estimates.first { $0.id == id }?.samples.map(\.time) ?? []
        }
    }

    /// The first and last timestamp of `stream`, or nil when it has no samples.
    public func timeRange(of stream: TraceStream) -> ClosedRange<Double>? {
        func range(_ first: Double?, _ last: Double?) -> ClosedRange<Double>? {
            guard let first, let last else { return nil }
            return first...last
        }
        switch stream {
        case .sensor(let kind): return range(self[kind].first?.time, self[kind].last?.time)
        case .calibratedMagnetometer: return range(calibratedMagnetometer.first?.time, calibratedMagnetometer.last?.time)
        case .truth: return range(truth.first?.time, truth.last?.time)
        case .estimate(let id):
            let samples = estimates.first { $0.id == id }?.samples ?? []
            return range(samples.first?.time, samples.last?.time)
        }
    }

    /// The earliest timestamp of any stream, or nil for an empty trace.
    public var startTime: Double? { streams.compactMap { timeRange(of: $0)?.lowerBound }.min() }

    /// The latest timestamp of any stream, or nil for an empty trace.
    public var endTime: Double? { streams.compactMap { timeRange(of: $0)?.upperBound }.max() }
}

import MotionResults
import MotionSensors

/// A request checked against the catalogue and the source and expanded into cases.
public struct Plan: Sendable {
    /// The cases, repetition outermost.
    public var cases: [CaseSpec]
    /// Seconds each real-time case runs.
    public var durationSeconds: Double
    /// Virtual-time ticks per case (at most, with a time budget).
    public var sampleCount: Int
    /// Workloads a run of all left out because the source lacks sensors they need, by name, in the
    /// catalogue's order.
    public var leftOut: [(workload: String, missing: [SensorKind])]
}

/// A part of the truth a workload's `currentEstimate` carries, so a run knows which workloads to
/// score against a source's ground truth and which recorded estimates compete with them.
public enum EstimatedQuantity: String, Sendable, CaseIterable, Codable {
    /// The device's attitude (and the headings that follow from it).
    case attitude
    /// Altitude relative to the start.
    case altitude
    /// Steps since the start.
    case steps
}

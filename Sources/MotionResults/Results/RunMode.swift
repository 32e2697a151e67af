/// How a case feeds its workload.
public enum RunMode: String, Sendable, Codable, CaseIterable {
    /// Paced by the wall clock at the case's rate, as on a phone: CPU % and memory over the run.
    case realtime
    /// As fast as the CPU allows over a fixed number of samples: CPU and wall ns per sample.
    case virtual
}

/// The settings a run was planned with.
public struct RunSettings: Sendable, Codable, Equatable {
    /// Real-time case length in seconds.
    public var durationSeconds: Double
    /// Samples per virtual-time case.
    public var sampleCount: Int
    /// Repetitions of each case.
    public var repetitions: Int
    /// The sampler's rate in Hz.
    public var samplerRateHz: Double
    /// The source that fed the workloads, e.g. `synthetic:tilt-and-shake,seed=1`.
    public var source: String
    /// Whether the run was a quick one (shorter cases).
    public var quick: Bool

    /// Creates settings.
    public init(durationSeconds: Double, sampleCount: Int, repetitions: Int, samplerRateHz: Double, source: String, quick: Bool) {
        self.durationSeconds = durationSeconds
        self.sampleCount = sampleCount
        self.repetitions = repetitions
        self.samplerRateHz = samplerRateHz
        self.source = source
        self.quick = quick
    }
}

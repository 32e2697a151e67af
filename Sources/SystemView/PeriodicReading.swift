import CSystemShim

/// A probe that takes a sampler's periodic snapshots itself, in one call that waits for each deadline
/// in turn: a period then costs its system calls and little else. `Sampler` uses it where the probe
/// has it (Linux) and otherwise waits and calls `snapshot(_:appendingThreadsTo:)` each period.
protocol PeriodicReading: ProcessProbe {
    /// Waits for each next deadline of `pace` and records a periodic snapshot in `log`, until `stop` is
    /// raised (returns true) or a deadline comes whose snapshot needs the ordinary call (returns false,
    /// that snapshot not taken): threads started or ended, one not yet named, a read that failed.
    func takePeriodicSnapshots(_ pace: inout mb_pace, until stop: OpaquePointer, into log: SamplerLog) -> Bool
}

/// Why a figure of a comparison is shown but does not decide its outcome: the two runs cannot tell
/// a change in it from noise, or another figure measures the same thing exactly.
public enum GateExemption: Sendable, Equatable, Hashable {
    /// A timing with fewer repetitions on one side than the Mann-Whitney U test needs
    /// (`ComparisonSettings.minimumRepetitionsForTest`); the associated value is that side's count.
    /// A single run's timing on a shared machine moves by more than the tolerances whatever the code
    /// did, so without the test a rise says nothing.
    case tooFewRepetitions(Int)
    /// A timing where both runs counted instructions, which gate the cost exactly instead.
    case instructionsCounted
    /// A count (instructions, allocations) made over different sample ticks on the two sides, whose
    /// per-sample figures differ by the fixed costs spread over them, not by the code.
    case differentTicks
}

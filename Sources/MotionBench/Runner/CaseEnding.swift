import MotionResults

/// Why a case ended before its time, which leaves it out of the run: thrown by the harness once its
/// threads have stopped, or, when they did not return in time, with them still running.
public enum CaseEnding: Error, CustomStringConvertible {
    /// A stop was asked for and the case did not end within the grace it had (`CaseBounds`); the run
    /// ends as interrupted, its finished cases kept.
    case stopRequested(CaseSpec)
    /// The process's resident memory passed the memory budget.
    case overMemoryBudget(CaseSpec, residentBytes: UInt64, budgetBytes: UInt64)
    /// The workload did not return to the harness within `seconds` of when its case had to end.
    case didNotReturn(CaseSpec, seconds: Double, why: String)

    /// The case.
    public var spec: CaseSpec {
        switch self {
        case .stopRequested(let spec), .overMemoryBudget(let spec, _, _), .didNotReturn(let spec, _, _): spec
        }
    }

    /// The error's message: the case (workload, rate, filter, parameters, mode, repetition), why it
    /// ended and what became of it, e.g. `burner 100 Hz raw (realtime #1): the process's resident
    /// memory reached 28 MiB, past the memory budget of 1 MiB (--memory-budget); the case was stopped
    /// and left out`.
    public var description: String {
        let rate = spec.recordedTiming ? "native" : "\(CaseIdentity.spelling(spec.rateHz)) Hz"
        let subject =
            "\(spec.workload) \(rate) \(spec.filter)" + (spec.parameters.isEmpty ? "" : " \(spec.parameterText)")
            + " (\(spec.mode.rawValue) #\(spec.repetition))"
        func mebibytes(_ bytes: UInt64) -> String { "\(bytes >> 20) MiB" }
        switch self {
        case .stopRequested:
            return "\(subject): stopped where it stood, as it ran on past the grace after the stop; left out"
        case .overMemoryBudget(_, let resident, let budget):
            return "\(subject): the process's resident memory reached \(mebibytes(resident)), past the memory budget of "
                + "\(mebibytes(budget)) (--memory-budget); the case was stopped and left out"
        case .didNotReturn(_, let seconds, let why):
            return "\(subject): the workload did not return within \(Int(seconds)) s of \(why); given up on, still running"
        }
    }
}

/// Why a run holds fewer cases than were planned: it was read from the journal of a run that did
/// not write its run.json (`RunJournal`), or the run was stopped by a signal after the case in flight.
public struct RunInterruption: Sendable, Codable, Equatable {
    /// What the file is.
    public enum State: String, Sendable, Codable {
        /// Read from the run's journal, kept case by case while the run went on: unless the run is still
        /// going, the process died without a chance to write more (`kill -9`, a crash, a power cut).
        case inProgress = "in-progress"
        /// The run was asked to stop and wrote every case it had finished.
        case interrupted
    }

    /// What the file is.
    public var state: State
    /// The signal that stopped the run (`SIGINT`, `SIGTERM`), when one did.
    public var signal: String?
    /// The number of cases the plan held; the run's `cases` are those finished.
    public var plannedCases: Int

    /// Creates the record of an unfinished run.
    public init(state: State, signal: String? = nil, plannedCases: Int) {
        self.state = state
        self.signal = signal
        self.plannedCases = plannedCases
    }

    /// One line for reports and the terminal, e.g. `interrupted by SIGINT after 12 of 133 cases`.
    public func summary(finishedCases: Int) -> String {
        let progress = "\(finishedCases) of \(plannedCases) cases"
        switch state {
        case .inProgress: return "incomplete: the run did not finish; \(progress) kept"
        case .interrupted: return "interrupted\(signal.map { " by \($0)" } ?? "") after \(progress)"
        }
    }
}

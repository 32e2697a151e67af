import ArgumentParser

/// The exit codes of motionbench's commands beyond 0 and ArgumentParser's own (1 a failure while
/// running, 64 a bad command line), in one place. The command plugin keeps a copy of their meanings
/// (`Plugins/MotionBenchCommandPlugin/ExitMeaning.swift`): edit both together.
extension ExitCode {
    /// `compare` and `ab`: a figure regressed.
    static let regression = ExitCode(2)
    /// `compare` and `ab`: nothing regressed, but a case, accuracy entry or figure is in one run (or build) only.
    static let incompleteComparison = ExitCode(3)
    /// A malformed or unreadable input file: a trace or a run.json (EX_DATAERR).
    static let badInput = ExitCode(65)
    /// A tool a command needs is missing, or an executable given to `ab` (EX_UNAVAILABLE).
    static let unavailable = ExitCode(69)
}

import ArgumentParser
import Foundation
import MotionBench

/// A failure while running, not a usage error: its message goes to stderr as `Error: …` and the
/// process exits with its code.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let exitCode: ExitCode

    init(_ description: String, exitCode: ExitCode = .failure) {
        self.description = description
        self.exitCode = exitCode
    }

    /// Runs a command's body, turning a `CommandFailure` into its message on stderr and its exit
    /// code (ArgumentParser would give every error but its own the code 1), a `ValidationError`
    /// found while running, or a library's `PlanError` (mapped to the flag at fault), into its message
    /// and 64 (ArgumentParser would add the top command's usage, which names no flag of this one),
    /// and any other error into its message and 1. Every message is one line (`TerminalOutput`).
    static func reporting(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as CommandFailure {
            TerminalOutput.message("Error: \(failure.description)")
            throw failure.exitCode
        } catch let invalid as ValidationError {
            TerminalOutput.message("Error: \(invalid.message)")
            throw ExitCode.validationFailure
        } catch let plan as PlanError {
            TerminalOutput.message("Error: \(plan.commandLineMessage)")
            throw ExitCode.validationFailure
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // Any other error (a file that could not be written, a malformed one) ends the command as
            // ArgumentParser would, exit code 1, its message shown as text.
            TerminalOutput.message("Error: \(error)")
            throw ExitCode.failure
        }
    }
}

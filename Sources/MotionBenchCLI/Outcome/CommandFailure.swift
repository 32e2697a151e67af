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
    /// code (ArgumentParser would give every error but its own the code 1), and a `ValidationError`
    /// found while running, or a library's `PlanError` (mapped to the flag at fault), into its message
    /// and 64 (ArgumentParser would add the top command's usage, which names no flag of this one).
    static func reporting(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("Error: \(failure.description)\n".utf8))
            throw failure.exitCode
        } catch let invalid as ValidationError {
            FileHandle.standardError.write(Data("Error: \(invalid.message)\n".utf8))
            throw ExitCode.validationFailure
        } catch let plan as PlanError {
            FileHandle.standardError.write(Data("Error: \(plan.commandLineMessage)\n".utf8))
            throw ExitCode.validationFailure
        }
    }
}

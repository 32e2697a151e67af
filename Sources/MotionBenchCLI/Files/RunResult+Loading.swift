import Foundation
import MotionBench
import MotionResults

extension RunResult {
    /// Reads a run for a command: a malformed or unreadable one is a `CommandFailure` with exit code 65.
    static func loadReporting(_ runFile: URL) throws -> RunResult {
        do {
            return try load(from: runFile)
        } catch let error as RunFileError {
            throw CommandFailure(error.description, exitCode: .badInput)
        }
    }
}

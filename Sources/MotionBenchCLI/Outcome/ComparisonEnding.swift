import ArgumentParser
import Foundation
import MotionBench
import MotionReports
import MotionResults

/// How `compare` and `ab` end once their comparison is made: the files written, the report printed,
/// the two sides' environment differences warned of, and the exit code of the outcome.
enum ComparisonEnding {
    /// Writes `files`, prints `text`, warns on stderr of each difference between the `sides` (e.g.
    /// "runs", "builds"), and throws the outcome's exit code (none when it passed).
    static func finish(
        _ text: String, files: [(URL, String)], environmentDifferences: [EnvironmentDifference], sides: String,
        outcome: RunComparison.Outcome
    ) throws {
        for (url, content) in files { try AtomicFile.write(content, to: url) }
        TerminalOutput.print(text, terminator: "")
        for difference in environmentDifferences {
            TerminalOutput.message(
                "Warning: the \(sides)' \(difference.field) differs: '\(difference.baseline)' (baseline), '\(difference.candidate)' (candidate)")
        }
        switch outcome {
        case .passed: return
        case .regressed: throw ExitCode.regression
        case .incomplete: throw ExitCode.incompleteComparison
        }
    }
}

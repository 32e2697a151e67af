import ArgumentParser
import Foundation
import MotionBench
import MotionSensors

/// Loads a recording for the command line: its warnings (a probable wrong unit, dropped rows) go to
/// stderr; a malformed or unreadable file is exit code 65 with the importer's one-line message (file
/// and line).
enum TraceFile {
    static func load(_ path: String) throws -> ImportedTrace {
        do {
            let imported = try importTrace(at: URL(literalPath: path))
            for warning in imported.warnings { TerminalOutput.message("\(warning)") }
            return imported
        } catch let error as TraceError {
            throw CommandFailure(String(describing: error), exitCode: .badInput)
        }
    }
}

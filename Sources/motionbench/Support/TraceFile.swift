import ArgumentParser
import Foundation
import MotionSensors

/// Loads a recording for the command line: a malformed or unreadable file is exit code 65 with the
/// importer's one-line message (file and line).
enum TraceFile {
    static func load(_ path: String) throws -> ImportedTrace {
        do {
            return try importTrace(at: URL(fileURLWithPath: path))
        } catch let error as TraceError {
            throw CommandFailure(String(describing: error), exitCode: .badInput)
        }
    }
}

import ArgumentParser
import Foundation
import MotionBench
import MotionSensors

/// The `--source` of a run: the virtual device on a scenario (`synthetic:NAME[,seed=N]`) or a recording
/// (`trace:PATH`, any format `motionbench trace info` reads, with `,field=calibrated` to feed the phone's
/// calibrated field as the magnetometer). Parsed here; `RunInput` does the rest.
enum SourceOption {
    /// The source `text` names; `defaultSeed` is `--seed`.
    static func parse(_ text: String, defaultSeed: UInt64) throws -> SourceDescription {
        if text.hasPrefix("synthetic:") {
            var parts = text.dropFirst("synthetic:".count).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let name = parts.removeFirst()
            guard let scenario = Scenario.named(name) else {
                throw ValidationError("--source: no scenario '\(name)' (known: \(Scenario.all.map(\.name).joined(separator: ", ")))")
            }
            var seed = defaultSeed
            for part in parts {
                guard part.hasPrefix("seed="), let value = UInt64(part.dropFirst(5)) else {
                    throw ValidationError("--source: '\(part)' is not seed=N (a whole number)")
                }
                seed = value
            }
            return .scenario(scenario, seed: seed)
        }
        if text.hasPrefix("trace:") {
            var path = String(text.dropFirst("trace:".count))
            var field = SourceDescription.Field.raw
            if let option = path.range(of: ",field=", options: .backwards) {
                let value = String(path[option.upperBound...])
                guard let named = SourceDescription.Field(rawValue: value) else {
                    throw ValidationError("--source: field=\(value) is neither field=raw nor field=calibrated")
                }
                field = named
                path = String(path[..<option.lowerBound])
            }
            guard !path.isEmpty else { throw ValidationError("--source: trace: needs a path") }
            // A recording that is not there is a wrong command line (64); one that is there but
            // cannot be read is bad data (65, from the importer).
            guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("--source: \(path): no such file or folder") }
            return .recording(URL(literalPath: path), name: path, field: field)
        }
        throw ValidationError("--source: '\(text)' is neither synthetic:SCENARIO[,seed=N] nor trace:PATH[,field=calibrated]")
    }

    /// The run's input from `text`: a recording's warnings (a probable wrong unit, dropped rows) go to
    /// stderr; a missing recording is exit code 64, a malformed or unreadable one 65 with the
    /// importer's one-line message.
    static func input(_ text: String, defaultSeed: UInt64) throws -> RunInput {
        let input: RunInput
        do {
            input = try RunInput(try parse(text, defaultSeed: defaultSeed))
        } catch let error as TraceError {
            throw CommandFailure(String(describing: error), exitCode: .badInput)
        }
        for warning in input.warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
        return input
    }
}

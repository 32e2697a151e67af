import ArgumentParser
import Foundation
import MotionBench
import MotionSensors
import MotionWorkloads

/// The `--source` of a run: the virtual device on a scenario (`synthetic:NAME[,seed=N]`) or a recording
/// (`trace:PATH`, any format `motionbench trace info` reads, with `,field=calibrated` to feed the phone's
/// calibrated field as the magnetometer and `,labels=FILE` for a labels file of what happened, its
/// times on the recording's clock or, with `,from=start`, from its start; in any order). Parsed here;
/// `RunInput` does the rest.
enum SourceOption {
    /// The source `text` names; `defaultSeed` is `--seed`.
    static func parse(_ text: String, defaultSeed: UInt64) throws -> SourceDescription {
        if text.hasPrefix("synthetic:") {
            var parts = text.dropFirst("synthetic:".count).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let name = parts.removeFirst()
            guard let scenario = Scenario.named(name) else {
                let known = Scenario.all.map(\.name)
                throw ValidationError(
                    "--source: no scenario '\(name)'\(NameSuggestion.didYouMean(name, in: known)) (known: \(known.joined(separator: ", ")))")
            }
            var seed = defaultSeed
            for part in parts {
                if part.hasPrefix("labels=") || part.hasPrefix("from=") {
                    throw ValidationError(
                        "--source: \(part.prefix { $0 != "=" })= goes with a recording (trace:PATH,labels=FILE); the virtual device knows the events it makes"
                    )
                }
                guard part.hasPrefix("seed="), let value = UInt64(part.dropFirst(5)) else {
                    throw ValidationError("--source: '\(part)' is not seed=N (a whole number)")
                }
                seed = value
            }
            return .scenario(scenario, seed: seed)
        }
        if text.hasPrefix("trace:") {
            var path = String(text.dropFirst("trace:".count))
            var field: SourceDescription.Field?
            var labels: String?
            var origin: SourceDescription.LabelsFile.TimeOrigin?
            // Options come after the path, the last first; a path may hold commas of its own.
            while let option = [",field=", ",labels=", ",from="].compactMap({ path.range(of: $0, options: .backwards) }).max(by: {
                $0.lowerBound < $1.lowerBound
            }) {
                let name = String(path[option].dropFirst().dropLast())
                let value = String(path[option.upperBound...])
                path = String(path[..<option.lowerBound])
                if name == "field" {
                    guard field == nil else { throw ValidationError("--source: field= is given twice") }
                    guard let named = SourceDescription.Field(rawValue: value) else {
                        throw ValidationError("--source: field=\(value) is neither field=raw nor field=calibrated")
                    }
                    field = named
                } else if name == "from" {
                    guard origin == nil else { throw ValidationError("--source: from= is given twice") }
                    guard let named = SourceDescription.LabelsFile.TimeOrigin(rawValue: value), named != .detected else {
                        throw ValidationError(
                            "--source: from=\(value) is neither from=start (the labels' times count from the recording's start) nor from=clock (they are on its clock)"
                        )
                    }
                    origin = named
                } else {
                    guard labels == nil else { throw ValidationError("--source: labels= is given twice") }
                    guard !value.isEmpty else { throw ValidationError("--source: labels= needs a file") }
                    labels = value
                }
            }
            guard !path.isEmpty else { throw ValidationError("--source: trace: needs a path") }
            guard origin == nil || labels != nil else {
                throw ValidationError("--source: from= goes with labels=FILE: it says what the labels' times count from")
            }
            // A recording that is not there is a wrong command line (64); one that is there but
            // cannot be read is bad data (65, from the importer).
            guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("--source: \(path): no such file or folder") }
            return .recording(
                URL(literalPath: path), name: path, field: field ?? .raw,
                labels: labels.map { SourceDescription.LabelsFile(URL(literalPath: $0), name: $0, origin: origin ?? .detected) })
        }
        throw ValidationError(
            "--source: '\(text)' is neither synthetic:SCENARIO[,seed=N] nor trace:PATH[,field=calibrated][,labels=FILE[,from=start|clock]]")
    }

    /// The run's input from `text`: a recording's warnings (a probable wrong unit, dropped rows, labels
    /// off its clock) go to stderr; a missing recording is exit code 64, a malformed or unreadable
    /// recording or labels file 65 with the reader's one-line message.
    static func input(_ text: String, defaultSeed: UInt64) throws -> RunInput {
        let input: RunInput
        do {
            input = try RunInput(try parse(text, defaultSeed: defaultSeed))
        } catch let error as TraceError {
            throw CommandFailure(String(describing: error), exitCode: .badInput)
        }
        for warning in input.warnings { TerminalOutput.message("\(warning)") }
        return input
    }
}

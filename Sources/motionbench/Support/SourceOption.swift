import ArgumentParser
import Foundation
import MotionBench
import MotionSensors

/// The `--source` of a run: the virtual device on a scenario (`synthetic:NAME[,seed=N]`) or a recording
/// (`trace:PATH`, any format `motionbench trace info` reads), read at each case's rate.
enum SourceOption: CustomStringConvertible {
    case synthetic(Scenario, seed: UInt64)
    case trace(ImportedTrace, path: String)

    /// Parses and loads a `--source` value; `defaultSeed` is `--seed`.
    static func load(_ text: String, defaultSeed: UInt64) throws -> SourceOption {
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
            return .synthetic(scenario, seed: seed)
        }
        if text.hasPrefix("trace:") {
            let path = String(text.dropFirst("trace:".count))
            guard !path.isEmpty else { throw ValidationError("--source: trace: needs a path") }
            let imported = try TraceFile.load(path)
            return .trace(imported, path: path)
        }
        throw ValidationError("--source: '\(text)' is neither synthetic:SCENARIO[,seed=N] nor trace:PATH")
    }

    var description: String {
        switch self {
        case let .synthetic(scenario, seed): "synthetic:\(scenario.name),seed=\(seed)"
        case let .trace(_, path): "trace:\(path)"
        }
    }

    /// The run's hub over this source.
    func makeHub() -> SensorHub {
        switch self {
        case let .synthetic(scenario, seed): SensorHub(feed: .device(scenario, seed: seed))
        case let .trace(imported, _): SensorHub(feed: .recording(imported.trace))
        }
    }
}

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

    /// Seconds of a scenario the accuracy pass replays: long enough for settled statistics over every
    /// scenario's motions, short enough to score a sweep in seconds.
    static let scoredScenarioSeconds = 60.0

    /// What this source knows to score a workload's outputs against: a scenario's exact truth, or a
    /// recording's truth and recorded competitors on the hub's time base (fitting the lab's yaw offset
    /// and ±10 ms of clock); nil for a recording without truth.
    func accuracyReference(hub: SensorHub) -> AccuracyReference? {
        switch self {
        case let .synthetic(scenario, _):
            return AccuracyReference(truth: .scenario(scenario), alignment: .exact, duration: Self.scoredScenarioSeconds)
        case let .trace(imported, _):
            let trace = imported.trace
            guard !trace.truth.isEmpty, let origin = hub.origin, let duration = hub.duration else { return nil }
            func fromOrigin(_ samples: [GroundTruth]) -> [GroundTruth] {
                samples.map { sample in
                    var sample = sample
                    sample.time -= origin
                    return sample
                }
            }
            let competitors = trace.estimates.map { RecordedEstimate(id: $0.id, label: $0.label, samples: fromOrigin($0.samples)) }
            return AccuracyReference(truth: .recorded(fromOrigin(trace.truth)), competitors: competitors, alignment: .motionCaptureLab, duration: duration)
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

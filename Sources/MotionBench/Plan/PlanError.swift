import Foundation
import MotionResults
import MotionSensors
import MotionWorkloads

/// Why a request cannot be planned or a case cannot be fed. Each names the part of the request at
/// fault (`fields`), which a command line maps to its own spelling; the library spells no flag.
public enum PlanError: Error, Equatable, CustomStringConvertible {
    /// No workload of the catalogue has this name.
    case unknownWorkload(String, known: [String])
    /// A rate outside (0, `BenchmarkPlan.maximumRateHz`].
    case rateOutOfRange(Double)
    /// A rate below the lowest at which an animating workload runs in virtual time.
    case rateTooLowForFrames(Double, workload: String, lowest: Double, displayRateHz: Double)
    /// The recording's own timing, asked of a source that is no recording.
    case recordedTimingNeedsRecording
    /// An empty list of rates, filters or modes.
    case nothingGiven(PlanField)
    /// No selected workload has this filter.
    case unknownFilter(String, known: [String])
    /// A named workload has none of the filters asked for, so it would run nothing.
    case workloadLacksFilters(workload: String, filters: [String], known: [String])
    /// No selected workload has this parameter.
    case unknownParameter(String, known: [String])
    /// A named workload lacks this parameter; `known` are those it has.
    case workloadLacksParameter(workload: String, parameter: String, known: [String])
    /// A parameter's value is outside its range, or not whole where it must be.
    case parameterValueOutOfRange(parameter: WorkloadParameter, value: Double)
    /// A parameter that tunes only filters none of which was selected.
    case parameterTunesNoSelectedFilter(parameter: String, workload: String, filters: [String])
    /// A duration that is not positive.
    case durationNotPositive(Double)
    /// A duration asked for that is longer than the recording.
    case durationLongerThanRecording(Double, available: Double)
    /// A sample count that is not positive.
    case sampleCountNotPositive(Int)
    /// A repetition count outside 1 … `BenchmarkPlan.mostRepetitions`.
    case repetitionsOutOfRange(Int)
    /// A display rate outside (0, 240] Hz.
    case displayRateOutOfRange(Double)
    /// A plan larger than `BenchmarkPlan.mostCases`.
    case tooManyCases(Double)
    /// The source lacks sensors a workload needs.
    case sourceLacksSensors(workload: String, missing: [SensorKind], source: String)
    /// A shard outside 1 … `count`, or a count outside 1 … `Plan.mostShards`.
    case shardOutOfRange(index: Int, count: Int)
    /// A pattern of a `CaseSelection` that is not a regular expression, and why.
    case invalidPattern(String, field: PlanField, reason: String)
    /// A `CaseSelection` that leaves none of the plan's cases (`planned`, by name).
    case selectionMatchesNothing(include: [String], skip: [String], planned: [String])

    /// The parts of the request at fault.
    public var fields: [PlanField] {
        switch self {
        case .unknownWorkload: [.workloads]
        case .rateOutOfRange, .rateTooLowForFrames, .recordedTimingNeedsRecording: [.rates]
        case let .nothingGiven(field): [field]
        case .unknownFilter, .workloadLacksFilters: [.filters]
        case .unknownParameter, .workloadLacksParameter, .parameterValueOutOfRange, .parameterTunesNoSelectedFilter: [.parameters]
        case .durationNotPositive, .durationLongerThanRecording: [.duration]
        case .sampleCountNotPositive: [.samples]
        case .repetitionsOutOfRange: [.repetitions]
        case .displayRateOutOfRange: [.displayRate]
        case .tooManyCases: [.rates, .filters, .parameters, .repetitions]
        case .sourceLacksSensors: [.source]
        case .shardOutOfRange: [.shard]
        case let .invalidPattern(_, field, _): [field]
        case let .selectionMatchesNothing(include, skip, _): (include.isEmpty ? [] : [.select]) + (skip.isEmpty ? [] : [.skip])
        }
    }

    /// What is wrong, in a sentence that names no flag.
    public var reason: String {
        let spell = CaseIdentity.spelling
        let suggestion = NameSuggestion.didYouMean
        switch self {
        case let .unknownWorkload(name, known):
            return "unknown workload '\(name)'\(suggestion(name, known)) (known: \(known.joined(separator: ", ")))"
        case let .rateOutOfRange(rate):
            return "\(rate) Hz is outside (0, \(spell(BenchmarkPlan.maximumRateHz))] Hz"
        case let .rateTooLowForFrames(rate, workload, lowest, displayRateHz):
            return "\(spell(rate)) Hz is below \(spell(lowest)) Hz, the lowest rate at which \(workload) runs in virtual time with "
                + "\(spell(displayRateHz)) Hz frames (at most \(spell(VirtualTimeCase.mostFramesPerTick)) frames a sample tick)"
        case .recordedTimingNeedsRecording:
            return "native needs a recording"
        case let .nothingGiven(field):
            return "no \(field.noun) given"
        case let .unknownFilter(filter, known):
            return "no selected workload has filter '\(filter)'\(suggestion(filter, known)) (known: \(known.joined(separator: ", ")))"
        case let .workloadLacksFilters(workload, filters, known):
            let asked =
                filters.count == 1
                ? "no filter '\(filters[0])'\(suggestion(filters[0], known))"
                : "none of the filters \(filters.map { "'\($0)'" }.joined(separator: ", "))"
            return "workload '\(workload)' has \(asked) (known: \(known.joined(separator: ", ")))"
        case let .unknownParameter(parameter, known):
            let list = known.isEmpty ? "the selected workloads have none" : "known: \(known.joined(separator: ", "))"
            return "no selected workload has parameter '\(parameter)'\(suggestion(parameter, known)) (\(list))"
        case let .workloadLacksParameter(workload, parameter, known):
            let list = known.isEmpty ? "it has none" : "known: \(known.joined(separator: ", "))"
            return "workload '\(workload)' has no parameter '\(parameter)'\(suggestion(parameter, known)) (\(list))"
        case let .parameterValueOutOfRange(parameter, value):
            let range = "\(spell(parameter.range.lowerBound))…\(spell(parameter.range.upperBound))"
            let problem = parameter.range.contains(value) ? "is not a whole number (range \(range))" : "is outside \(range)"
            return "\(parameter.name)=\(spell(value)) \(problem)"
        case let .parameterTunesNoSelectedFilter(parameter, workload, filters):
            return "\(parameter) tunes \(workload)'s \(filters.joined(separator: ", ")) only, and no filter selected is one of them"
        case let .durationNotPositive(seconds):
            return "\(seconds) s is not a positive duration"
        case let .durationLongerThanRecording(seconds, available):
            return "\(spell(seconds)) s is longer than the trace's \(String(format: "%.1f", available)) s"
        case let .sampleCountNotPositive(count):
            return "\(count) is not a positive sample count"
        case let .repetitionsOutOfRange(count):
            return "\(count) is not a count in 1...\(BenchmarkPlan.mostRepetitions)"
        case let .displayRateOutOfRange(rate):
            return "\(rate) Hz is outside (0, 240] Hz"
        case let .tooManyCases(count):
            let shown = count < 1e15 ? String(Int(count)) : "over 10^15"
            return "the plan would hold \(shown) cases; at most \(BenchmarkPlan.mostCases)"
        case let .sourceLacksSensors(workload, missing, source):
            return "\(source) has no \(missing.map(\.rawValue).joined(separator: ", ")), which \(workload) needs"
        case let .shardOutOfRange(index, count):
            guard (1...Plan.mostShards).contains(count) else { return "\(count) shards is not a count in 1...\(Plan.mostShards)" }
            return "shard \(index) of \(count) is not one of 1...\(count)"
        case let .invalidPattern(pattern, _, reason):
            return "'\(pattern)' is not a regular expression: \(reason)"
        case let .selectionMatchesNothing(_, _, planned):
            let shown = planned.prefix(8).joined(separator: ", ") + (planned.count > 8 ? ", …" : "")
            return "no case is left of the plan's \(planned.count) (\(shown)); a case's name is workload/RATE/filter[/parameter:value…]/mode"
        }
    }

    /// The fields and the reason: `rates: 20000.0 Hz is outside (0, 10000] Hz`.
    public var description: String {
        "\(fields.map(\.rawValue).joined(separator: ", ")): \(reason)"
    }
}

/// A part of a `PlanRequest`, as a `PlanError` names it.
public enum PlanField: String, Sendable, CaseIterable {
    case workloads, rates, filters, parameters, modes, duration, samples, repetitions, displayRate, source, shard, select, skip

    /// How a reason names it in "no … given".
    var noun: String {
        switch self {
        case .rates: "rate"
        case .filters: "filter"
        case .modes: "mode"
        case .workloads: "workload"
        default: rawValue
        }
    }
}

import MotionBench

extension PlanError {
    /// The message the command line prints: the flag at fault, then the library's reason.
    var commandLineMessage: String {
        switch self {
        case .recordedTimingNeedsRecording:
            "\(PlanField.rates.flag): \(reason) (--source trace:PATH)"
        default:
            "\(fields.map(\.flag).joined(separator: ", ")): \(reason)"
        }
    }
}

extension PlanField {
    /// How `run` spells the option that sets it.
    var flag: String {
        switch self {
        case .workloads: "workload"
        case .rates: "--rate"
        case .filters: "--filter"
        case .parameters: "--param"
        case .modes: "--mode"
        case .duration: "--duration"
        case .samples: "--samples"
        case .repetitions: "--repetitions"
        case .displayRate: "--display-rate"
        case .source: "--source"
        case .shard: "--shard"
        case .select: "--select"
        case .skip: "--skip"
        }
    }
}

/// Why a workload could not be created.
public enum WorkloadError: Error, Equatable, CustomStringConvertible {
    /// The filter is not one the workload offers.
    case unknownFilter(workload: String, filter: String, known: [String])
    /// The rate is not a positive finite number.
    case invalidRate(Double)

    /// The reason in a sentence, for the command line.
    public var description: String {
        switch self {
        case let .unknownFilter(workload, filter, known):
            return
                "workload '\(workload)' has no filter '\(filter)'\(NameSuggestion.didYouMean(filter, in: known)) (known: \(known.joined(separator: ", ")))"
        case let .invalidRate(rate):
            return "rate \(rate) Hz is not a positive finite number"
        }
    }
}

import ArgumentParser
import MotionWorkloads

/// Parses `--event-tolerance LABEL=SECONDS` (either side) or `LABEL=BEFORE:AFTER` values (the option
/// may repeat), naming the flag in every error.
enum EventToleranceOption {
    /// The tolerances by label; `known` (the labels the catalogue's workloads declare) catches a
    /// misspelt label when given.
    static func parse(_ values: [String], known: Set<String>? = nil) throws -> [String: EventTolerance] {
        var tolerances: [String: EventTolerance] = [:]
        for value in values {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                throw ValidationError("--event-tolerance: '\(value)' is not label=seconds or label=before:after")
            }
            let label = String(value[..<equals])
            guard tolerances[label] == nil else { throw ValidationError("--event-tolerance: \(label) is given twice") }
            if let known, !known.contains(label) {
                let detected = known.isEmpty ? "none" : known.sorted().joined(separator: ", ")
                throw ValidationError(
                    "--event-tolerance: no workload detects '\(label)'\(NameSuggestion.didYouMean(label, in: known.sorted())) (detected: \(detected))"
                )
            }
            let sides = value[value.index(after: equals)...].split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
            guard (1...2).contains(sides.count), sides.allSatisfy({ $0.map { $0 >= 0 && $0.isFinite } ?? false }) else {
                throw ValidationError(
                    "--event-tolerance \(label): '\(value[value.index(after: equals)...])' is not seconds or before:after, each a number ≥ 0")
            }
            tolerances[label] = EventTolerance(before: sides[0]!, after: sides[sides.count - 1]!)
        }
        return tolerances
    }
}

/// One object of Google Benchmark's `benchmarks` array: a repetition (`run_type` "iteration") or a
/// statistic over a case's repetitions (`run_type` "aggregate"), with user counters as extra keys.
struct GoogleBenchmarkEntry: Encodable, Equatable {
    /// A statistic Google Benchmark computes over repetitions, named as it names them.
    enum Aggregate: String, CaseIterable {
        case mean, median, stddev, cv
    }

    /// The case's name, `_mean`… appended for an aggregate.
    var name: String
    /// The case's workload's index, and the case's index within that workload: Google Benchmark's
    /// family and instance, by which compare.py orders what it prints.
    var familyIndex: Int
    var perFamilyInstanceIndex: Int
    /// The case's name.
    var runName: String
    /// nil for a repetition.
    var aggregate: Aggregate?
    var repetitions: Int
    /// 0-based; nil for an aggregate.
    var repetitionIndex: Int?
    /// Sample ticks for a repetition; the repetitions summarised for an aggregate.
    var iterations: Int
    /// Wall and CPU nanoseconds per sample tick (for the coefficient of variation, a fraction).
    var realTime: Double
    var cpuTime: Double
    /// Counters by name; a figure the case lacks is absent, never 0.
    var counters: [String: Double]

    func encode(to encoder: Encoder) throws {
        var object = encoder.container(keyedBy: JSONKey.self)
        try object.encode(name, forKey: JSONKey("name"))
        try object.encode(familyIndex, forKey: JSONKey("family_index"))
        try object.encode(perFamilyInstanceIndex, forKey: JSONKey("per_family_instance_index"))
        try object.encode(runName, forKey: JSONKey("run_name"))
        try object.encode(aggregate == nil ? "iteration" : "aggregate", forKey: JSONKey("run_type"))
        try object.encode(repetitions, forKey: JSONKey("repetitions"))
        try object.encodeIfPresent(repetitionIndex, forKey: JSONKey("repetition_index"))
        try object.encode(1, forKey: JSONKey("threads"))
        if let aggregate {
            try object.encode(aggregate.rawValue, forKey: JSONKey("aggregate_name"))
            // Google Benchmark's unit of an aggregate: the coefficient of variation is a ratio, the rest times.
            try object.encode(aggregate == .cv ? "percentage" : "time", forKey: JSONKey("aggregate_unit"))
        }
        try object.encode(iterations, forKey: JSONKey("iterations"))
        try object.encode(realTime, forKey: JSONKey("real_time"))
        try object.encode(cpuTime, forKey: JSONKey("cpu_time"))
        try object.encode("ns", forKey: JSONKey("time_unit"))
        for (name, value) in counters { try object.encode(value, forKey: JSONKey(name)) }
    }
}

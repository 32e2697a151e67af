import MotionWorkloads

/// What a user asked to run, before it is checked and expanded into cases.
public struct PlanRequest: Sendable, Equatable {
    /// Workload names; empty means every registered workload (`--all`).
    public var workloads: [String]
    /// Rates in Hz; nil means each workload's default rates.
    public var rates: [Double]?
    /// Filters; nil means each workload's default filters.
    public var filters: [String]?
    /// Modes to run each case in.
    public var modes: [RunMode]
    /// Real-time case length, seconds.
    public var durationSeconds: Double
    /// Virtual-time samples per case.
    public var sampleCount: Int
    /// Wall seconds a virtual-time case may take, feeding fewer samples if needed; nil feeds exactly
    /// `sampleCount`.
    public var virtualBudgetSeconds: Double?
    /// Repetitions of every case.
    public var repetitions: Int
    /// Display rate for animating workloads (60 or 120 on an iPhone).
    public var displayRateHz: Double
    /// Seed for the synthetic source and the workloads.
    public var seed: UInt64
    /// Values to sweep for workload parameters, by name (`--param shapes=1,10`); a parameter not named
    /// sweeps its own default values.
    public var parameters: [String: [Double]]

    /// Creates a request.
    public init(
        workloads: [String], rates: [Double]?, filters: [String]?, modes: [RunMode],
        durationSeconds: Double, sampleCount: Int, repetitions: Int, displayRateHz: Double = 60, seed: UInt64 = 1,
        parameters: [String: [Double]] = [:], virtualBudgetSeconds: Double? = nil
    ) {
        self.workloads = workloads
        self.rates = rates
        self.filters = filters
        self.modes = modes
        self.durationSeconds = durationSeconds
        self.sampleCount = sampleCount
        self.repetitions = repetitions
        self.displayRateHz = displayRateHz
        self.seed = seed
        self.parameters = parameters
        self.virtualBudgetSeconds = virtualBudgetSeconds
    }
}

/// A request that cannot be planned; `flag` names the command-line option at fault.
public struct PlanError: Error, Equatable, CustomStringConvertible {
    /// The option at fault, e.g. `--rate`.
    public var flag: String
    /// What is wrong.
    public var reason: String
    public var description: String { "\(flag): \(reason)" }
}

/// Expands a request into the matrix workload × rate × filter × mode × repetition.
public enum BenchmarkPlan {
    /// The highest rate accepted: beyond it the pacer's wake-up cost dominates what is measured.
    public static let maximumRateHz = 10_000.0

    /// The most repetitions of a case a run takes.
    public static let mostRepetitions = 1000

    /// The most cases a plan holds: far more than a day's run, and few enough that a plan swept from a
    /// long command line is refused before it is built rather than filling memory.
    public static let mostCases = 100_000

    /// Checks `request` and lists its cases, repetition outermost so slow drifts of a noisy machine
    /// spread over every case instead of landing on one.
    public static func cases(for request: PlanRequest) throws -> [CaseSpec] {
        let descriptors = try selectedDescriptors(request.workloads)
        try validate(request)
        var perRepetition: [CaseSpec] = []
        for descriptor in descriptors {
            let filters = try filters(for: descriptor, requested: request.filters, explicit: !request.workloads.isEmpty)
            if !request.workloads.isEmpty, let idle = descriptor.parameters.first(where: { parameter in
                request.parameters[parameter.name] != nil && !filters.contains(where: parameter.applies)
            }) {
                throw PlanError(flag: "--param", reason: "\(idle.name) tunes \(descriptor.name)'s \((idle.filters ?? []).joined(separator: ", ")) only, and no filter selected is one of them")
            }
            for rate in request.rates ?? descriptor.defaultRates {
                for filter in filters {
                    let sweeps = try parameterSweeps(for: descriptor, filter: filter, requested: request.parameters, explicit: !request.workloads.isEmpty)
                    for parameters in sweeps {
                        for mode in request.modes {
                            perRepetition.append(CaseSpec(
                                workload: descriptor.name, rateHz: rate, filter: filter, mode: mode, repetition: 1,
                                durationSeconds: request.durationSeconds, sampleCount: request.sampleCount,
                                displayRateHz: descriptor.displayRate.map { _ in request.displayRateHz },
                                seed: request.seed, parameters: parameters,
                                virtualBudgetSeconds: request.virtualBudgetSeconds
                            ))
                        }
                    }
                }
            }
        }
        let declared = Set(descriptors.flatMap { $0.parameters.map(\.name) })
        if let unknown = request.parameters.keys.sorted().first(where: { !declared.contains($0) }) {
            let known = declared.isEmpty ? "the selected workloads have none" : "known: \(declared.sorted().joined(separator: ", "))"
            throw PlanError(flag: "--param", reason: "no selected workload has parameter '\(unknown)' (\(known))")
        }
        if let filters = request.filters {
            let offered = Set(descriptors.flatMap(\.filters))
            if let unknown = filters.first(where: { !offered.contains($0) }) {
                throw PlanError(flag: "--filter", reason: "no selected workload has filter '\(unknown)' (known: \(offered.sorted().joined(separator: ", ")))")
            }
        }
        try checkSize(Double(perRepetition.count) * Double(request.repetitions))
        return (1...request.repetitions).flatMap { repetition in
            perRepetition.map { spec in
                var spec = spec
                spec.repetition = repetition
                return spec
            }
        }
    }

    private static func selectedDescriptors(_ names: [String]) throws -> [WorkloadDescriptor] {
        let all = WorkloadRegistry.all.map { $0.descriptor }
        guard !names.isEmpty else { return all }
        var seen = Set<String>()
        return try names.compactMap { name in
            guard let descriptor = all.first(where: { $0.name == name }) else {
                throw PlanError(flag: "workload", reason: "unknown workload '\(name)' (known: \(all.map(\.name).joined(separator: ", ")))")
            }
            return seen.insert(name).inserted ? descriptor : nil
        }
    }

    /// Refuses a plan of more than `mostCases` cases.
    private static func checkSize(_ count: Double) throws {
        guard count <= Double(mostCases) else {
            throw PlanError(
                flag: "--rate, --filter, --param, --repetitions",
                reason: "the plan would hold \(Format.significant(count, 3)) cases; at most \(mostCases)")
        }
    }

    private static func validate(_ request: PlanRequest) throws {
        // Parameter sweeps multiply: check the product before building it.
        try checkSize(request.parameters.values.reduce(Double(request.repetitions)) { $0 * Double($1.count) })
        for rate in request.rates ?? [] where !(rate > 0 && rate <= maximumRateHz) {
            throw PlanError(flag: "--rate", reason: "\(rate) Hz is outside (0, \(Int(maximumRateHz))] Hz")
        }
        if request.rates?.isEmpty == true { throw PlanError(flag: "--rate", reason: "no rate given") }
        if request.filters?.isEmpty == true { throw PlanError(flag: "--filter", reason: "no filter given") }
        guard request.durationSeconds > 0, request.durationSeconds.isFinite else {
            throw PlanError(flag: "--duration", reason: "\(request.durationSeconds) s is not a positive duration")
        }
        guard request.sampleCount > 0 else {
            throw PlanError(flag: "--samples", reason: "\(request.sampleCount) is not a positive sample count")
        }
        guard (1...BenchmarkPlan.mostRepetitions).contains(request.repetitions) else {
            throw PlanError(flag: "--repetitions", reason: "\(request.repetitions) is not a count in 1...\(BenchmarkPlan.mostRepetitions)")
        }
        guard !request.modes.isEmpty else { throw PlanError(flag: "--mode", reason: "no mode given") }
        guard request.displayRateHz > 0, request.displayRateHz <= 240 else {
            throw PlanError(flag: "--display-rate", reason: "\(request.displayRateHz) Hz is outside (0, 240] Hz")
        }
    }

    /// Every combination of one workload's parameter values for one filter: the values asked for, or
    /// each parameter's default sweep. A parameter neither asked for nor swept by default, or that does
    /// not tune this filter, is left out of the cases (the workload takes its default), so labels name
    /// only what varies or was chosen. A workload named explicitly must declare every parameter asked for.
    private static func parameterSweeps(
        for descriptor: WorkloadDescriptor, filter: String, requested: [String: [Double]], explicit: Bool
    ) throws -> [[String: Double]] {
        if explicit, let missing = requested.keys.sorted().first(where: { name in !descriptor.parameters.contains { $0.name == name } }) {
            throw PlanError(flag: "--param", reason: "workload '\(descriptor.name)' has no parameter '\(missing)'")
        }
        for parameter in descriptor.parameters {
            for value in requested[parameter.name] ?? [] {
                guard parameter.range.contains(value), !parameter.isInteger || value == value.rounded() else {
                    let kind = parameter.isInteger ? "a whole number" : "a number"
                    throw PlanError(flag: "--param", reason: "\(parameter.name)=\(Format.hertz(value)) is not \(kind) in \(Format.hertz(parameter.range.lowerBound))...\(Format.hertz(parameter.range.upperBound))")
                }
            }
        }
        var combinations: [[String: Double]] = [[:]]
        for parameter in descriptor.parameters
        where parameter.applies(to: filter) && (requested[parameter.name] != nil || parameter.defaultSweep.count > 1) {
            let values = requested[parameter.name] ?? parameter.defaultSweep
            combinations = combinations.flatMap { partial in
                values.map { value in partial.merging([parameter.name: value]) { $1 } }
            }
        }
        return combinations
    }

    /// The filters one workload runs with. A workload named explicitly must offer every filter asked
    /// for; under `--all` a workload runs the asked-for filters it has, and is left out if it has none.
    private static func filters(for descriptor: WorkloadDescriptor, requested: [String]?, explicit: Bool) throws -> [String] {
        guard let requested else { return descriptor.defaultFilters }
        let offered = requested.filter(descriptor.filters.contains)
        if explicit, let missing = requested.first(where: { !descriptor.filters.contains($0) }) {
            throw PlanError(flag: "--filter", reason: "workload '\(descriptor.name)' has no filter '\(missing)' (known: \(descriptor.filters.joined(separator: ", ")))")
        }
        return offered
    }
}

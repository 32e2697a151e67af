import MotionResults
import MotionWorkloads

/// Expands a request into the matrix workload × rate × filter × parameters × mode × repetition,
/// checked against the catalogue and against what the source can feed.
public enum BenchmarkPlan {
    /// The highest rate accepted: beyond it the pacer's wake-up cost dominates what is measured.
    public static let maximumRateHz = 10_000.0

    /// The most repetitions of a case a run takes.
    public static let mostRepetitions = 1000

    /// The most cases a plan holds: far more than a day's run, and few enough that a plan swept from a
    /// long command line is refused before it is built rather than filling memory.
    public static let mostCases = 100_000

    /// Checks `request` against `catalogue` and `input` and lists its cases (those its selection
    /// picks), repetition outermost so slow drifts of a noisy machine spread over every case instead
    /// of landing on one. A workload
    /// named in the request whose sensors the source lacks is an error; in a run of all it is left
    /// out (`Plan.leftOut`). Throws `PlanError`.
    public static func plan(_ request: PlanRequest, catalogue: WorkloadCatalogue, input: RunInput) throws -> Plan {
        let descriptors = try selectedDescriptors(request.workloads, in: catalogue)
        try validate(request)
        if request.recordedTiming, !input.isRecording { throw PlanError.recordedTimingNeedsRecording }
        let durationSeconds = try durationSeconds(request, input: input)
        let sampleCount = request.sampleCount ?? request.defaultSampleCount
        let explicit = !request.workloads.isEmpty
        // A filter asked for applies to each selected workload that has it; one that none has is refused
        // (naming the workload when only one is selected).
        if let filters = request.filters {
            let offered = Set(descriptors.flatMap(\.filters))
            if let unknown = filters.first(where: { !offered.contains($0) }) {
                if explicit, descriptors.count == 1 {
                    throw PlanError.workloadLacksFilters(workload: descriptors[0].name, filters: [unknown], known: descriptors[0].filters)
                }
                throw PlanError.unknownFilter(unknown, known: offered.sorted())
            }
        }
        var perRepetition: [CaseSpec] = []
        for descriptor in descriptors {
            let filters = try filters(for: descriptor, requested: request.filters, explicit: explicit)
            if explicit,
                let idle = descriptor.parameters.first(where: { parameter in
                    request.parameters[parameter.name] != nil && !filters.contains(where: parameter.applies)
                })
            {
                throw PlanError.parameterTunesNoSelectedFilter(parameter: idle.name, workload: descriptor.name, filters: idle.filters ?? [])
            }
            for rate in request.rates ?? descriptor.defaultRates {
                for filter in filters {
                    for parameters in try parameterSweeps(for: descriptor, filter: filter, requested: request.parameters, explicit: explicit) {
                        for mode in request.modes {
                            perRepetition.append(
                                CaseSpec(
                                    workload: descriptor.name, rateHz: rate, filter: filter, mode: mode, repetition: 1,
                                    durationSeconds: durationSeconds, sampleCount: sampleCount,
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
            throw PlanError.unknownParameter(unknown, known: declared.sorted())
        }

        let unfed = descriptors.map { ($0.name, input.missingSensors(for: $0)) }.filter { !$0.1.isEmpty }
        if explicit, let (workload, missing) = unfed.min(by: { $0.0 < $1.0 }) {
            throw PlanError.sourceLacksSensors(workload: workload, missing: missing, source: input.source.description)
        }
        let leftOut = Set(unfed.map(\.0))
        perRepetition = perRepetition.filter { !leftOut.contains($0.workload) }
        if request.recordedTiming {
            perRepetition = recordedTiming(perRepetition, catalogue: catalogue, input: input, sampleCount: request.sampleCount)
        }
        perRepetition = try request.selection.select(perRepetition)
        try checkSize(Double(perRepetition.count) * Double(request.repetitions))
        try checkFramesPerTick(perRepetition)
        let cases = (1...request.repetitions).flatMap { repetition in
            perRepetition.map { spec in
                var spec = spec
                spec.repetition = repetition
                return spec
            }
        }
        return Plan(cases: cases, durationSeconds: durationSeconds, sampleCount: sampleCount, leftOut: unfed)
    }

    private static func selectedDescriptors(_ names: [String], in catalogue: WorkloadCatalogue) throws -> [WorkloadDescriptor] {
        let all = catalogue.descriptors
        guard !names.isEmpty else { return all }
        var seen = Set<String>()
        return try names.compactMap { name in
            guard let descriptor = all.first(where: { $0.name == name }) else {
                throw PlanError.unknownWorkload(name, known: all.map(\.name))
            }
            return seen.insert(name).inserted ? descriptor : nil
        }
    }

    /// Refuses a plan of more than `mostCases` cases.
    private static func checkSize(_ count: Double) throws {
        guard count <= Double(mostCases) else { throw PlanError.tooManyCases(count) }
    }

    private static func validate(_ request: PlanRequest) throws {
        // Parameter sweeps multiply: check the product before building it.
        try checkSize(request.parameters.values.reduce(Double(request.repetitions)) { $0 * Double($1.count) })
        for rate in request.rates ?? [] where !(rate > 0 && rate <= maximumRateHz) {
            throw PlanError.rateOutOfRange(rate)
        }
        if request.rates?.isEmpty == true { throw PlanError.nothingGiven(.rates) }
        if request.filters?.isEmpty == true { throw PlanError.nothingGiven(.filters) }
        if let duration = request.durationSeconds, !(duration > 0 && duration.isFinite) { throw PlanError.durationNotPositive(duration) }
        guard request.defaultDurationSeconds > 0, request.defaultDurationSeconds.isFinite else {
            throw PlanError.durationNotPositive(request.defaultDurationSeconds)
        }
        if let count = request.sampleCount, count <= 0 { throw PlanError.sampleCountNotPositive(count) }
        guard request.defaultSampleCount > 0 else { throw PlanError.sampleCountNotPositive(request.defaultSampleCount) }
        guard (1...BenchmarkPlan.mostRepetitions).contains(request.repetitions) else {
            throw PlanError.repetitionsOutOfRange(request.repetitions)
        }
        guard !request.modes.isEmpty else { throw PlanError.nothingGiven(.modes) }
        guard request.displayRateHz > 0, request.displayRateHz <= 240 else {
            throw PlanError.displayRateOutOfRange(request.displayRateHz)
        }
    }

    /// Seconds per real-time case: asked for, or the default; never longer than a recording.
    private static func durationSeconds(_ request: PlanRequest, input: RunInput) throws -> Double {
        guard let available = input.duration else { return request.durationSeconds ?? request.defaultDurationSeconds }
        if let asked = request.durationSeconds, asked > available {
            throw PlanError.durationLongerThanRecording(asked, available: available)
        }
        return min(request.durationSeconds ?? request.defaultDurationSeconds, available)
    }

    /// Refuses a virtual-time case of an animating workload whose ticks would carry more than
    /// `VirtualTimeCase.mostFramesPerTick` frames each.
    private static func checkFramesPerTick(_ cases: [CaseSpec]) throws {
        for spec in cases where spec.mode == .virtual && !spec.recordedTiming {
            guard let displayRate = spec.displayRateHz else { continue }
            let lowest = VirtualTimeCase.lowestRate(displayRate: displayRate)
            if spec.rateHz < lowest {
                throw PlanError.rateTooLowForFrames(spec.rateHz, workload: spec.workload, lowest: lowest, displayRateHz: displayRate)
            }
        }
    }

    /// The cases turned to replay the recording at its own timing: one rate per workload, the recording's
    /// (`RunInput.recordedTiming(of:)`); virtual time feeds the whole recording once unless `sampleCount`
    /// says otherwise. A workload that reads no sensor keeps its own rate.
    private static func recordedTiming(_ cases: [CaseSpec], catalogue: WorkloadCatalogue, input: RunInput, sampleCount: Int?) -> [CaseSpec] {
        var seen = Set<CaseKey>()
        return cases.compactMap { spec in
            guard let descriptor = catalogue.named(spec.workload)?.descriptor,
                let timing = input.recordedTiming(of: input.fedSensors(for: descriptor))
            else { return spec }
            var spec = spec
            spec.recordedTiming = true
            spec.rateHz = timing.rateHz
            spec.sampleCount = sampleCount ?? timing.samples.count
            return seen.insert(CaseKey(spec)).inserted ? spec : nil
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
            throw PlanError.workloadLacksParameter(workload: descriptor.name, parameter: missing, known: descriptor.parameters.map(\.name))
        }
        for parameter in descriptor.parameters {
            for value in requested[parameter.name] ?? [] {
                guard parameter.range.contains(value), !parameter.isInteger || value == value.rounded() else {
                    throw PlanError.parameterValueOutOfRange(parameter: parameter, value: value)
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

    /// The filters one workload runs with: those asked for that it has (a filter asked for applies to
    /// each selected workload that has it; one that none has is refused by the caller). In a run of
    /// all a workload with none of them is left out; a workload named explicitly must have one.
    private static func filters(for descriptor: WorkloadDescriptor, requested: [String]?, explicit: Bool) throws -> [String] {
        guard let requested else { return descriptor.defaultFilters }
        let offered = requested.filter(descriptor.filters.contains)
        if explicit, offered.isEmpty {
            throw PlanError.workloadLacksFilters(workload: descriptor.name, filters: requested, known: descriptor.filters)
        }
        return offered
    }
}

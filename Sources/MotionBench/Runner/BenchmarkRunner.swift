import CSystemShim
import Foundation
import MotionResults
import MotionSensors
import MotionWorkloads
import SystemView

/// Runs a plan's cases one after another and gathers a `RunResult`.
public struct BenchmarkRunner {
    private let harness: CaseHarness
    /// The workloads it runs.
    public let catalogue: WorkloadCatalogue
    private let input: RunInput
    private let eventTolerances: [String: EventTolerance]

    /// Creates a runner of `catalogue`'s workloads fed by `input`, reading the process through
    /// `probe`, sampling at `samplerRateHz`, scoring detected events with `eventTolerances` by label in
    /// place of the ones workloads declare.
    public init(
        probe: ProcessProbe, samplerRateHz: Double = 10, catalogue: WorkloadCatalogue, input: RunInput,
        eventTolerances: [String: EventTolerance] = [:]
    ) {
        harness = CaseHarness(probe: probe, samplerRateHz: samplerRateHz)
        self.catalogue = catalogue
        self.input = input
        self.eventTolerances = eventTolerances
    }

    /// Progress as each case starts: its 1-based index, the total, and the seconds still expected.
    public struct Progress {
        /// The case about to run.
        public var spec: CaseSpec
        /// 1-based position of the case.
        public var index: Int
        /// Number of cases in the run.
        public var total: Int
        /// Estimated seconds left, this case included.
        public var remainingSeconds: Double
    }

    /// Runs every case in order, after the harness's floor (`harnessFloor`, a case of `HarnessFloor`;
    /// nil measures none) and, when `wakeFloors`, with the wake floor of each real-time case's pacing
    /// measured in each repetition just before the first case of that pacing and just after the last.
    /// Before each case it asks `stopRequested`: a cause (e.g. `SIGINT`) ends the run there, scored
    /// and marked interrupted, so the case in flight always finishes. After each case it hands
    /// `checkpoint` the run so far, marked in progress, for a caller that keeps finished cases safe on
    /// disk.
    public func run(
        _ cases: [CaseSpec], settings: RunSettings, harnessFloor: CaseSpec? = nil, wakeFloors: Bool = false,
        progress: (Progress) -> Void = { _ in }, stopRequested: () -> String? = { nil }, checkpoint: (RunResult) throws -> Void = { _ in }
    ) throws -> RunResult {
        let startedAt = RunResult.timestamp(Date())
        let environment = RunEnvironment.current()
        let floor = try harnessFloor.map { try HarnessFloor.measure($0, harness: harness) }
        let floorPlan = try WakeFloorPlan(cases, keys: wakeFloors ? cases.map(wakeFloorKey) : cases.map { _ in nil })
        var floors: [CaseResult] = []
        var results: [CaseResult] = []
        var estimator = DurationEstimator()
        var stopCause: String?
        for (offset, spec) in cases.enumerated() {
            if let cause = stopRequested() {
                stopCause = cause
                break
            }
            progress(
                Progress(
                    spec: spec, index: offset + 1, total: cases.count,
                    remainingSeconds: estimator.remaining(cases[offset...], wakeFloorSeconds: floorPlan.secondsLeft(from: offset))))
            let setup = try prepare(spec)
            func measureWakeFloor() throws {
                floors.append(
                    try HarnessFloor.measureWake(HarnessFloor.wakeSpec(beside: spec), sensors: setup.sensors, input: setup.input, harness: harness))
            }
            if floorPlan.before[offset] { try measureWakeFloor() }
            let caseStart = Date()
            results.append(try run(spec, setup))
            estimator.learn(spec, seconds: Date().timeIntervalSince(caseStart))
            if floorPlan.after[offset] { try measureWakeFloor() }
            if offset + 1 < cases.count {
                var partial = RunResult(
                    startedAt: startedAt, finishedAt: RunResult.timestamp(Date()), environment: environment, settings: settings,
                    cases: results, interruption: RunInterruption(state: .inProgress, plannedCases: cases.count))
                partial.harnessFloor = floor
                partial.wakeFloors = floors.isEmpty ? nil : floors
                try checkpoint(partial)
                mb_return_free_memory()
            }
        }
        let accuracy = try scoreAccuracy(of: Array(cases.prefix(results.count)))
        var result = RunResult(
            startedAt: startedAt, finishedAt: RunResult.timestamp(Date()),
            environment: environment, settings: settings, cases: results, accuracy: accuracy,
            interruption: stopCause.map { RunInterruption(state: .interrupted, signal: $0, plannedCases: cases.count) }
        )
        result.harnessFloor = floor
        result.wakeFloors = floors.isEmpty ? nil : floors
        return result
    }

    /// Runs one case.
    public func run(_ spec: CaseSpec) throws -> CaseResult {
        try run(spec, prepare(spec))
    }

    /// Runs one case made ready by `prepare`, noting the sensors it was fed.
    private func run(_ spec: CaseSpec, _ setup: CaseSetup) throws -> CaseResult {
        var result: CaseResult
        switch spec.mode {
        case .realtime:
            result = try RealTimeCase(harness: harness).run(spec, makeWorkload: setup.makeWorkload, sensors: setup.sensors, input: setup.input)
        case .virtual:
            result = try VirtualTimeCase(harness: harness).run(spec, makeWorkload: setup.makeWorkload, sensors: setup.sensors, input: setup.input)
        }
        result.sensors = setup.sensors.map(\.rawValue)
        return result
    }

    /// A real-time case's wake floor: its pacing in its repetition; nil for a virtual-time case.
    private func wakeFloorKey(_ spec: CaseSpec) throws -> WakeFloorKey? {
        guard let entry = catalogue.named(spec.workload) else {
            throw PlanError.unknownWorkload(spec.workload, known: catalogue.descriptors.map(\.name))
        }
        return WakePacing(spec, sensorCount: input.fedSensors(for: entry.descriptor).count).map {
            WakeFloorKey(pacing: $0, repetition: spec.repetition)
        }
    }

    /// Which wake floor serves a case: one per pacing and repetition.
    private struct WakeFloorKey: Hashable {
        var pacing: WakePacing
        var repetition: Int
    }

    /// Where a run measures its wake floors: before the first case of each floor and after its last.
    private struct WakeFloorPlan {
        /// Whether the floor is measured just before each case.
        var before: [Bool]
        /// Whether it is measured just after each case.
        var after: [Bool]
        /// Seconds of floor measurements from each case on.
        private var secondsFrom: [Double]

        /// The plan of `cases`, whose floors are `keys` (nil: none).
        init(_ cases: [CaseSpec], keys: [WakeFloorKey?]) {
            var first: [WakeFloorKey: Int] = [:], last: [WakeFloorKey: Int] = [:]
            for (index, key) in keys.enumerated() {
                guard let key else { continue }
                if first[key] == nil { first[key] = index }
                last[key] = index
            }
            before = keys.enumerated().map { index, key in key.map { first[$0] == index } ?? false }
            after = keys.enumerated().map { index, key in key.map { last[$0] == index } ?? false }
            secondsFrom = Array(repeating: 0, count: cases.count + 1)
            for index in cases.indices.reversed() {
                let measurements = (before[index] ? 1.0 : 0) + (after[index] ? 1 : 0)
                secondsFrom[index] = secondsFrom[index + 1] + measurements * cases[index].durationSeconds / 2
            }
        }

        /// Seconds of floor measurements still to take from case `offset` on.
        func secondsLeft(from offset: Int) -> Double { secondsFrom[offset] }
    }

    /// Scores each distinct case (`CaseIdentity`) whose workload estimates something, or detects
    /// events, its source has the truth of, once whatever its modes and repetitions, and after a
    /// workload's first such case, each recorded estimate that competes with it.
    public func scoreAccuracy(of cases: [CaseSpec]) throws -> [AccuracyResult] {
        var results: [AccuracyResult] = []
        var scored = Set<CaseIdentity>()
        var competed = Set<String>()
        for spec in cases {
            guard let descriptor = catalogue.named(spec.workload)?.descriptor, !descriptor.estimates.isEmpty || !descriptor.events.isEmpty,
                scored.insert(spec.identity).inserted
            else { continue }
            let setup = try prepare(spec, recordingEvents: true)
            guard let reference = setup.input.reference else { continue }
            let scorer = AccuracyScorer(reference: reference)
            let pass = AccuracyPass.run(
                spec, workload: try setup.makeWorkload(), animates: descriptor.displayRate != nil, sensors: setup.sensors,
                input: setup.input, seconds: reference.duration)
            var measures = scorer.score(pass.series, final: pass.final)
            measures.events = EventScorer(reference: reference).score(pass.events, kinds: descriptor.events, tolerances: eventTolerances)
            if !measures.isEmpty {
                results.append(
                    AccuracyResult(
                        workload: spec.workload, rateHz: spec.rateHz, filter: spec.filter, parameters: spec.parameters,
                        recordedTiming: spec.recordedTiming, measures: measures))
            }
            guard competed.insert(spec.workload).inserted else { continue }
            for competitor in reference.competitors {
                let series = competitor.samples.filter { $0.time >= 0 && $0.time <= reference.duration }
                let measures = scorer.score(series)
                let window = reference.scoredWindow
                let inWindow = series.filter { window.contains($0.time) }.count
                guard !measures.isEmpty, window.upperBound > window.lowerBound else { continue }
                results.append(
                    AccuracyResult(
                        workload: spec.workload, rateHz: Double(inWindow) / (window.upperBound - window.lowerBound),
                        filter: AccuracyResult.competitorName(forEstimate: competitor.id),
                        recordedEstimate: competitor.id, measures: measures))
            }
        }
        return results
    }

    /// What running a case takes.
    struct CaseSetup {
        /// Its workload's catalogue entry.
        var entry: WorkloadCatalogue.Entry
        /// Makes its workload.
        var makeWorkload: () throws -> any WorkloadInstance
        /// Its input.
        var input: CaseInput
        /// The sensors to feed: the ones the workload needs, and the optional ones the source has.
        var sensors: [SensorKind]
    }

    /// What running `spec` takes (`CaseSetup`); workloads that keep the events they detect when
    /// `recordingEvents` (the accuracy replay), never on a measured run.
    func prepare(_ spec: CaseSpec, recordingEvents: Bool = false) throws -> CaseSetup {
        guard let entry = catalogue.named(spec.workload) else {
            throw PlanError.unknownWorkload(spec.workload, known: catalogue.descriptors.map(\.name))
        }
        let descriptor = entry.descriptor
        let missing = input.missingSensors(for: descriptor)
        guard missing.isEmpty else {
            throw PlanError.sourceLacksSensors(workload: spec.workload, missing: missing, source: input.source.description)
        }
        let sensors = input.fedSensors(for: descriptor)
        let caseInput = try input.input(for: spec, sensors: sensors)
        let configuration = WorkloadConfiguration(
            rate: spec.rateHz, filter: spec.filter, displayRate: spec.displayRateHz ?? 60, seed: spec.seed,
            parameters: spec.parameters, sweptParameters: Set(spec.parameters.keys), calibration: caseInput.calibration,
            recordsEvents: recordingEvents
        )
        return CaseSetup(entry: entry, makeWorkload: { try entry.make(configuration) }, input: caseInput, sensors: sensors)
    }
}

/// Expects a real-time case to take its duration and a virtual one as long as the virtual cases so far.
struct DurationEstimator {
    private var virtualSeconds: [Double] = []
    /// Set-up and sampler stop around each case, learned from real-time cases.
    private var overheadSeconds = 0.1

    mutating func learn(_ spec: CaseSpec, seconds: Double) {
        switch spec.mode {
        case .virtual: virtualSeconds.append(seconds)
        case .realtime: overheadSeconds = max(0, seconds - spec.durationSeconds)
        }
    }

    /// Seconds `cases` are expected to take, with `wakeFloorSeconds` of wake floors still to measure.
    func remaining(_ cases: ArraySlice<CaseSpec>, wakeFloorSeconds: Double = 0) -> Double {
        let virtual = virtualSeconds.isEmpty ? 0.5 : virtualSeconds.reduce(0, +) / Double(virtualSeconds.count)
        return cases.reduce(wakeFloorSeconds) { total, spec in
            total + (spec.mode == .realtime ? spec.durationSeconds + overheadSeconds : virtual)
        }
    }
}

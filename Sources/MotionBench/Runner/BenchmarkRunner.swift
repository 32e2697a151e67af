import CSystemShim
import Dispatch
import Foundation
import MotionResults
import MotionSensors
import MotionWorkloads
import SystemView

/// Runs a plan's cases one after another and gathers a `RunResult`. A runner measures one case at a
/// time: it keeps the last virtual-time case's replay for the next one fed the same input.
public struct BenchmarkRunner {
    private let harness: CaseHarness
    /// The workloads it runs.
    public let catalogue: WorkloadCatalogue
    private let input: RunInput
    private let eventTolerances: [String: EventTolerance]
    private let lastReplay = LastReplay()

    /// Creates a runner of `catalogue`'s workloads fed by `input`, reading the process through
    /// `probe`, sampling at `samplerRateHz`, scoring detected events with `eventTolerances` by label in
    /// place of the ones workloads declare, each case kept within `bounds`.
    public init(
        probe: ProcessProbe, samplerRateHz: Double = 10, catalogue: WorkloadCatalogue, input: RunInput,
        eventTolerances: [String: EventTolerance] = [:], bounds: CaseBounds = CaseBounds()
    ) {
        harness = CaseHarness(probe: probe, samplerRateHz: samplerRateHz, bounds: bounds)
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
    /// and marked interrupted; the case in flight finishes, unless it runs on past the bounds' grace,
    /// when it is left out (`CaseBounds`). As each case finishes (its wake floor after it too) it
    /// hands `caseFinished` the case and the run it belongs to (without its cases, marked in progress,
    /// with the floors measured so far), for a caller that keeps finished cases safe on disk
    /// (`RunJournal`). A case that passes the memory budget or does not return in time ends the run:
    /// it throws `RunHalted`, which holds the finished cases.
    public func run(
        _ cases: [CaseSpec], settings: RunSettings, harnessFloor: CaseSpec? = nil, wakeFloors: Bool = false,
        progress: (Progress) -> Void = { _ in }, stopRequested: () -> String? = { nil },
        caseFinished: (_ result: CaseResult, _ run: RunResult) throws -> Void = { _, _ in }
    ) throws -> RunResult {
        let startedAt = RunResult.timestamp(Date())
        var result = RunResult(
            startedAt: startedAt, finishedAt: startedAt, environment: RunEnvironment.current(), settings: settings, cases: [],
            interruption: RunInterruption(state: .inProgress, plannedCases: cases.count))
        do {
            result.harnessFloor = try harnessFloor.map { try HarnessFloor.measure($0, harness: harness) }
        } catch CaseEnding.stopRequested {
            // Stopped before the first case: the run ends there, with no floor.
        }
        let floorPlan = try WakeFloorPlan(cases, keys: wakeFloors ? cases.map(wakeFloorKey) : cases.map { _ in nil })
        var results: [CaseResult] = []
        results.reserveCapacity(cases.count)
        var estimator = DurationEstimator(cases)
        var stopCause: String?
        for (offset, spec) in cases.enumerated() {
            if let cause = stopRequested() {
                stopCause = cause
                break
            }
            progress(
                Progress(
                    spec: spec, index: offset + 1, total: cases.count,
                    remainingSeconds: estimator.remaining(from: offset, wakeFloorSeconds: floorPlan.secondsLeft(from: offset))))
            let setup = try prepare(spec)
            func measureWakeFloor() throws {
                let floor = try HarnessFloor.measureWake(
                    HarnessFloor.wakeSpec(beside: spec), sensors: setup.sensors, input: setup.input, harness: harness)
                result.wakeFloors = (result.wakeFloors ?? []) + [floor]
            }
            // A case, or a wake floor beside it, stopped by a bound ends the run here; a floor is not
            // begun once a stop is asked for, as it is no result anyone keeps.
            do {
                if floorPlan.before[offset], stopRequested() == nil { try measureWakeFloor() }
                let caseStart = Date()
                results.append(try run(spec, setup))
                estimator.learn(spec, seconds: Date().timeIntervalSince(caseStart))
                if floorPlan.after[offset], stopRequested() == nil { try measureWakeFloor() }
            } catch let ending as CaseEnding {
                // A case that finished before its floor was stopped is kept as every finished case is.
                if results.count > offset { try caseFinished(results[offset], result) }
                if case .stopRequested = ending {
                    stopCause = stopRequested() ?? "a stop request"
                    break
                }
                // Nothing more is run or replayed: the workload may still be running, or hold the memory.
                var halted = result
                halted.cases = results
                halted.finishedAt = RunResult.timestamp(Date())
                halted.interruption = RunInterruption(state: .interrupted, plannedCases: cases.count)
                throw RunHalted(run: halted, reason: ending)
            }
            try caseFinished(results[offset], result)
            // What the case and its keeping freed goes back to the kernel, so the next case's resident
            // figures start from the run's own data.
            mb_return_free_memory()
        }
        result.accuracy = try scoreAccuracy(of: Array(cases.prefix(results.count)))
        result.cases = results
        result.finishedAt = RunResult.timestamp(Date())
        result.interruption = stopCause.map { RunInterruption(state: .interrupted, signal: $0, plannedCases: cases.count) }
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
            result = try VirtualTimeCase(harness: harness).run(
                spec, makeWorkload: setup.makeWorkload, sensors: setup.sensors,
                replay: lastReplay.replay(spec, sensors: setup.sensors, input: setup.input))
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
                secondsFrom[index] = secondsFrom[index + 1] + measurements * HarnessFloor.wakeSeconds(beside: cases[index])
            }
        }

        /// Seconds of floor measurements still to take from case `offset` on.
        func secondsLeft(from offset: Int) -> Double { secondsFrom[offset] }
    }

    /// Scores each distinct case (`CaseIdentity`) whose workload estimates something, or detects
    /// events, its source has the truth of, once whatever its modes and repetitions, and after a
    /// workload's first such case, each recorded estimate that competes with it. Cases fed the same
    /// input (a rate's filters) are replayed together, reading it once (`AccuracyPass`); the replays
    /// run on every core, each workload its own (nothing is being measured by then), and the results
    /// come in the cases' order.
    public func scoreAccuracy(of cases: [CaseSpec]) throws -> [AccuracyResult] {
        // Chosen and prepared in order, on this thread: the input's own bookkeeping is not shared.
        var passes: [AccuracyCase] = []
        var scored = Set<CaseIdentity>()
        var competed = Set<String>()
        for spec in cases {
            guard let descriptor = catalogue.named(spec.workload)?.descriptor, !descriptor.estimates.isEmpty || !descriptor.events.isEmpty,
                scored.insert(spec.identity).inserted
            else { continue }
            let setup = try prepare(spec, recordingEvents: true)
            guard let reference = setup.input.reference else { continue }
            passes.append(
                AccuracyCase(
                    spec: spec, setup: setup, reference: reference, animates: descriptor.displayRate != nil, events: descriptor.events,
                    competes: competed.insert(spec.workload).inserted))
        }
        var groups: [[Int]] = []
        var openGroup: [AccuracyCase.Feed: Int] = [:]
        for (index, pass) in passes.enumerated() {
            if let group = openGroup[pass.feed], groups[group].count < Self.mostCasesPerPass {
                groups[group].append(index)
            } else {
                openGroup[pass.feed] = groups.count
                groups.append([index])
            }
        }
        // The longest passes (the most ticks) first, so no core is left with a long one at the end.
        func ticks(_ group: [Int]) -> Double { passes[group[0]].spec.rateHz * passes[group[0]].reference.duration }
        groups.sort { ticks($0) > ticks($1) }
        var scores = [Result<[AccuracyResult], Error>?](repeating: nil, count: passes.count)
        let pool = AccuracyPass.SeriesPool()
        scores.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes its own group's slots only.
            DispatchQueue.concurrentPerform(iterations: groups.count) { group in
                let members = groups[group].map { passes[$0] }
                let estimates = Result {
                    let first = members[0]
                    return AccuracyPass.run(
                        first.spec, workloads: try members.map { try $0.setup.makeWorkload() }, animate: first.animates,
                        sensors: first.setup.sensors, input: first.setup.input, seconds: first.reference.duration, pool: pool)
                }
                let table = try? TruthTable.shared(members[0].reference, by: estimates.get())
                for (offset, index) in groups[group].enumerated() {
                    slots[index] = estimates.map { score(members[offset], $0[offset], table: table) }
                }
                if let scored = try? estimates.get() { pool.give(scored.map(\.series)) }
            }
        }
        return try scores.flatMap { try $0!.get() }
    }

    /// The most cases one accuracy pass replays together, so a sweep of many parameters at one rate
    /// never holds all its workloads at once.
    static let mostCasesPerPass = 8

    /// A case to score, with what replaying it takes.
    private struct AccuracyCase {
        var spec: CaseSpec
        var setup: CaseSetup
        var reference: AccuracyReference
        var animates: Bool
        var events: [EventKind]
        /// Whether the recorded estimates are scored beside it: its workload's first scored case.
        var competes: Bool

        /// What the events its pass reads depend on (`CaseInput.events`): cases alike in it are fed
        /// the same events.
        struct Feed: Hashable {
            var rateHz: Double
            var recordedTiming: Bool
            var displayRateHz: Double?
            var sensors: [SensorKind]
            var seconds: Double
        }

        var feed: Feed {
            Feed(
                rateHz: spec.rateHz, recordedTiming: spec.recordedTiming, displayRateHz: animates ? spec.displayRateHz : nil, sensors: setup.sensors,
                seconds: reference.duration)
        }
    }

    /// The accuracy of `pass`'s estimates against its reference (read from `table` where it holds
    /// the instant), and, when it competes, of each recorded estimate beside it.
    private func score(_ pass: AccuracyCase, _ estimates: AccuracyPass.Estimates, table: TruthTable?) -> [AccuracyResult] {
        let spec = pass.spec
        let reference = pass.reference
        var results: [AccuracyResult] = []
        let scorer = AccuracyScorer(reference: reference, table: table)
        var measures = scorer.score(estimates.series, final: estimates.final)
        measures.events = EventScorer(reference: reference).score(estimates.events, kinds: pass.events, tolerances: eventTolerances)
        if !measures.isEmpty {
            results.append(
                AccuracyResult(
                    workload: spec.workload, rateHz: spec.rateHz, filter: spec.filter, parameters: spec.parameters,
                    recordedTiming: spec.recordedTiming, measures: measures))
        }
        guard pass.competes else { return results }
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
/// What is left of the plan is summed ahead, once, so each estimate costs the same however long the plan.
struct DurationEstimator {
    /// From each case on: the virtual-time cases, the real-time ones, and their seconds.
    private var ahead: [(virtual: Int, realtime: Int, realtimeSeconds: Double)]
    private var virtualSeconds = 0.0
    private var virtualCases = 0
    /// Set-up and sampler stop around each case, learned from real-time cases.
    private var overheadSeconds = 0.1

    init(_ cases: [CaseSpec]) {
        ahead = Array(repeating: (0, 0, 0), count: cases.count + 1)
        for index in cases.indices.reversed() {
            var next = ahead[index + 1]
            switch cases[index].mode {
            case .virtual: next.virtual += 1
            case .realtime:
                next.realtime += 1
                next.realtimeSeconds += cases[index].durationSeconds
            }
            ahead[index] = next
        }
    }

    mutating func learn(_ spec: CaseSpec, seconds: Double) {
        switch spec.mode {
        case .virtual:
            virtualSeconds += seconds
            virtualCases += 1
        case .realtime: overheadSeconds = max(0, seconds - spec.durationSeconds)
        }
    }

    /// The seconds the cases from `index` on are expected to take, with `wakeFloorSeconds` of wake
    /// floors still to measure.
    func remaining(from index: Int, wakeFloorSeconds: Double = 0) -> Double {
        let virtual = virtualCases == 0 ? 0.5 : virtualSeconds / Double(virtualCases)
        let left = ahead[index]
        return wakeFloorSeconds + Double(left.virtual) * virtual + left.realtimeSeconds + Double(left.realtime) * overheadSeconds
    }
}

/// A run ended by a case that passed the memory budget or did not return in time (`CaseEnding`):
/// the cases finished before it, unscored, for the caller to keep.
public struct RunHalted: Error, CustomStringConvertible {
    /// The finished cases, marked interrupted.
    public var run: RunResult
    /// The case that ended the run, and why.
    public var reason: CaseEnding

    public var description: String { reason.description }
}

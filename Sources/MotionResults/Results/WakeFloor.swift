/// How a real-time case is paced, which is what waking its workload thread costs on a machine: the
/// sample ticks a second (or a recording's own timing), the display frames a second and how many
/// sensors' samples each tick carries. The wake floor, a do-nothing workload paced the same way
/// beside the cases, is matched to a case by it.
public struct WakePacing: Hashable, Sendable {
    /// Sample ticks per second (a recording's own rate with `recordedTiming`).
    public var rateHz: Double
    /// Whether ticks come at a recording's own times.
    public var recordedTiming: Bool
    /// Display frames per second; nil for a workload that does not animate.
    public var displayRateHz: Double?
    /// Samples each tick carries: one per sensor fed.
    public var sensorCount: Int

    /// The pacing of `result`: nil for a virtual-time case, and for one recorded before runs noted the
    /// sensors a case was fed.
    public init?(_ result: CaseResult) {
        guard let sensors = result.sensors else { return nil }
        self.init(result.spec, sensorCount: sensors.count)
    }

    /// The pacing of a case of `spec` fed `sensorCount` sensors; nil for a virtual-time case.
    public init?(_ spec: CaseSpec, sensorCount: Int) {
        guard spec.mode == .realtime else { return nil }
        rateHz = spec.rateHz
        recordedTiming = spec.recordedTiming
        displayRateHz = spec.displayRateHz
        self.sensorCount = sensorCount
    }
}

/// A real-time case's CPU over what the same pacing costs a workload that does nothing (its wake
/// floor): the part of "what a phone pays" that is the feature's own, not this machine's cost of
/// waking a thread for each sample and frame.
///
/// Both are taken in their steady stretch (`CaseResult.steadyWorkloadCpu`), so what a case pays once
/// (starting its threads, touching its code and data the first time, finishing) is left out of both.
/// The floor of a pacing is measured twice in each repetition, before the first case it serves and
/// after the last, and the case is set against their mean. Its resolution counts the case's own
/// noise, the floors' and how far the floor moved between its two measurements, since the machine's
/// cost of a wake drifts with its load.
public struct CostAboveWakeFloor: Sendable, Equatable {
    /// The workload's CPU over the floor's, microseconds per second of real time.
    public var cpuUsPerSecond: Double
    /// The same per sample tick at the case's rate, nanoseconds.
    public var cpuNsPerSample: Double
    /// How far `cpuUsPerSecond` may be off, as a half-width: twice the standard error of the
    /// difference (the case's and the floors' spread between sampler readings, and half the floor's
    /// move between its two measurements).
    public var resolutionUsPerSecond: Double
    /// The resolution of `cpuNsPerSample`, nanoseconds.
    public var resolutionNsPerSample: Double
    /// The floor's own CPU in its steady stretch (the mean of its measurements), microseconds per second.
    public var floorUsPerSecond: Double
    /// The floor's own CPU per sample tick at the rate, nanoseconds.
    public var floorNsPerSample: Double

    /// `result`'s CPU above the mean of `floors` (its wake floor's measurements); nil when there is
    /// none, or the case or a floor is too short for a steady stretch.
    public init?(_ result: CaseResult, floors: [CaseResult]) {
        let levels = floors.compactMap(\.steadyWorkloadCpu)
        let rate = result.spec.rateHz
        guard let own = result.steadyWorkloadCpu, !levels.isEmpty, levels.count == floors.count, rate > 0 else { return nil }
        let count = Double(levels.count)
        let floor = levels.reduce(0) { $0 + $1.usPerSecond } / count
        let floorError = levels.reduce(0) { $0 + $1.standardError * $1.standardError } / (count * count)
        let move = (levels.map(\.usPerSecond).max()! - levels.map(\.usPerSecond).min()!) / 2
        floorUsPerSecond = floor
        floorNsPerSample = floor * 1000 / rate
        cpuUsPerSecond = own.usPerSecond - floor
        cpuNsPerSample = cpuUsPerSecond * 1000 / rate
        resolutionUsPerSecond = 2 * (own.standardError * own.standardError + floorError + move * move).squareRoot()
        resolutionNsPerSample = resolutionUsPerSecond * 1000 / rate
    }

    /// One percent of a core, in microseconds of CPU per second.
    public static let usPerSecondPerPercent = 10_000.0

    /// Each figure's median over `figures` (a case's repetitions); nil for none.
    public static func median(of figures: [CostAboveWakeFloor]) -> CostAboveWakeFloor? {
        guard var median = figures.first else { return nil }
        func middle(_ figure: KeyPath<CostAboveWakeFloor, Double>) -> Double { SampleSummary(figures.map { $0[keyPath: figure] })!.median }
        median.cpuUsPerSecond = middle(\.cpuUsPerSecond)
        median.cpuNsPerSample = middle(\.cpuNsPerSample)
        median.resolutionUsPerSecond = middle(\.resolutionUsPerSecond)
        median.resolutionNsPerSample = middle(\.resolutionNsPerSample)
        median.floorUsPerSecond = middle(\.floorUsPerSecond)
        median.floorNsPerSample = middle(\.floorNsPerSample)
        return median
    }
}

extension CaseResult {
    /// The workload's CPU (its own thread and its workers') in the case's steady stretch, from the
    /// sampler's readings: from the first reading a third of the way into the case to the last but
    /// one, so neither starting (threads, and the first touches of code and data, which take a few
    /// tenths of a second on a shared VM) nor finishing counts. Microseconds per second, with the
    /// standard error of that mean from the spread of the intervals between readings; nil with fewer
    /// than three intervals.
    public var steadyWorkloadCpu: (usPerSecond: Double, standardError: Double)? {
        let own = Set(threads.filter { $0.role == .workload || $0.role == .worker }.map(\.tid))
        let readings = timeseries.map { point in
            (seconds: point.elapsedSeconds, cpuNs: point.threads.reduce(0.0) { own.contains($1.tid) ? $0 + Double($1.cpuNs) : $0 })
        }
        guard readings.count >= 2 else { return nil }
        let steady = readings[..<(readings.count - 1)].drop { $0.seconds < spec.durationSeconds / 3 }
        let rates = zip(steady.dropLast(), steady.dropFirst()).compactMap { from, to in
            to.seconds > from.seconds ? (to.cpuNs - from.cpuNs) / (to.seconds - from.seconds) / 1000 : nil
        }
        guard rates.count >= 3, let summary = SampleSummary(rates), let first = steady.first, let last = steady.last,
            last.seconds > first.seconds
        else { return nil }
        return ((last.cpuNs - first.cpuNs) / (last.seconds - first.seconds) / 1000, summary.standardDeviation / Double(rates.count).squareRoot())
    }
}

extension RunResult {
    /// The measurements of the wake floor beside `result`: its pacing's in its repetition; empty for a
    /// virtual-time case and where the run measured none.
    public func wakeFloors(of result: CaseResult) -> [CaseResult] {
        guard let pacing = WakePacing(result) else { return [] }
        return (wakeFloors ?? []).filter { $0.spec.repetition == result.spec.repetition && WakePacing($0) == pacing }
    }

    /// `result`'s CPU above its wake floor; nil where there is no floor or no steady stretch.
    public func costAboveWakeFloor(of result: CaseResult) -> CostAboveWakeFloor? {
        CostAboveWakeFloor(result, floors: wakeFloors(of: result))
    }

    /// The median over `repetitions` (a case's, in real time) of their CPU above their wake floors;
    /// nil unless every one has it.
    public func costAboveWakeFloor(of repetitions: [CaseResult]) -> CostAboveWakeFloor? {
        let figures = repetitions.compactMap(costAboveWakeFloor(of:))
        return figures.count == repetitions.count ? CostAboveWakeFloor.median(of: figures) : nil
    }
}

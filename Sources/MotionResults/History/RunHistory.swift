/// Many runs lined up by commit: for each case (or accuracy entry) and metric, its figures commit
/// after commit, and the steps found in them (`ChangePointDetection`).
///
/// The runs are first grouped by environment (CPU model, cores, architecture, build configuration,
/// Swift version) and measurement setup (source, the order of magnitude of a virtual-time case's
/// samples, whether instructions were counted): timings from another machine, of another input or
/// over another length are no point on the same line. The group with the most runs is the history;
/// on a tie, the one with the newest run, then the one whose fields (in that order) sort first as
/// text, so the choice never depends on the order the runs were found in. The others are listed as
/// excluded, never mixed in. A commit's place is its commit time (recorded by the run, or else known
/// to the repository), else the earliest start of its runs; a run without a commit has a place of
/// its own at its start. The runs of one commit make one point: every repetition of every run of it.
public struct RunHistory: Sendable {
    /// A run read for the history, and the file it came from.
    public struct Run: Sendable {
        /// The run.json, as found.
        public var path: String
        /// Its content.
        public var result: RunResult

        /// Creates a run of the history.
        public init(path: String, result: RunResult) {
            self.path = path
            self.result = result
        }
    }

    /// Where a point's place in time came from.
    public enum TimeSource: String, Sendable {
        /// The commit's committer time, recorded by its run or asked of the repository.
        case commitTime = "commit time"
        /// The start of the earliest run of the commit: the repository does not have the commit, or
        /// the run recorded none.
        case runStart = "run start"
    }

    /// One place on the history's axis: a commit, with all its runs, or a run without a commit.
    public struct Commit: Sendable, Equatable {
        /// The commit; nil for a run that recorded none.
        public var commit: String?
        /// Seconds since 1970, by which the points are ordered.
        public var time: Int64
        /// Where `time` came from.
        public var timeSource: TimeSource
        /// The run.json files of this point, in the order found.
        public var runs: [String]
        /// Whether a run of this point did not finish its plan.
        public var incomplete: Bool

        /// The commit's first 8 characters, or `no commit` for a run without one.
        public var label: String { commit.map { String($0.prefix(8)) } ?? "no commit" }
    }

    /// A run left out, and why.
    public struct Excluded: Sendable, Equatable {
        /// The file.
        public var path: String
        /// Why it was left out: unreadable, another schema, another environment or measurement setup.
        public var reason: String

        /// Creates the record of a run left out.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// One case's (or accuracy entry's) figure over the commits.
    public struct Series: Sendable {
        /// The case in one mode, or the accuracy entry.
        public var subject: ComparisonSubject
        /// The figure.
        public var metric: ComparedMetric
        /// Point i: every value of the figure at commit i (repetitions of every run); empty where the
        /// commit's runs did not measure it.
        public var values: [[Double]]
        /// The median at each commit; nil where missing.
        public let medians: [Double?]
        /// The steps found.
        public var steps: [ChangePointDetection.Step]
        /// How far a step must go, the worse way, to be flagged as a regression.
        public var minimumChange: MetricTolerance

        /// A series of `values`, its medians taken once (a history of thousands of commits reads them
        /// for every row it shows).
        public init(
            subject: ComparisonSubject, metric: ComparedMetric, values: [[Double]], steps: [ChangePointDetection.Step],
            minimumChange: MetricTolerance
        ) {
            self.subject = subject
            self.metric = metric
            self.values = values
            self.steps = steps
            self.minimumChange = minimumChange
            medians = values.map { $0.isEmpty ? nil : Percentile.of(sorted: $0.sorted(), 0.5) }
        }

        /// Whether `step` is a regression that matters: the worse way (a rise, or a fall of an event
        /// score) and beyond `minimumChange`.
        public func isFlagged(_ step: ChangePointDetection.Step) -> Bool {
            isWorse(step) && minimumChange.isExceeded(by: step.change, from: step.before)
        }

        /// Whether `step` goes the worse way: up, or down for a figure where higher is better.
        public func isWorse(_ step: ChangePointDetection.Step) -> Bool {
            (step.change > 0) != metric.isHigherBetter
        }

        /// The case's name as the exports spell it: `heading/50Hz/mahony/virtual`, or without a mode for
        /// an accuracy entry.
        public var name: String { subject.identity.exportName(mode: subject.mode) }
        /// The commits (indices) that lack the figure.
        public var missing: [Int] { values.indices.filter { values[$0].isEmpty } }
    }

    /// The figures followed, in this order: a case's instructions and allocations per sample where
    /// present, its CPU per sample, peak memory and heap (held, peak, leaked, where counted); an
    /// accuracy entry's errors and event scores.
    public static let metrics: [ComparedMetric] = [
        .instructionsPerSample, .allocationsPerSample, .cpuNsPerSample, .peakRssMiB, .heapHeldBytes, .heapPeakBytes, .heapLeakedBytes,
        .attitudeErrorDeg, .stepErrorPct, .altitudeErrorM, .eventF1, .eventRecall,
    ]

    /// What makes runs comparable, by name: the history's runs share all of them. The first are the
    /// environment, the rest (from the source on) the measurement setup. A virtual-time case's
    /// samples count by their order of magnitude: a case of 2000 samples costs less per sample than
    /// one of 200000 (its start is spread over fewer), while 20000 and 30000 compare.
    static let environmentFields: [(name: String, value: @Sendable (RunResult) -> String)] = [
        ("CPU model", { $0.environment.cpuModel }), ("cores", { String($0.environment.cores) }),
        ("architecture", { $0.environment.architecture }), ("build configuration", { $0.environment.buildConfiguration }),
        ("Swift version", { $0.environment.swiftVersion }), ("source", { $0.settings.source }),
        ("samples per virtual-time case", { samplesClass($0.settings.sampleCount) }),
        ("instructions", { $0.cases.contains { $0.instructionsPerSample != nil } ? "counted" : "not counted" }),
    ]

    /// Where the measurement setup's fields begin in `environmentFields`.
    static let firstSetupField = 5

    /// The order of magnitude of `samples`, as a range: `10000–99999`.
    static func samplesClass(_ samples: Int) -> String {
        guard samples > 0 else { return String(samples) }
        var low = 1
        while low <= samples / 10 { low *= 10 }
        return "\(low)–\(low * 10 - 1)"
    }

    /// The commits, oldest first.
    public let commits: [Commit]
    /// Every series that has a figure at some commit: by case (or accuracy entry) in the order first
    /// seen, then by `metrics`' order.
    public let series: [Series]
    /// The runs left out: given as `excluded`, and those of another environment or measurement setup.
    public let excluded: [Excluded]
    /// The environment and measurement setup the history's runs share, as `environmentFields` name them.
    public let environment: [(name: String, value: String)]
    /// How the steps were judged.
    public let settings: ChangePointDetection.Settings

    /// The history of `runs`; `excluded` (files that could not be read) is listed with those of
    /// another environment. A commit's time in seconds since 1970 is the one its runs recorded, else
    /// `commitTime`'s, nil when unknown. A step is flagged when it goes the worse way by more than its
    /// metric's `minimumChange` (by default its tolerance in `compare`).
    public init(
        runs: [Run], excluded: [Excluded], commitTime: (String) -> Int64?, settings: ChangePointDetection.Settings = ChangePointDetection.Settings(),
        minimumChange: [ComparedMetric: MetricTolerance] = [:]
    ) {
        self.settings = settings
        let keys = runs.map { run in Self.environmentFields.map { $0.value(run.result) } }
        var groups: [[String]: [Int]] = [:]
        for (index, key) in keys.enumerated() { groups[key, default: []].append(index) }
        let newest = { (members: [Int]) in members.map { runs[$0].result.startedAt }.max() ?? "" }
        // A total order: on equal counts and newest runs, the key that sorts first is the greater.
        let chosen = groups.max { a, b in
            if (a.value.count, newest(a.value)) != (b.value.count, newest(b.value)) {
                return (a.value.count, newest(a.value)) < (b.value.count, newest(b.value))
            }
            return b.key.lexicographicallyPrecedes(a.key)
        }
        let chosenKey = chosen?.key ?? []
        var left = excluded
        for (index, key) in keys.enumerated() where key != chosenKey {
            let field = Self.environmentFields.indices.first { key[$0] != chosenKey[$0] }!
            left.append(
                Excluded(
                    path: runs[index].path,
                    reason: "another \(field < Self.firstSetupField ? "environment" : "measurement setup"): "
                        + "its \(Self.environmentFields[field].name) is '\(key[field])', the history's '\(chosenKey[field])'"))
        }
        self.excluded = left
        environment = zip(Self.environmentFields, chosenKey).map { ($0.name, $1) }

        let members = (chosen?.value ?? []).map { runs[$0] }
        var byCommit: [String: Int] = [:]
        var places: [(commit: Commit, runs: [RunResult])] = []
        for run in members {
            let start = RunResult.epochSeconds(run.result.startedAt) ?? 0
            let commit = run.result.environment.gitCommit
            if let commit, let place = byCommit[commit] {
                places[place].commit.runs.append(run.path)
                places[place].runs.append(run.result)
                places[place].commit.incomplete = places[place].commit.incomplete || run.result.interruption != nil
                if places[place].commit.timeSource == .runStart { places[place].commit.time = min(places[place].commit.time, start) }
                continue
            }
            let known = commit.flatMap { run.result.environment.gitCommitTime ?? commitTime($0) }
            if let commit { byCommit[commit] = places.count }
            places.append(
                (
                    Commit(
                        commit: commit, time: known ?? start, timeSource: known == nil ? .runStart : .commitTime, runs: [run.path],
                        incomplete: run.result.interruption != nil),
                    [run.result]
                ))
        }
        places = places.enumerated().sorted { ($0.element.commit.time, $0.offset) < ($1.element.commit.time, $1.offset) }.map(\.element)
        commits = places.map(\.commit)

        var subjects: [ComparisonSubject] = []
        var values: [ComparisonSubject: [ComparedMetric: [[Double]]]] = [:]
        for (index, place) in places.enumerated() {
            for run in place.runs {
                func add(_ subject: ComparisonSubject, _ metric: ComparedMetric, _ value: Double?) {
                    guard let value, value.isFinite else { return }
                    if values[subject] == nil { subjects.append(subject) }
                    values[subject, default: [:]][metric, default: [[Double]](repeating: [], count: places.count)][index].append(value)
                }
                for result in run.cases {
                    for metric in Self.metrics { add(ComparisonSubject(CaseKey(result.spec)), metric, metric.value(in: result)) }
                }
                for entry in run.accuracy {
                    for metric in Self.metrics { add(ComparisonSubject(accuracyOf: entry), metric, metric.value(in: entry.measures)) }
                }
            }
        }
        series = subjects.flatMap { subject in
            Self.metrics.compactMap { metric -> Series? in
                guard let points = values[subject]?[metric] else { return nil }
                return Series(
                    subject: subject, metric: metric, values: points, steps: ChangePointDetection.steps(points, settings: settings),
                    minimumChange: minimumChange[metric] ?? metric.defaultTolerance)
            }
        }
    }
}

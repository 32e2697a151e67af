import MotionSensors
import ThreadSupport

/// The pedometer app: steps since the start date, distance, floors, cadence,
/// activity with a confidence, progress toward a step goal, and a chart of steps over time.
///
/// As in the app, processing happens off the main thread: `handle` (the runner's workload thread,
/// the app's main thread) hands each sample through a `PedometerChannel` to a worker thread named
/// `mb-worker-steps`, which runs a `PedometerEngine` and publishes its results; `handle` shows the
/// latest published ones, as the app's `DispatchQueue.main.async` did. `finish()` waits until the
/// worker has processed every sample handed to it, so the outputs after it are deterministic.
///
/// Samples without a barometer (a recording that has none) leave the floors at 0.
public final class PedometerWorkload: Workload {
    /// Metres per step, for the distance.
    public static let stride = WorkloadParameter(
        name: "stride", summary: "metres per step, for the distance", defaultValue: 0.74, range: 0.2...2.5, isInteger: false)
    /// The daily step goal.
    public static let goal = WorkloadParameter(
        name: "goal", summary: "the step goal progress is shown against, in steps", defaultValue: 10_000,
        range: 1...1_000_000, isInteger: true)

    /// Accelerometer at 50 Hz, and the barometer for floors when the source has one (the Oxford walks
    /// have none); one detector, no animation; each step reported as an event.
    public static let descriptor = WorkloadDescriptor(
        name: "pedometer",
        summary: "steps, distance, floors, cadence, activity and goal on a worker thread; a thinned steps chart",
        sensors: [.accelerometer], defaultRates: [50],
        filters: ["default"], defaultFilters: ["default"],
        displayRate: nil, parameters: [stride, goal], optionalSensors: [.barometer], estimates: [.steps],
        workerFunctions: ["MotionWorkloads.PedometerEngine.process("], handOffFunctions: ["MotionWorkloads.PedometerChannel.push("],
        events: [.step])

    /// The worker's thread name: `workerThreadPrefix` + `-steps`, 15 bytes, Linux's limit.
    public static let workerName = workerThreadPrefix + "-steps"
    /// Samples in flight between the main thread and the worker: ten seconds at 100 Hz, two sensors.
    static let channelCapacity = 2048

    /// How the workload was set up.
    public let configuration: WorkloadConfiguration
    /// The results shown now: the latest the worker published.
    public private(set) var shown = PedometerResults()
    /// The chart shown now.
    public private(set) var chart: StepChart
    /// Samples handed to the worker.
    public private(set) var samples = 0
    /// The time of the latest sample handed over, seconds.
    private var latestTime = 0.0

    private let channel: PedometerChannel
    private let worker: NamedThread

    /// Creates the screen and starts its worker; throws for a filter other than `default` or a rate
    /// that is not positive.
    public init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        self.configuration = configuration
        var engine = PedometerEngine(
            sampleRate: configuration.rate, stride: configuration.value(of: Self.stride),
            goal: configuration.value(of: Self.goal), recordsEvents: configuration.recordsEvents)
        // The shown chart, the channel's and the worker's each get storage of their own now: copies of
        // one chart would share its buffer, and each side's first write would copy it mid-case, at a
        // size that depends on how far the worker had got.
        func emptyChart() -> StepChart { StepChart(capacity: engine.chart.capacity, initialBucketWidth: engine.chart.bucketWidth) }
        chart = emptyChart()
        let channel = PedometerChannel(capacity: Self.channelCapacity, chart: emptyChart())
        self.channel = channel
        // Reserved here rather than on the worker, whose start races with whatever is measured next.
        var batch: [SensorSample] = []
        batch.reserveCapacity(Self.channelCapacity)
        worker = NamedThread(name: Self.workerName) {
            while channel.take(into: &batch) {
                for sample in batch { engine.process(sample) }
                channel.publish(engine.results, chart: engine.chart, events: engine.detected.events, samples: batch.count)
            }
        }
    }

    deinit {
        channel.close()
        worker.join()
    }

    /// Hands the sample to the worker and shows the latest results it published.
    public func handle(_ sample: SensorSample) {
        samples += 1
        latestTime = sample.time
        channel.push(sample.saturated, shown: &shown, shownChart: &chart)
    }

    /// Nothing to draw between samples: the screen changes when results come back.
    public func renderFrame(at time: Double) {}

    /// Waits until the worker has processed every sample handed to it, and shows its final results.
    public func finish() {
        channel.waitUntilProcessed(shown: &shown, shownChart: &chart)
    }

    /// The steps shown and the activity, timed by the latest sample handed over (after `finish`, the
    /// count for every sample; before, the worker's latest, which may lag a batch behind).
    public var currentEstimate: GroundTruth? {
        GroundTruth(time: latestTime, steps: shown.steps, activity: shown.activity)
    }

    /// Each step counted, timed by the peak it was counted for (the worker counts a walk's first steps
    /// once their rhythm is established, up to four at once), as the worker last published them: all
    /// of them after `finish`. Kept only when the run asks.
    public var detectedEvents: [LabelledEvent] { channel.publishedEvents() }

    /// `samples` (handed over), `processed` (by the worker), `steps`, `distance_m`, `floors_ascended`,
    /// `floors_descended`, `cadence_spm`, `activity` (index in `Activity.allCases`),
    /// `activity_confidence`, `goal_progress` (0–1), `chart_points`.
    public var outputSummary: [String: Double] {
        [
            "samples": Double(samples), "processed": Double(shown.samples), "steps": Double(shown.steps),
            "distance_m": shown.distance, "floors_ascended": Double(shown.floorsAscended),
            "floors_descended": Double(shown.floorsDescended), "cadence_spm": shown.cadence,
            "activity": Double(Activity.allCases.firstIndex(of: shown.activity) ?? 0),
            "activity_confidence": shown.confidence, "goal_progress": shown.goalProgress,
            "chart_points": Double(chart.points.count),
        ]
    }

    /// What the screen shows: the worker's latest results, which may lag a batch behind the sample.
    public static let outputColumns: [OutputColumn] = [
        .number("processed", decimals: 0, "samples the worker had processed when the screen last took its results (the hand-off's lag)"),
        .number("steps", decimals: 0, "cumulative steps shown"),
        .number("distance_m", decimals: 3, "steps × stride, m"),
        .number("cadence_spm", decimals: 2, "steps per minute over the last few seconds"),
        .text("activity", "stationary, walking, running, cycling, automotive or unknown"),
        .number("activity_confidence", decimals: 3, "the classifier's confidence, 0–1"),
        .number("floors_ascended", decimals: 0, "floors climbed on foot"),
        .number("floors_descended", decimals: 0, "floors descended on foot"),
        .number("goal_progress", decimals: 4, "steps over the goal, 0–1"),
    ]

    /// The results shown now.
    public func writeOutputs(into rows: inout OutputRows) {
        rows.add(shown.samples)
        rows.add(shown.steps)
        rows.add(shown.distance)
        rows.add(shown.cadence)
        rows.add(shown.activity.rawValue)
        rows.add(shown.confidence)
        rows.add(shown.floorsAscended)
        rows.add(shown.floorsDescended)
        rows.add(shown.goalProgress)
        rows.endRow()
    }

    /// The screen's labels, e.g. `steps 120 | 88.80 m | floors +1 -0 | 108 spm | walking 0.93 |
    /// goal 1.2 % | chart 12 points`.
    public func describeState() -> String {
        let fields = [
            "steps \(shown.steps)", FixedDecimal.format(shown.distance, decimals: 2) + " m",
            "floors +\(shown.floorsAscended) -\(shown.floorsDescended)",
            FixedDecimal.format(shown.cadence, decimals: 0) + " spm",
            "\(shown.activity.rawValue) " + FixedDecimal.format(shown.confidence, decimals: 2),
            "goal " + FixedDecimal.format(shown.goalProgress * 100, decimals: 1) + " %",
            "chart \(chart.points.count) points",
        ]
        return fields.joined(separator: " | ")
    }
}

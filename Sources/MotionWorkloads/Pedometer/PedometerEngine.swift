import MotionFilters
import MotionSensors

/// The pedometer's processing, one sample at a time, on whichever thread owns it (the workload's
/// worker): steps, cadence, distance, floors, activity, goal and chart. Deterministic: the same
/// samples in the same order give the same results, whatever the threads' timing.
public struct PedometerEngine {
    /// Metres per step.
    public let stride: Double
    /// The step goal.
    public let goal: Double
    /// The latest results.
    public private(set) var results = PedometerResults()
    /// Steps over time since the start date, thinned for display.
    public private(set) var chart: StepChart

    /// Each step counted, at the time of the peak it was counted for, when the engine keeps them.
    public private(set) var detected: EventLog

    private var detector: StepDetector
    private var cadence = CadenceMeter()
    private var window = MotionWindow()
    private let classifier = ActivityClassifier()
    private var floors: FloorCounter
    /// The start date: the first sample's time.
    private var startTime: Double?

    /// Creates the engine for samples at about `sampleRate` Hz, a `stride` in metres, a step `goal`,
    /// and a chart of `chartPoints` points; it keeps each step as an event when `recordsEvents`.
    public init(sampleRate: Double, stride: Double, goal: Double, chartPoints: Int = 100, recordsEvents: Bool = false) {
        self.stride = stride
        self.goal = goal
        detector = StepDetector(sampleRate: sampleRate)
        floors = FloorCounter(sampleRate: sampleRate)
        chart = StepChart(capacity: chartPoints)
        detected = EventLog(recording: recordsEvents)
    }

    /// Processes one accelerometer (g) or barometer (kPa) sample; other sensors are ignored. Never
    /// inlined: counting instructions counts the worker's inside it (`WorkloadDescriptor.workerFunctions`).
    @inline(never) public mutating func process(_ sample: SensorSample) {
        let start = startTime ?? sample.time
        startTime = start
        results.samples += 1
        switch sample.sensor {
        case .accelerometer:
            let counted = detector.update(sample.value, at: sample.time)
            if counted > 0 {
                for time in detector.newlyCounted {
                    cadence.record(stepAt: time)
                    detected.record(EventKind.step.label, at: time)
                }
            }
            window.update(magnitude: sample.value.length, bandPassed: detector.bandPassed, at: sample.time)
            let walking = detector.isWalking(at: sample.time)
            results.steps = detector.steps
            results.distance = Double(detector.steps) * stride
            results.cadence = walking ? cadence.cadence(at: sample.time) : 0
            let features = window.features
            let stepped = sample.time - detector.lastCandidateTime <= features?.duration ?? 0
            (results.activity, results.confidence) = classifier.classify(
                features, walking: walking, stepped: stepped, cadence: results.cadence)
            results.goalProgress = min(1, Double(detector.steps) / goal)
            chart.record(time: sample.time - start, steps: detector.steps)
        case .barometer:
            floors.update(pressure: sample.value.x, walking: detector.isWalking(at: sample.time))
            results.floorsAscended = floors.ascended
            results.floorsDescended = floors.descended
        case .gyroscope, .magnetometer:
            break
        }
    }
}

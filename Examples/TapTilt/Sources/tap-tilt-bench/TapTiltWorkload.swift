import MotionSensors
import MotionWorkloads
import TapTilt

/// The tap-and-tilt detector as a motionbench workload: what the feature costs at a rate, in each
/// variant, fed by motionbench's virtual device or a recording, and how well it recognises the
/// gesture where a recording comes with labels (`Recordings/`).
///
/// It reads the accelerometer and the gyroscope; motionbench hands it a tick's samples in the order
/// `descriptor.sensors` lists them, so the detector updates on the gyroscope's, with the
/// accelerometer's of the same tick.
final class TapTiltWorkload: Workload {
    /// The tilt that completes the gesture, degrees: a parameter a run can sweep (`--param tilt-angle=15,25`).
    static let tiltAngle = WorkloadParameter(
        name: "tilt-angle", summary: "tilt after the tap that completes the gesture, degrees",
        defaultValue: 25, range: 5...90, isInteger: false)

    /// The gesture as an event motionbench scores against labelled truth: an instant (the sample on
    /// which the tilt completes it), matched to a labelled gesture (from its tap to the end of its
    /// tilt) when it falls within that span, 0.1 s ahead of it or 0.3 s past it.
    static let gesture = EventKind("tap-tilt", tolerance: EventTolerance(before: 0.1, after: 0.3))

    static let descriptor = WorkloadDescriptor(
        name: "tap-tilt", summary: "a tap, then a tilt within a second: the gesture that flips a card",
        sensors: [.accelerometer, .gyroscope], defaultRates: [100],
        filters: TapTiltDetector.Variant.allCases.map(\.rawValue), defaultFilters: TapTiltDetector.Variant.allCases.map(\.rawValue),
        displayRate: nil, parameters: [tiltAngle], events: [gesture])

    static let outputColumns: [OutputColumn] = [
        .number("gestures", decimals: 0, "gestures recognised so far"),
        .number("tilt_deg", decimals: 2, "tilt since a pending tap, degrees; 0 with none pending"),
    ]

    private var detector: TapTiltDetector
    private var acceleration = SIMD3<Double>(0, 0, -1)
    private var samples = 0
    /// The gestures recognised, kept only when motionbench's accuracy replay asks (never on a measured run).
    private var detected: EventLog

    init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        var settings = TapTiltDetector.Settings()
        settings.tiltAngle = configuration.value(of: Self.tiltAngle)
        detector = TapTiltDetector(variant: TapTiltDetector.Variant(rawValue: configuration.filter)!, settings: settings)
        detected = EventLog(for: configuration)
    }

    func handle(_ sample: SensorSample) {
        samples += 1
        let value = SIMD3(sample.value.x, sample.value.y, sample.value.z)
        switch sample.sensor {
        case .accelerometer: acceleration = value
        case .gyroscope:
            if let gesture = detector.update(acceleration: acceleration, rotationRate: value, at: sample.time) {
                detected.record(Self.gesture.label, at: gesture.time)
            }
        default: break
        }
    }

    func renderFrame(at time: Double) {}

    var detectedEvents: [LabelledEvent] { detected.events }

    var outputSummary: [String: Double] {
        ["samples": Double(samples), "gestures": Double(detector.count), "last_gesture_s": detector.last?.time ?? -1]
    }

    func writeOutputs(into rows: inout OutputRows) {
        rows.add(detector.count)
        rows.add(detector.tilt)
        rows.endRow()
    }
}

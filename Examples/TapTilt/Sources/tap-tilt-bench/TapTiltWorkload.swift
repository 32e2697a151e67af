import MotionSensors
import MotionWorkloads
import TapTilt

/// The tap-and-tilt detector as a motionbench workload: what the feature costs at a rate, in each
/// variant, fed by motionbench's virtual device or a recording.
///
/// It reads the accelerometer and the gyroscope; motionbench hands it a tick's samples in the order
/// `descriptor.sensors` lists them, so the detector updates on the gyroscope's, with the
/// accelerometer's of the same tick.
final class TapTiltWorkload: Workload {
    /// The tilt that completes the gesture, degrees: a parameter a run can sweep (`--param tilt-angle=15,25`).
    static let tiltAngle = WorkloadParameter(
        name: "tilt-angle", summary: "tilt after the tap that completes the gesture, degrees",
        defaultValue: 25, range: 5...90, isInteger: false)

    static let descriptor = WorkloadDescriptor(
        name: "tap-tilt", summary: "a tap, then a tilt within a second: the gesture that flips a card",
        sensors: [.accelerometer, .gyroscope], defaultRates: [100],
        filters: TapTiltDetector.Variant.allCases.map(\.rawValue), defaultFilters: TapTiltDetector.Variant.allCases.map(\.rawValue),
        displayRate: nil, parameters: [tiltAngle])

    static let outputColumns: [OutputColumn] = [
        .number("gestures", decimals: 0, "gestures recognised so far"),
        .number("tilt_deg", decimals: 2, "tilt since a pending tap, degrees; 0 with none pending"),
    ]

    private var detector: TapTiltDetector
    private var acceleration = SIMD3<Double>(0, 0, -1)
    private var samples = 0

    init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        var settings = TapTiltDetector.Settings()
        settings.tiltAngle = configuration.value(of: Self.tiltAngle)
        detector = TapTiltDetector(variant: TapTiltDetector.Variant(rawValue: configuration.filter)!, settings: settings)
    }

    func handle(_ sample: SensorSample) {
        samples += 1
        let value = SIMD3(sample.value.x, sample.value.y, sample.value.z)
        switch sample.sensor {
        case .accelerometer: acceleration = value
        case .gyroscope: _ = detector.update(acceleration: acceleration, rotationRate: value, at: sample.time)
        default: break
        }
    }

    func renderFrame(at time: Double) {}

    var outputSummary: [String: Double] {
        ["samples": Double(samples), "gestures": Double(detector.count), "last_gesture_s": detector.last?.time ?? -1]
    }

    func writeOutputs(into rows: inout OutputRows) {
        rows.add(detector.count)
        rows.add(detector.tilt)
        rows.endRow()
    }
}

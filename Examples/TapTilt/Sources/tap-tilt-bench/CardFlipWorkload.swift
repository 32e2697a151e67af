import MotionBenchCLI
import TapTilt

/// The card the tap-and-tilt gesture turns over, as the app draws it: the detector, and an animation
/// evaluated on every display frame.
///
/// A workload that draws frames is written as a class conforming to `Workload`: `renderFrame(at:)` is
/// called at the descriptor's display rate, between samples. So is one that takes touches
/// (`handle(_ touch:)`) or hands work to threads of its own (named with `workerThreadPrefix`, waited for
/// in `finish()`). A function of samples alone stays a `ClosureWorkload`, as `tap-tilt` in main.swift.
final class CardFlipWorkload: Workload {
    /// How long a flip takes: a parameter a run can sweep (`--param flip-seconds=0.2,0.8`).
    static let flipSeconds = WorkloadParameter(
        name: "flip-seconds", summary: "how long the card takes to turn over, s", defaultValue: 0.4, range: 0.1...2, isInteger: false)

    static let descriptor = WorkloadDescriptor(
        name: "card-flip", summary: "the tap-and-tilt gesture turning a card over, animated at 60 Hz",
        sensors: [.accelerometer, .gyroscope], defaultRates: [100],
        filters: TapTiltDetector.Variant.allCases.map(\.rawValue), defaultFilters: [TapTiltDetector.Variant.filtered.rawValue],
        displayRate: 60, parameters: [flipSeconds])

    static let outputColumns: [OutputColumn] = [
        .number("card_angle_deg", decimals: 1, "the card's turn, degrees: 0 face down, 180 face up"),
        .number("flips", decimals: 0, "gestures recognised so far, each a flip"),
    ]

    private var detector: TapTiltDetector
    private let flipSeconds: Double
    /// When the flip under way started, s; nil with the card at rest.
    private var flipStart: Double?
    /// The side the card rests on after the last flip.
    private var faceUp = false
    private var angle = 0.0
    private var frames = 0

    init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        detector = TapTiltDetector(variant: TapTiltDetector.Variant(rawValue: configuration.filter)!)
        flipSeconds = configuration.value(of: Self.flipSeconds)
    }

    func handle(_ sample: SensorSample) {
        let reading = SIMD3(sample.value.x, sample.value.y, sample.value.z)
        if sample.sensor == .accelerometer {
            detector.acceleration = reading
        } else if detector.update(rotationRate: reading, at: sample.time) != nil, flipStart == nil {
            flipStart = sample.time
        }
    }

    /// Turns the card to where the flip under way has it at `time`, eased in and out.
    func renderFrame(at time: Double) {
        frames += 1
        guard let start = flipStart else { return }
        let progress = min(1, max(0, (time - start) / flipSeconds))
        let eased = progress * progress * (3 - 2 * progress)
        angle = faceUp ? 180 * (1 - eased) : 180 * eased
        if progress == 1 {
            flipStart = nil
            faceUp.toggle()
        }
    }

    var outputSummary: [String: Double] {
        ["frames": Double(frames), "flips": Double(detector.count)]
    }

    func writeOutputs(into rows: inout OutputRows) {
        rows.add(angle)
        rows.add(detector.count)
        rows.endRow()
    }
}

import MotionMath
import MotionSensors

/// The tour app's Gyroscope screen: three labels show the rotation rate, and a green
/// rectangle is pushed away from the canvas centre in proportion to it, animated with ease-in-out.
///
/// For a rate (x, y, z) in rad/s the rectangle's target is the canvas centre offset by
/// `(x × width / 2, y × height / 2)` points, width and height being the rectangle's own (100 × 100):
/// the app's literal mapping in UIKit coordinates, so positive x moves right and positive y moves
/// *down*, and 1 rad/s moves half the rectangle's size. Each sample starts a new animation from where
/// the rectangle is shown at that instant (possibly mid-way through the previous one, as
/// `.beginFromCurrentState` does) to the new target, lasting one sample interval; frames evaluate it.
public final class GyroTranslationWorkload: Workload {
    /// Gyroscope at 15 Hz, raw only, animated at 60 frames a second.
    public static let descriptor = WorkloadDescriptor(
        name: "gyro-translation",
        summary: "rotation rate on three labels; a rectangle eased toward an offset proportional to it",
        sensors: [.gyroscope], defaultRates: [15],
        filters: ["raw"], defaultFilters: ["raw"],
        displayRate: 60)

    /// The rectangle's side, in points.
    public static let rectangleSide = 100.0

    /// How the workload was set up.
    public let configuration: WorkloadConfiguration
    /// The canvas centre, where the rectangle rests.
    public let canvasCenter: Vector2
    /// x, y and z in rad/s, three decimals, e.g. `x: 0.123 rad/s`.
    public private(set) var labels = AxisLabels(decimals: 3, suffix: " rad/s")
    /// The rectangle as the latest frame showed it.
    public private(set) var rectangle: SceneRect
    /// The move in progress (or finished).
    public private(set) var animation: PositionAnimation
    /// Whether samples are being taken (the screen's start and stop buttons).
    public private(set) var isReading = true
    /// Samples handled while reading.
    public private(set) var samples = 0
    /// Frames rendered.
    public private(set) var frames = 0

    /// Creates the screen with the rectangle at rest at the canvas centre, reading; throws for a
    /// filter other than `raw` or a rate that is not positive.
    public init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        self.configuration = configuration
        canvasCenter = Vector2(configuration.canvasWidth / 2, configuration.canvasHeight / 2)
        rectangle = SceneRect(center: canvasCenter, width: Self.rectangleSide, height: Self.rectangleSide, color: .green)
        animation = .resting(at: canvasCenter)
    }

    /// Where a rotation rate sends the rectangle (see the type's documentation).
    public func target(for rate: Vector3) -> Vector2 {
        canvasCenter + Vector2(rate.x * rectangle.width / 2, rate.y * rectangle.height / 2)
    }

    /// Starts taking samples again, as `startGyroUpdates` does.
    public func startReading() {
        isReading = true
    }

    /// Stops taking samples, as `stopGyroUpdates` does: labels keep their last values, and a move in
    /// progress finishes.
    public func stopReading() {
        isReading = false
    }

    /// Shows the rotation rate and retargets the rectangle, unless reading is stopped.
    public func handle(_ sample: SensorSample) {
        guard isReading else { return }
        let sample = sample.saturated
        samples += 1
        labels.show(sample.value)
        animation = PositionAnimation(
            from: animation.position(at: sample.time), to: target(for: sample.value),
            start: sample.time, duration: 1 / configuration.rate)
    }

    /// Moves the rectangle to where the animation has it at `time`.
    public func renderFrame(at time: Double) {
        frames += 1
        rectangle.center = animation.position(at: time)
    }

    /// `frames`, `samples`, and `position_x`, `position_y`: the rectangle's centre in the last frame,
    /// in points.
    public var outputSummary: [String: Double] {
        [
            "frames": Double(frames), "samples": Double(samples),
            "position_x": rectangle.center.x, "position_y": rectangle.center.y,
        ]
    }

    /// The labels' numbers and the rectangle's centre in the frame.
    public static let outputColumns: [OutputColumn] = [
        .number("label_x_rad_s", decimals: 4, "rotation rate x shown, rad/s"),
        .number("label_y_rad_s", decimals: 4, "rotation rate y shown, rad/s"),
        .number("label_z_rad_s", decimals: 4, "rotation rate z shown, rad/s"),
        .number("rect_x_pt", decimals: 3, "the rectangle's centre x in this frame, points (origin top-left)"),
        .number("rect_y_pt", decimals: 3, "its centre y, points (y down)"),
    ]

    /// The labels' numbers and where the frame shows the rectangle.
    public func writeOutputs(into rows: inout OutputRows) {
        rows.add(labels.value)
        rows.add(rectangle.center)
        rows.endRow()
    }

    /// The labels and the rectangle's shown centre, e.g.
    /// `x: 0.012 rad/s | y: -0.340 rad/s | z: 0.002 rad/s rect (188.10, 316.50)`.
    public func describeState() -> String {
        let center = rectangle.center
        let position = "(\(FixedDecimal.format(center.x, decimals: 2)), \(FixedDecimal.format(center.y, decimals: 2)))"
        return "\(labels.text) rect \(position)\(isReading ? "" : " stopped")"
    }
}

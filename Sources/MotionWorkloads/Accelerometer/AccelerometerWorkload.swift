import MotionFilters
import MotionMath
import MotionSensors

/// The tour app's Accelerometer screen: three labels show the (filtered)
/// acceleration in m/s², and a shake paints the background a random colour, as in the tilt-ball
/// exercise.
///
/// Shakes are recognized on the raw samples, whatever filter the labels use, by `ShakeDetector`'s
/// standard rule (more than 1 g beyond gravity going on for 0.2 s).
public final class AccelerometerWorkload: Workload {
    /// A shake and what it did to the screen.
    public struct ShakeEvent: Hashable, Sendable {
        /// When it was recognized, in seconds.
        public var time: Double
        /// The background it set.
        public var background: RGBColor
    }

    /// Accelerometer at 10 Hz, four filters (raw and low-pass measured by default), no animation; shakes
    /// reported as events.
    public static let descriptor = WorkloadDescriptor(
        name: "accelerometer",
        summary: "acceleration × g on three labels, filtered; a shake sets a random background",
        sensors: [.accelerometer], defaultRates: [10],
        filters: AccelerometerFilter.names, defaultFilters: ["raw", "low-pass"],
        displayRate: nil, events: [.shake])

    /// Metres per second squared in one g (the standard gravity).
    public static let standardGravity = 9.80665

    /// How the workload was set up.
    public let configuration: WorkloadConfiguration
    /// x, y and z in m/s², two decimals, e.g. `x: -9.81 m/s²`.
    public private(set) var labels = AxisLabels(decimals: 2, suffix: " m/s²")
    /// The screen's background.
    public private(set) var background = RGBColor.white
    /// The shakes so far.
    public private(set) var shakes = EventTally<ShakeEvent>()
    /// Samples handled.
    public private(set) var samples = 0

    private var filter: AccelerometerFilter
    private var shakeDetector: ShakeDetector
    private var colors: SplitMix64
    private var detected: EventLog

    /// Creates the screen; throws for a filter not in `descriptor.filters` or a rate that is not
    /// positive.
    public init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        // The descriptor lists exactly the names AccelerometerFilter knows.
        let filter = AccelerometerFilter(name: configuration.filter, rate: configuration.rate)!
        self.configuration = configuration
        self.filter = filter
        shakeDetector = ShakeDetector(sampleRate: configuration.rate)
        colors = SplitMix64(seed: configuration.seed)
        detected = EventLog(for: configuration)
    }

    /// Shows the filtered sample in m/s² and looks for a shake in the raw one, its reading
    /// `saturated`.
    public func handle(_ sample: SensorSample) {
        let sample = sample.saturated
        samples += 1
        labels.show(filter.update(sample.value) * Self.standardGravity)
        if shakeDetector.update(sample.value, at: sample.time) {
            background = .random(using: &colors)
            shakes.record(ShakeEvent(time: sample.time, background: background))
            detected.record(EventKind.shake.label, at: sample.time)
        }
    }

    /// Each shake recognized, on the sample that completed it, when the run keeps them.
    public var detectedEvents: [LabelledEvent] { detected.events }

    /// Nothing to draw between samples: the labels and the background change only on a sample, so
    /// the descriptor asks for no display frames.
    public func renderFrame(at time: Double) {}

    /// `samples`, `shakes`; `last_shake_time` (s) once there was one; `label_x`, `label_y`,
    /// `label_z` (m/s², the last values shown) once a sample arrived.
    public var outputSummary: [String: Double] {
        var summary = ["samples": Double(samples), "shakes": Double(shakes.count)]
        summary["last_shake_time"] = shakes.last?.time
        if let shown = labels.value {
            summary["label_x"] = shown.x
            summary["label_y"] = shown.y
            summary["label_z"] = shown.z
        }
        return summary
    }

    /// The labels' numbers, the shakes so far and the background.
    public static let outputColumns: [OutputColumn] = [
        .number("label_x_m_s2", decimals: 4, "x shown, filtered, m/s² (device axes)"),
        .number("label_y_m_s2", decimals: 4, "y shown, m/s²"),
        .number("label_z_m_s2", decimals: 4, "z shown, m/s²"),
        .number("shakes", decimals: 0, "shakes recognized so far (a shake shows as the count going up on its sample)"),
        .text("background", "background colour, #RRGGBB"),
    ]

    /// The labels' numbers, the shake count and the background.
    public func writeOutputs(into rows: inout OutputRows) {
        rows.add(labels.value)
        rows.add(shakes.count)
        rows.add(background)
        rows.endRow()
    }

    /// The labels, the background and the shake count, e.g.
    /// `x: 0.12 m/s² | y: -0.05 m/s² | z: -9.81 m/s² background #FFFFFF shakes 0`.
    public func describeState() -> String {
        "\(labels.text) background \(background.hex) shakes \(shakes.count)"
    }
}

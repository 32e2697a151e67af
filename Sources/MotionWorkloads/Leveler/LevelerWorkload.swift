import MotionMath
import MotionSensors

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The level app: an inclination label and a spring-damped dial.
///
/// The app started accelerometer updates without a handler and read the latest reading from a timer
/// at the same rate, so here `handle` only keeps the sample (as `CMMotionManager.accelerometerData`
/// does), and the timer fires on the display frames: a run-loop timer fires at the first frame at or
/// after its due time, and after a late fire it skips to its next multiple of the interval, as
/// `Timer` does. The first fire is one interval after the start.
///
/// On each fire, the inclination θ = atan2(−x, −y) of the latest reading sets the label,
/// `round(−θ in degrees)` wrapped to 0 ..< 360 with a degree sign, and moves the dial's anchor to
/// direction θ. Then every frame steps the dial (`LevelDial`) over the time since the last frame.
/// θ is 0 held upright in portrait and grows as the device turns counter-clockwise in the user's
/// view, so the dial, turning clockwise on the screen by θ, keeps pointing up in the world.
public final class LevelerWorkload: Workload {
    /// Accelerometer at 15 Hz, raw, dial animated at 60 frames a second.
    public static let descriptor = WorkloadDescriptor(
        name: "leveler",
        summary: "inclination label from a 15 Hz timer; a spring-damped dial integrated at the display rate",
        sensors: [.accelerometer], defaultRates: [15],
        filters: ["raw"], defaultFilters: ["raw"],
        displayRate: 60)

    /// How the workload was set up.
    public let configuration: WorkloadConfiguration
    /// The inclination label, e.g. `12°`; a dash until the timer first reads a sample.
    public private(set) var label = Label(prefix: "", decimals: 0, suffix: "°")
    /// The dial as the latest frame showed it.
    public private(set) var dial = LevelDial()
    /// The inclination θ the timer last read, in radians; nil before.
    public private(set) var inclination: Double?
    /// Samples handled.
    public private(set) var samples = 0
    /// Timer fires that read a sample.
    public private(set) var readings = 0
    /// Frames rendered.
    public private(set) var frames = 0

    private var latest: Vector3?
    private var nextFire: Double
    private var lastFrame: Double?

    /// Fires within this of their due time count as due: k / 15 and j / 60 differ by rounding.
    private static let timeTolerance = 1e-9

    /// Creates the level with the dial upright and at rest; throws for a filter other than `raw` or a
    /// rate that is not positive.
    public init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        self.configuration = configuration
        nextFire = 1 / configuration.rate
    }

    /// The label's number for an inclination θ in radians: `round(−θ in degrees)` in 0 ..< 360.
    public static func labelDegrees(inclination: Double) -> Double {
        Angle.wrappedDegrees(Angle.degrees(fromRadians: -inclination).rounded())
    }

    /// Keeps the reading for the timer.
    public func handle(_ sample: SensorSample) {
        samples += 1
        latest = sample.value
    }

    /// Fires the timer if it is due, then steps the dial to `time`.
    public func renderFrame(at time: Double) {
        frames += 1
        let interval = 1 / configuration.rate
        if time >= nextFire - Self.timeTolerance {
            fire()
            nextFire += interval * ((time - nextFire) / interval + Self.timeTolerance).rounded(.down) + interval
        }
        if let lastFrame, time > lastFrame {
            // One step per display interval, more only after a stall, so a late frame cannot blow up.
            let steps = ((time - lastFrame) * configuration.displayRate - Self.timeTolerance).rounded(.up)
            for _ in 0..<Int(steps) { dial.step(over: (time - lastFrame) / steps) }
        }
        lastFrame = time
    }

    private func fire() {
        guard let reading = latest else { return }
        readings += 1
        let theta = atan2(-reading.x, -reading.y)
        inclination = theta
        label.value = Self.labelDegrees(inclination: theta)
        dial.target = theta
    }

    /// `samples`, `readings`, `frames`; `dial_angle` (degrees, 0 ..< 360, as the last frame showed
    /// it); once the timer read a sample, `inclination` (θ, degrees) and `label` (its number).
    public var outputSummary: [String: Double] {
        var summary = [
            "samples": Double(samples), "readings": Double(readings), "frames": Double(frames),
            "dial_angle": Angle.wrappedDegrees(Angle.degrees(fromRadians: dial.angle)),
        ]
        summary["inclination"] = inclination.map { Angle.degrees(fromRadians: $0) }
        summary["label"] = label.value
        return summary
    }

    /// The inclination read, the label and the dial in the frame.
    public static let outputColumns: [OutputColumn] = [
        .number("inclination_deg", decimals: 3, "θ = atan2(−x, −y) the timer last read, degrees"),
        .number("label_deg", decimals: 0, "the label's number, round(−θ) in 0 ..< 360, degrees"),
        .number("dial_angle_deg", decimals: 3, "where the dial points in this frame, degrees clockwise from up, 0 ..< 360"),
    ]

    /// The inclination, the label and the dial's angle in this frame.
    public func writeOutputs(into rows: inout OutputRows) {
        rows.add(inclination.map { Angle.degrees(fromRadians: $0) })
        rows.add(label.value)
        rows.add(Angle.wrappedDegrees(Angle.degrees(fromRadians: dial.angle)))
        rows.endRow()
    }

    /// The label and the dial's angle, e.g. `label 348° dial 12.31°`.
    public func describeState() -> String {
        "label \(label.text) dial \(FixedDecimal.format(Angle.wrappedDegrees(Angle.degrees(fromRadians: dial.angle)), decimals: 2))°"
    }
}

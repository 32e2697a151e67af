import MotionFilters
import MotionMath
import MotionSensors

/// The tour app's Barometer screen: two labels show the (filtered) pressure in kPa
/// and the relative altitude in metres since the stream's first sample, and the background's gray
/// follows that altitude (`AltitudeShade`).
///
/// Relative altitude is the difference of the standard-atmosphere altitudes of the filtered pressure
/// and the first filtered pressure (`StandardAtmosphere.relativeAltitude`), as `CMAltimeter` reports
/// it; every filter's first output is its first input, so all start at 0 m.
public final class BarometerWorkload: Workload {
    /// Barometer at 1 Hz (the altimeter's cadence); the three filters, all measured by default (a
    /// sample a second costs little, and comparing them is the point); no animation.
    public static let descriptor = WorkloadDescriptor(
        name: "barometer",
        summary: "pressure (kPa) and relative altitude (m) on two labels, filtered; background gray follows altitude",
        sensors: [.barometer], defaultRates: [1],
        filters: BarometerFilter.names, defaultFilters: BarometerFilter.names,
        displayRate: nil, estimates: [.altitude])

    /// How the workload was set up.
    public let configuration: WorkloadConfiguration
    /// The filtered pressure, two decimals, e.g. `pressure: 101.32 kPa`.
    public private(set) var pressure = Label(prefix: "pressure: ", decimals: 2, suffix: " kPa")
    /// The relative altitude, two decimals, e.g. `altitude: 3.05 m`.
    public private(set) var altitude = Label(prefix: "altitude: ", decimals: 2, suffix: " m")
    /// The screen's background: mid-gray until a sample arrives.
    public private(set) var background = AltitudeShade.color(relativeAltitude: 0)
    /// The lowest and highest relative altitudes shown, in metres; nil before the first sample.
    public private(set) var altitudeRange: ClosedRange<Double>?
    /// Samples handled.
    public private(set) var samples = 0
    /// The time of the latest sample, seconds.
    private var latestTime = 0.0

    private var filter: BarometerFilter
    private var reference: Double?

    /// Creates the screen; throws for a filter not in `descriptor.filters` or a rate that is not
    /// positive.
    public init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        // The descriptor lists exactly the names BarometerFilter knows.
        let filter = BarometerFilter(name: configuration.filter)!
        self.configuration = configuration
        self.filter = filter
    }

    /// Filters the pressure, shows it and the altitude it means, and shades the background.
    public func handle(_ sample: SensorSample) {
        let sample = sample.saturated
        samples += 1
        latestTime = sample.time
        let filtered = filter.update(sample.value.x)
        let start = reference ?? filtered
        reference = start
        let relative = StandardAtmosphere.relativeAltitude(atPressure: filtered, reference: start)
        pressure.value = filtered
        altitude.value = relative
        background = AltitudeShade.color(relativeAltitude: relative)
        altitudeRange = altitudeRange.map { min($0.lowerBound, relative)...max($0.upperBound, relative) } ?? relative...relative
    }

    /// The relative altitude shown, in metres since the first sample.
    public var currentEstimate: GroundTruth? {
        altitude.value.map { GroundTruth(time: latestTime, altitude: $0) }
    }

    /// Nothing to draw between samples: labels and background change only on a sample.
    public func renderFrame(at time: Double) {}

    /// `samples`; once a sample arrived, `pressure` (kPa) and `relative_altitude` (m) as shown, and
    /// `min_relative_altitude`, `max_relative_altitude`, `background_gray` (0 black … 1 white).
    public var outputSummary: [String: Double] {
        var summary = ["samples": Double(samples)]
        if let shown = pressure.value, let relative = altitude.value, let range = altitudeRange {
            summary["pressure"] = shown
            summary["relative_altitude"] = relative
            summary["min_relative_altitude"] = range.lowerBound
            summary["max_relative_altitude"] = range.upperBound
            summary["background_gray"] = background.red
        }
        return summary
    }

    /// The filtered pressure, the relative altitude and the background's gray.
    public static let outputColumns: [OutputColumn] = [
        .number("pressure_kpa", decimals: 4, "filtered pressure shown, kPa"),
        .number("relative_altitude_m", decimals: 4, "relative altitude shown, m since the first sample"),
        .number("background_gray", decimals: 4, "background gray, 0 black … 1 white"),
    ]

    /// The labels' numbers and the background, empty before the first sample.
    public func writeOutputs(into rows: inout OutputRows) {
        rows.add(pressure.value)
        rows.add(altitude.value)
        rows.add(samples > 0 ? background.red : nil)
        rows.endRow()
    }

    /// The labels and the background, e.g. `pressure: 101.28 kPa | altitude: 4.99 m background #404040`.
    public func describeState() -> String {
        "\(pressure.text) | \(altitude.text) background \(background.hex)"
    }
}

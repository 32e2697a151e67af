import MotionFilters
import MotionMath
import MotionSensors

/// The tour app's Magnetometer screen with the level app's device motion: three
/// labels show the raw magnetic field, a filter turns the sensors into an attitude, and from it come
/// the magnetic heading, the true heading and their cardinal directions.
///
/// Filters: `ecompass` (`TiltCompensatedCompass`) turns each magnetometer sample, with the latest
/// accelerometer sample, into an attitude about magnetic north, the gyroscope unused;
/// `complementary`, `madgwick`, `mahony` and `laidig-seel` (`ComplementaryFilter`, `MadgwickFilter`,
/// `MahonyFilter`, `LaidigSeelFilter`) are updated on every gyroscope sample, with the latest
/// accelerometer sample and the magnetometer sample that came since the previous update, if any.
/// (A tick delivers its samples in the descriptor's order, so the gyroscope's comes last, after the
/// readings it is corrected with; at a recording's own rate each sensor keeps its own times.)
///
/// Before a filter sees them the readings pass `HeadingCorrections`: the gyroscope less the
/// source's calibrated bias and what is learnt while the device lies still (`gyro-bias`), the
/// magnetometer through a hard- and soft-iron calibration learnt online from the filter's own
/// attitude, starting from the source's calibration recording when it has one (`mag-cal`), and
/// rejection of readings that are not gravity (`accel-gate`, off by default) or not the Earth's
/// field (`field-gate`). The textbook filters' gains default to what did best on the real
/// recordings of a hand-held, pocketed, swung and running iPhone; Laidig–Seel's time constants and
/// the field gate to what a leave-one-recording-out choice picked (`scripts/choose-fusion-defaults.py`,
/// the Accuracy article).
///
/// The magnetic heading is where the device's top points, clockwise from magnetic north (`Heading`);
/// the true heading adds the declination the World Magnetic Model gives at the configured place and
/// date, worked out once when the workload is created. The attitude is reported about true north
/// (North-West-Up, Core Motion's `xTrueNorthZVertical`, the frame of `GroundTruth`).
public final class HeadingWorkload: Workload {
    /// Geodetic latitude, degrees north; Grenoble's by default, where the virtual device's `EarthField.grenoble2026` holds.
    public static let latitude = WorkloadParameter(
        name: "latitude", summary: "latitude of the place, degrees north (WGS-84), for the declination",
        defaultValue: 45.1885, range: -90...90, isInteger: false)
    /// Longitude, degrees east; Grenoble's by default.
    public static let longitude = WorkloadParameter(
        name: "longitude", summary: "longitude of the place, degrees east, for the declination",
        defaultValue: 5.7245, range: -180...360, isInteger: false)
    /// Height above the WGS-84 ellipsoid, metres; Grenoble's by default.
    public static let altitude = WorkloadParameter(
        name: "altitude", summary: "height of the place above the WGS-84 ellipsoid, m, for the declination",
        defaultValue: 212, range: -1_000...850_000, isInteger: false)
    /// The date as a decimal year, within the model's validity; the start of 2026 by default.
    public static let year = WorkloadParameter(
        name: "year", summary: "date as a decimal year (2025.0–2030.0), for the declination",
        defaultValue: 2026, range: WorldMagneticModel.wmm2025.validity, isInteger: false)

    /// The complementary filter's time constant, seconds (`ComplementaryFilter.timeConstant`).
    public static let timeConstant = WorkloadParameter(
        name: "tau", summary: "complementary filter's time constant, s: how slowly it trusts the e-compass",
        defaultValue: 10, range: 0.01...100, isInteger: false, filters: ["complementary"])
    /// Madgwick's gain β, rad/s (`MadgwickFilter.beta`).
    public static let beta = WorkloadParameter(
        name: "beta", summary: "Madgwick's gain β, rad/s: the gyroscope error its correction outruns",
        defaultValue: 0.03, range: 0...10, isInteger: false, filters: ["madgwick"])
    /// Mahony's proportional gain (`MahonyFilter.kp`).
    public static let proportionalGain = WorkloadParameter(
        name: "kp", summary: "Mahony's proportional gain, rad/s per unit error (1/kp is its time constant)",
        defaultValue: 0.2, range: 0...100, isInteger: false, filters: ["mahony"])
    /// Mahony's integral gain (`MahonyFilter.ki`).
    public static let integralGain = WorkloadParameter(
        name: "ki", summary: "Mahony's integral gain, rad/s² per unit error: how fast it learns the gyroscope's bias",
        defaultValue: 0, range: 0...100, isInteger: false, filters: ["mahony"])

    /// The Laidig–Seel filter's inclination time constant, seconds (`LaidigSeelFilter.Settings.inclinationTimeConstant`).
    public static let inclinationTimeConstant = WorkloadParameter(
        name: "tau-acc", summary: "Laidig–Seel filter's inclination time constant, s: how slowly it trusts the accelerometer",
        defaultValue: LaidigSeelFilter.Settings.standard.inclinationTimeConstant, range: 0.05...100, isInteger: false, filters: ["laidig-seel"])
    /// The Laidig–Seel filter's heading time constant, seconds (`LaidigSeelFilter.Settings.headingTimeConstant`).
    public static let headingTimeConstant = WorkloadParameter(
        name: "tau-mag", summary: "Laidig–Seel filter's heading time constant, s: how slowly it trusts the magnetometer",
        defaultValue: LaidigSeelFilter.Settings.standard.headingTimeConstant, range: 0.05...1000, isInteger: false, filters: ["laidig-seel"])

    /// Whether the gyroscope's bias is learned while the device is still (`GyroBiasEstimator`).
    public static let gyroBias = WorkloadParameter(
        name: "gyro-bias", summary: "1 learns the gyroscope's bias while the device lies still, 0 does not",
        defaultValue: 1, range: 0...1, isInteger: true, filters: fusionFilters)
    /// How the magnetometer is calibrated (`HeadingCorrections.MagnetometerMode`).
    public static let magnetometerCalibration = WorkloadParameter(
        name: "mag-cal",
        summary: "magnetometer calibration: 0 raw, 1 the source's calibration recording, 2 learned online (from the recording's, if any)",
        defaultValue: 2, range: 0...2, isInteger: true)
    /// `DisturbanceRejection.accelerationTolerance`, g.
    public static let accelerationGate = WorkloadParameter(
        name: "accel-gate", summary: "skip corrections while |acceleration| is this far from 1 g, g (0: never)",
        defaultValue: 0, range: 0...10, isInteger: false, filters: fusionFilters)
    /// `DisturbanceRejection.fieldTolerance`, in typical deviations.
    public static let fieldGate = WorkloadParameter(
        name: "field-gate",
        summary: "skip the north correction while the field's strength or dip is this many typical deviations off the local field's (0: never)",
        defaultValue: 0, range: 0...100, isInteger: false, filters: fusionFilters)

    /// Gyroscope, accelerometer and magnetometer at 50 Hz (sweep 10–200 Hz with the rate), the
    /// e-compass, no animation; the place and date as parameters.
    public static let descriptor = WorkloadDescriptor(
        name: "heading",
        summary: "raw field on three labels; attitude, magnetic and true heading (WMM declination) and cardinal points",
        sensors: [.accelerometer, .magnetometer, .gyroscope], defaultRates: [50],
        filters: filterNames, defaultFilters: filterNames,
        displayRate: nil,
        parameters: [
            latitude, longitude, altitude, year, timeConstant, beta, proportionalGain, integralGain, inclinationTimeConstant,
            headingTimeConstant, gyroBias, magnetometerCalibration, accelerationGate, fieldGate,
        ],
        estimates: [.attitude])

    /// The filters, the e-compass first.
    private static let filterNames = ["ecompass"] + fusionFilters
    /// The filters that use the gyroscope.
    private static let fusionFilters = ["complementary", "madgwick", "mahony", "laidig-seel"]

    /// How the workload was set up.
    public let configuration: WorkloadConfiguration
    /// The declination at the configured place and date, in degrees, positive east.
    public let declination: Double
    // The state below skips the runtime's exclusivity check on each access. That check only catches
    // two overlapping accesses to a property on one thread, which these methods never make (and the
    // runner drives a workload from one thread, `WorkloadInstance`); on a sample's path it cost as
    // much as the filter's own arithmetic.

    /// The raw field's x, y and z in µT, two decimals, e.g. `x: 12.34 µT`.
    @exclusivity(unchecked) public private(set) var field = AxisLabels(decimals: 2, suffix: " µT")
    /// The magnetic heading, one decimal, e.g. `magnetic: 271.4°`.
    @exclusivity(unchecked) public private(set) var magneticHeading = Label(prefix: "magnetic: ", decimals: 1, suffix: "°")
    /// The true heading, one decimal, e.g. `true: 274.2°`.
    @exclusivity(unchecked) public private(set) var trueHeading = Label(prefix: "true: ", decimals: 1, suffix: "°")
    /// The magnetic heading's cardinal direction; nil before the first estimate.
    @exclusivity(unchecked) public private(set) var magneticDirection: CardinalDirection?
    /// The true heading's cardinal direction; nil before the first estimate.
    @exclusivity(unchecked) public private(set) var trueDirection: CardinalDirection?
    /// The latest attitude, device to North-West-Up about true north; nil before the first estimate.
    @exclusivity(unchecked) public private(set) var attitude: Quaternion?
    /// The time of the magnetometer sample the latest attitude came from, seconds.
    @exclusivity(unchecked) public private(set) var estimateTime = 0.0
    /// Samples handled, of all three sensors.
    @exclusivity(unchecked) public private(set) var samples = 0
    /// Attitudes estimated.
    @exclusivity(unchecked) public private(set) var estimates = 0

    @exclusivity(unchecked) private var acceleration: Vector3?
    /// The latest raw field, and whether the fusion filter has yet to see it.
    @exclusivity(unchecked) private var latestField: Vector3?
    @exclusivity(unchecked) private var fieldIsNew = false
    /// Bias, calibration and rejection applied to the readings before the filter.
    @exclusivity(unchecked) private var corrections: HeadingCorrections
    /// The fusion filter; nil for the e-compass.
    @exclusivity(unchecked) private var fusion: (any AttitudeFilter)?
    /// When the fusion filter was last updated, and when it last saw a field; nil before the first.
    @exclusivity(unchecked) private var lastUpdate: Double?
    @exclusivity(unchecked) private var lastField: Double?
    /// Whether the fusion filter has had a usable accelerometer reading, and so an attitude.
    @exclusivity(unchecked) private var fusionStarted = false
    /// Turns an attitude about magnetic north into one about true north: about the vertical by the
    /// declination, clockwise seen from above (east is −y).
    private let magneticToTrue: Quaternion

    /// Creates the screen for the configured place and date; throws for an unknown filter or a rate
    /// that is not positive.
    public init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        self.configuration = configuration
        declination =
            WorldMagneticModel.wmm2025.field(
                latitude: configuration.value(of: Self.latitude), longitude: configuration.value(of: Self.longitude),
                altitude: configuration.value(of: Self.altitude), year: configuration.value(of: Self.year)
            ).declination
        magneticToTrue = Quaternion(axis: Vector3(0, 0, 1), angle: -Angle.radians(fromDegrees: declination))
        switch configuration.filter {
        case "complementary": fusion = ComplementaryFilter(timeConstant: configuration.value(of: Self.timeConstant))
        case "madgwick": fusion = MadgwickFilter(beta: configuration.value(of: Self.beta))
        case "mahony": fusion = MahonyFilter(kp: configuration.value(of: Self.proportionalGain), ki: configuration.value(of: Self.integralGain))
        case "laidig-seel":
            var settings = LaidigSeelFilter.Settings.standard
            settings.inclinationTimeConstant = configuration.value(of: Self.inclinationTimeConstant)
            settings.headingTimeConstant = configuration.value(of: Self.headingTimeConstant)
            fusion = LaidigSeelFilter(settings: settings)
        default: fusion = nil
        }
        corrections = HeadingCorrections(
            calibration: configuration.calibration, learnsBias: configuration.value(of: Self.gyroBias) == 1,
            magnetometer: HeadingCorrections.MagnetometerMode(rawValue: Int(configuration.value(of: Self.magnetometerCalibration)))!,
            usesGyroscope: fusion != nil, accelerationTolerance: configuration.value(of: Self.accelerationGate),
            fieldTolerance: configuration.value(of: Self.fieldGate))
    }

    /// Keeps an accelerometer sample; shows a magnetometer sample (and, for the e-compass, estimates
    /// from it); updates the fusion filter on a gyroscope sample.
    public func handle(_ sample: SensorSample) {
        let sample = sample.saturated
        samples += 1
        switch sample.sensor {
        case .accelerometer:
            acceleration = sample.value
        case .magnetometer:
            field.show(sample.value)
            latestField = sample.value
            fieldIsNew = true
            guard fusion == nil, let acceleration,
                let attitude = TiltCompensatedCompass.attitude(acceleration: acceleration, magneticField: corrections.field(sample.value))
            else { return }
            show(attitude, at: sample.time)
        case .gyroscope:
            guard fusion != nil, let acceleration else { return }
            update(rotationRate: sample.value, acceleration: acceleration, at: sample.time)
        case .barometer:
            break
        }
    }

    /// Advances the fusion filter to `time` with the gyroscope's `rotationRate` and the readings since
    /// the previous update. Until the filter has started (on its first update with a usable
    /// accelerometer reading) its field only sets where it starts; afterwards the online calibration
    /// and the disturbance test learn from each field with the filter's attitude.
    private func update(rotationRate: Vector3, acceleration: Vector3, at time: Double) {
        let dt = lastUpdate.map { time - $0 } ?? 0
        lastUpdate = time
        let rate = corrections.rotationRate(rotationRate, accelerometer: acceleration, field: latestField, dt: dt)
        var calibrated: Vector3?
        if fieldIsNew, let raw = latestField, let attitude = fusion?.attitude {
            fieldIsNew = false
            if fusionStarted {
                calibrated = corrections.field(raw, attitude: attitude, dt: lastField.map { time - $0 } ?? 0)
                lastField = time
            } else {
                calibrated = corrections.initialField(raw)
            }
        }
        // Through the stored property, so that the large corrections are not copied for a test (the
        // filter skips a zero accelerometer reading).
        let gravity = corrections.rejection.acceptsGravity(acceleration) ? acceleration : .zero
        // Optional chaining mutates the filter where it is stored, without copying it.
        fusion?.update(gyroscope: rate, accelerometer: gravity, magnetometer: calibrated, dt: dt)
        fusionStarted = fusionStarted || gravity != .zero
        guard fusionStarted, let attitude = fusion?.attitude else { return }
        show(attitude, at: time)
    }

    /// Shows an attitude about magnetic north, estimated at `time`: headings, directions, and the
    /// attitude about true north.
    private func show(_ magnetic: Quaternion, at time: Double) {
        estimates += 1
        estimateTime = time
        let heading = Heading.degrees(of: magnetic)
        let headingFromTrueNorth = Angle.wrappedDegrees(heading + declination)
        magneticHeading.value = heading
        trueHeading.value = headingFromTrueNorth
        magneticDirection = CardinalDirection(heading: heading)
        trueDirection = CardinalDirection(heading: headingFromTrueNorth)
        attitude = magneticToTrue * magnetic
    }

    /// The attitude about true north and both headings, once estimated.
    public var currentEstimate: GroundTruth? {
        attitude.map { GroundTruth(time: estimateTime, attitude: $0, magneticHeading: magneticHeading.value, trueHeading: trueHeading.value) }
    }

    /// Nothing to draw between samples: everything shown changes only on a sample.
    public func renderFrame(at time: Double) {}

    /// `samples`, `estimates`, `declination` (degrees); once a field sample arrived, `field_x`,
    /// `field_y`, `field_z` (µT); once an attitude was estimated, `magnetic_heading`, `true_heading`
    /// (degrees, 0 ..< 360), `roll`, `pitch`, `yaw` (degrees, of the attitude about true north).
    public var outputSummary: [String: Double] {
        var summary = ["samples": Double(samples), "estimates": Double(estimates), "declination": declination]
        if let shown = field.value {
            summary["field_x"] = shown.x
            summary["field_y"] = shown.y
            summary["field_z"] = shown.z
        }
        if let attitude, let magnetic = magneticHeading.value, let heading = trueHeading.value {
            let angles = attitude.eulerAngles
            summary["magnetic_heading"] = magnetic
            summary["true_heading"] = heading
            summary["roll"] = Angle.degrees(fromRadians: angles.roll)
            summary["pitch"] = Angle.degrees(fromRadians: angles.pitch)
            summary["yaw"] = Angle.degrees(fromRadians: angles.yaw)
        }
        return summary
    }

    /// The attitude (quaternion and angles, about true north) and both headings with their directions.
    public static let outputColumns: [OutputColumn] = [
        .number("qw", decimals: 9, "attitude quaternion w: device to North-West-Up about true north (Core Motion's xTrueNorthZVertical)"),
        .number("qx", decimals: 9, "quaternion x"),
        .number("qy", decimals: 9, "quaternion y"),
        .number("qz", decimals: 9, "quaternion z"),
        .number("roll_deg", decimals: 4, "roll of that attitude, degrees"),
        .number("pitch_deg", decimals: 4, "pitch, degrees"),
        .number("yaw_deg", decimals: 4, "yaw, degrees, anticlockwise seen from above (0 when lying flat with its top pointing west, the frame's y)"),
        .number("magnetic_heading_deg", decimals: 4, "where the device's top points, degrees clockwise from magnetic north, 0 ..< 360"),
        .number("true_heading_deg", decimals: 4, "the same from true north (World Magnetic Model declination added)"),
        .text("magnetic_cardinal", "the magnetic heading's 8-point direction (N, NE, …)"),
        .text("true_cardinal", "the true heading's 8-point direction"),
    ]

    /// The latest attitude, its angles and both headings; empty before the first estimate.
    public func writeOutputs(into rows: inout OutputRows) {
        rows.add(attitude: attitude)
        rows.add(magneticHeading.value)
        rows.add(trueHeading.value)
        rows.add(magneticDirection?.rawValue)
        rows.add(trueDirection?.rawValue)
        rows.endRow()
    }

    /// The field labels, the attitude's angles and both headings with their directions, e.g.
    /// `x: 1.20 µT | y: 23.41 µT | z: -40.70 µT rpy 0.1° -0.3° 92.5° | magnetic: 357.3° N | true: 0.1° N`.
    public func describeState() -> String {
        var text = field.text
        if let angles = attitude?.eulerAngles {
            let degrees = [angles.roll, angles.pitch, angles.yaw].map { FixedDecimal.format(Angle.degrees(fromRadians: $0), decimals: 1) + "°" }
            text += " rpy " + degrees.joined(separator: " ")
        }
        text += " | \(magneticHeading.text) \(magneticDirection?.rawValue ?? "—") | \(trueHeading.text) \(trueDirection?.rawValue ?? "—")"
        return text
    }
}
